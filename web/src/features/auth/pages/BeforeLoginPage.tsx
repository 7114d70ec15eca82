import { useEffect, useState } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getAccessToken, setClientId } from '@/core/session/session';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { FullPageSpinner } from '@/shared/components/FullPageSpinner';
import { identityApi } from '../identityApi';
import { establishSession, landingAfterSignIn } from '../sessionFlow';
import {
  appUrl,
  randomState,
  ssoAuthorizeUrl,
  SSO_SILENT_POLL_ATTEMPTS,
  SSO_SILENT_POLL_INTERVAL_MS,
  SSO_STATE_KEY,
} from '../sso';

type Problem = 'ssoNotConfigured' | 'ssoClientId' | null;

/**
 * Chooses built-in vs single sign-on (app_config `loginMode`). With a token it finishes the
 * sign-in (personal info, rights) and lands; otherwise built-in goes to /login and single
 * sign-on polls once a second for a token, then sends the user to the provider.
 */
export function BeforeLoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const config = useAppSelector((s) => s.app.config);
  const [problem, setProblem] = useState<Problem>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let poll: ReturnType<typeof setInterval> | undefined;

    const proceed = async (): Promise<void> => {
      const result = await establishSession(dispatch);
      if (cancelled) return;
      navigate(result.kind === 'ok' ? landingAfterSignIn(result.menuRights, config.viewerHosts) : '/login', { replace: true });
    };

    const toProvider = async (): Promise<void> => {
      if (!config.identityProviderUrl) {
        setProblem('ssoNotConfigured');
        return;
      }
      try {
        const { clientId } = await dispatch(
          identityApi.endpoints.ssoClientId.initiate({ host: window.location.host }, { subscribe: false, forceRefetch: true }),
        ).unwrap();
        if (cancelled) return;
        if (!clientId) throw new Error('empty client id');
        setClientId(localStorage, clientId);
        const state = randomState();
        sessionStorage.setItem(SSO_STATE_KEY, state);
        window.location.assign(
          ssoAuthorizeUrl(config.identityProviderUrl, clientId, appUrl(window.location, '/casdoor-callback'), state),
        );
      } catch {
        if (!cancelled) setProblem('ssoClientId');
      }
    };

    if (getAccessToken(localStorage)) {
      void proceed();
    } else if (config.loginMode !== 'sso') {
      navigate('/login', { replace: true });
    } else {
      let polls = 0;
      poll = setInterval(() => {
        polls += 1;
        if (getAccessToken(localStorage)) {
          clearInterval(poll);
          void proceed();
        } else if (polls >= SSO_SILENT_POLL_ATTEMPTS) {
          clearInterval(poll);
          void toProvider();
        }
      }, SSO_SILENT_POLL_INTERVAL_MS);
    }
    return () => {
      cancelled = true;
      if (poll) clearInterval(poll);
    };
  }, [config, dispatch, navigate, attempt]);

  if (problem) {
    return (
      <div className="full-page-center">
        <Result
          status="warning"
          title={t(`beforeLogin.${problem}`)}
          extra={[
            <Button key="retry" type="primary" onClick={() => { setProblem(null); setAttempt((a) => a + 1); }}>
              {t('beforeLogin.retry')}
            </Button>,
            <Button key="login" onClick={() => navigate('/login')}>
              {t('beforeLogin.builtinLogin')}
            </Button>,
          ]}
        />
      </div>
    );
  }
  return <FullPageSpinner />;
}

export { BeforeLoginPage as Component };
