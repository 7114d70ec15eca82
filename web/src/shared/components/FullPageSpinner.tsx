import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function FullPageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className="full-page-center" role="status" aria-label={t('status.loading')}>
      <Spin size="large" />
    </div>
  );
}
