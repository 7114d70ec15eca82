import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@/core/api/baseQuery';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { lookupMessage } from '@/shared/contracts';
import { loadFullStylesheet } from '@/core/styles/fullStylesheet';
import { AuthShell } from '../components/AuthShell';
import { identityApi } from '../identityApi';
import { builtinClientId, establishSession, landingAfterSignIn, storeSignIn } from '../sessionFlow';

interface LoginValues {
  username: string;
  password: string;
}

/** Why the last attempt failed: a server body (translated at render time) or one of our own keys. */
type LoginFailure = { kind: 'server'; body: unknown } | { kind: 'key'; key: string };

export const TOKEN_PATH = '/oauth/token';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const config = useAppSelector((s) => s.app.config);
  const locale = useAppSelector((s) => s.app.locale);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ username, password }: LoginValues): Promise<void> => {
    setFailure(null);
    setSubmitting(true);
    // The signed-in console's stylesheet downloads while the password is checked.
    void loadFullStylesheet();
    try {
      const tokens = await dispatch(
        identityApi.endpoints.passwordToken.initiate({ username, password, basicCredential: config.basicCredential }),
      ).unwrap();
      storeSignIn(localStorage, tokens, builtinClientId(config));
      const result = await establishSession(dispatch);
      if (result.kind === 'ok') navigate(landingAfterSignIn(result.menuRights, config.viewerHosts), { replace: true });
      else setFailure({ kind: 'key', key: 'login.sessionFailed' });
    } catch (error) {
      if (isApiError(error) && (error.status === 'NETWORK' || error.status === 'TIMEOUT')) {
        setFailure({ kind: 'key', key: error.status === 'NETWORK' ? 'errors:http.network' : 'errors:http.timeout408' });
      } else {
        setFailure({ kind: 'server', body: isApiError(error) ? error.data : error });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const failureText =
    failure === null ? null : failure.kind === 'server' ? lookupMessage(failure.body, locale, TOKEN_PATH) : t(failure.key);

  return (
    <AuthShell title={t('login.title')}>
      {config.loginMode === 'sso' && (
        <Alert type="info" showIcon title={t('login.ssoHint')} style={{ marginBottom: 16 }}
          action={<Button size="small" onClick={() => navigate('/before-login')}>{t('login.ssoButton')}</Button>} />
      )}
      <Form<LoginValues> layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false} disabled={submitting}>
        <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
          <Input autoComplete="username" placeholder={t('login.usernamePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
        {failureText && <Alert type="error" showIcon title={failureText} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
    </AuthShell>
  );
}

export { LoginPage as Component };
