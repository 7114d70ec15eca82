import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { clearSession } from '@/core/session/session';
import { sessionReset } from '@/core/session/sessionSlice';
import { useAppDispatch } from '@/core/store';

/** Return from the single-sign-on provider's logout. */
export function CasdoorLogoutCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  useEffect(() => {
    clearSession(localStorage);
    dispatch(sessionReset());
  }, [dispatch]);
  return (
    <div className="full-page-center">
      <Result
        status="success"
        title={t('logoutCallback.title')}
        subTitle={t('logoutCallback.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/before-login', { replace: true })}>
            {t('logoutCallback.signInAgain')}
          </Button>
        }
      />
    </div>
  );
}

export { CasdoorLogoutCallbackPage as Component };
