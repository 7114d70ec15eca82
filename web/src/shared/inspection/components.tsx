/** Small pieces of the inspection screens the work tools show too. */
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useAuthedObjectUrl } from '@/shared/viewer/authedFetch';

/** A failed load, with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('inspection');
  return <LoadFailedAlert error={error} title={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={onRetry} testId="inspection-load-error" />;
}

/** A thumbnail fetched with the bearer token and shown as an object URL. */
export function AuthedThumb({ url, alt, width = 160, height = 60 }: { url: string | null; alt: string; width?: number; height?: number }) {
  const { t } = useTranslation('inspection');
  const { src, failed } = useAuthedObjectUrl(url);
  return (
    <div className="insp-thumb" style={{ width, height }}>
      {src ? <img src={src} alt={alt} /> : <span className="insp-thumb__wait">{failed || !url ? t('images.noThumbnail') : '…'}</span>}
    </div>
  );
}
