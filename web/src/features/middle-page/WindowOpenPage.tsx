import { useEffect, useState } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { takeHandoff, targetHref } from '@/shared/utils/windowOpen';

/** /middlePage/windowOpen: picks up the target handed over through storage and opens it. */
export function WindowOpenPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const target = takeHandoff(localStorage, sessionStorage, Date.now());
    if (target) navigate(targetHref(target), { replace: true });
    else setMissing(true);
  }, [navigate]);
  if (!missing) return null;
  return (
    <Result
      status="info"
      title={t('windowOpen.expiredTitle')}
      subTitle={t('windowOpen.expiredDescription')}
      extra={
        <Button type="primary" onClick={() => navigate('/explore', { replace: true })}>
          {t('actions.home')}
        </Button>
      }
    />
  );
}

export { WindowOpenPage as Component };
