import { useEffect, useRef, useState } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@/core/api/baseQuery';
import { getClientId, setClientId } from '@/core/session/session';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { lookupMessage } from '@/shared/contracts';
import { FullPageSpinner } from '@/shared/components/FullPageSpinner';
import { identityApi } from '../identityApi';
import { establishSession, landingAfterSignIn, storeSignIn } from '../sessionFlow';
import { appUrl, readCallbackParams, SSO_STATE_KEY } from '../sso';

type Failure = { kind: 'key'; key: string } | { kind: 'server'; body: unknown };

/** Return from single sign-on: exchange the code at POST /oauth/v2/token, then land. */
export function CasdoorCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const locale = useAppSelector((s) => s.app.locale);
  const config = useAppSelector((s) => s.app.config);
  const [failure, setFailure] = useState<Failure | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { code, state, error } = readCallbackParams(window.location);
    const expectedState = sessionStorage.getItem(SSO_STATE_KEY);
    if (error || !code) {
      setFailure({ kind: 'key', key: 'callback.noCode' });
      return;
    }
    if (expectedState && state !== expectedState) {
      setFailure({ kind: 'key', key: 'callback.stateMismatch' });
      return;
    }
    sessionStorage.removeItem(SSO_STATE_KEY);
    if (window.location.search) {
      window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash.split('?')[0]}`);
    }
    void (async () => {
      try {
        let clientId = getClientId(localStorage);
        if (!clientId) {
          clientId =
            (await dispatch(identityApi.endpoints.ssoClientId.initiate({ host: window.location.host }, { subscribe: false })).unwrap())
              .clientId ?? '';
          setClientId(localStorage, clientId);
        }
        const tokens = await dispatch(
          identityApi.endpoints.ssoToken.initiate({
            'client-id': clientId,
            ssoTokenDto: { code, redirectUri: appUrl(window.location, '/casdoor-callback') },
          }),
        ).unwrap();
        storeSignIn(localStorage, tokens, clientId);
        const result = await establishSession(dispatch);
        navigate(result.kind === 'ok' ? landingAfterSignIn(result.menuRights, config.viewerHosts) : '/login', { replace: true });
      } catch (e) {
        setFailure(isApiError(e) && e.data ? { kind: 'server', body: e.data } : { kind: 'key', key: 'callback.failed' });
      }
    })();
  }, [dispatch, navigate, config.viewerHosts]);

  if (!failure) return <FullPageSpinner />;
  const text = failure.kind === 'key' ? t(failure.key) : lookupMessage(failure.body, locale, '/oauth/v2/token');
  return (
    <div className="full-page-center">
      <Result
        status="error"
        title={t('callback.title')}
        subTitle={text}
        extra={
          <Button type="primary" onClick={() => navigate('/before-login', { replace: true })}>
            {t('callback.retry')}
          </Button>
        }
      />
    </div>
  );
}

export { CasdoorCallbackPage as Component };
