import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { menuLeafOf, useDocumentTitle } from '@/shared/pageTitle';
import type { RouteHandle } from './handle';
import { getAccessToken } from '@/core/session/session';
import { rememberRequestedHash } from '@/core/session/requestedHash';
import { askedAddress } from '@/core/navigation/askedAddress';
import { STORAGE_KEYS } from '@/core/session/storageKeys';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { establishSession, startSessionRefresh } from '@/features/auth';
import { usageApi } from '@/features/usage';
import { FullPageSpinner } from '@/shared/components/FullPageSpinner';
import { restrictedHostRedirect } from '@/core/navigation/restrictedHost';
import { useStylesheetSettled } from '@/core/styles/fullStylesheet';

/** Root of every route: the restricted-viewer-host rule and usage logging. */
export function RootFrame() {
  const location = useLocation();
  const matches = useMatches();
  const { t } = useTranslation('layout');
  // The browser tab names the page: its menu entry, else the route's own title.
  const leaf = menuLeafOf(location.pathname);
  const titleKey = leaf?.labelKey ?? [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.titleKey).find(Boolean);
  useDocumentTitle(titleKey ? t(titleKey) : undefined);
  const config = useAppSelector((s) => s.app.config);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (config.logSwitch !== 'on' || !getAccessToken(localStorage)) return;
    const handle = setTimeout(() => {
      void dispatch(
        usageApi.endpoints.usageLogsLog.initiate({
          routeLogBatchDto: {
            logs: [
              {
                method: 'VIEW',
                triggerTimestamp: Date.now(),
                url: location.pathname,
                userId: localStorage.getItem(STORAGE_KEYS.userId) ?? '',
              },
            ],
          },
        }),
      );
    }, 200);
    return () => clearTimeout(handle);
  }, [location.pathname, config.logSwitch, dispatch]);

  const redirect = restrictedHostRedirect(window.location, config.viewerHosts, location.pathname);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

/**
 * Signed-in routes: without a token remember the address and go to /before-login;
 * after a reload load personal info and rights again (failure ⇒ /login); keep the token fresh.
 */
export function AuthGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const config = useAppSelector((s) => s.app.config);
  const status = useAppSelector((s) => s.session.status);
  const token = getAccessToken(localStorage);
  const loading = useRef(false);
  const stylesheetSettled = useStylesheetSettled();

  useEffect(() => {
    if (!token || status === 'ready' || loading.current) return;
    loading.current = true;
    void establishSession(dispatch).then((result) => {
      loading.current = false;
      if (result.kind === 'login') navigate('/login', { replace: true });
    });
  }, [token, status, dispatch, navigate]);

  const ready = status === 'ready';
  useEffect(() => (ready ? startSessionRefresh(dispatch, config) : undefined), [ready, dispatch, config]);

  if (!token) {
    // The page asked for now wins over one a 401 remembered a moment earlier: a request of the
    // previous page may be refused just before the user's navigation lands here. While that page's
    // code still loads, useLocation() is still the page being left, so ask the router's pending
    // navigation; once a 401 has moved on to /before-login there is nothing newer to remember.
    rememberRequestedHash(sessionStorage, askedAddress({ hash: `#${location.pathname}${location.search}` }), true);
    return <Navigate to="/before-login" replace />;
  }
  // The console renders once antd's stylesheet has settled too (establishSession, the only way to
  // `ready`, starts it): its components then skip writing styles.
  if (!ready || !stylesheetSettled) return <FullPageSpinner />;
  return <Outlet />;
}
