import { Alert, Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/app/api/baseQuery';
import { useLocale } from '@/shared/useLocale';
import { errorMessageOf } from '@/features/asset/components';
import { useAuthedObjectUrl } from '../viewer/authedFetch';
import { severityFill, severityLevel } from '../logic';

/** A failed load, with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  return (
    <Alert
      type="error"
      showIcon
      title={t('common.loadFailed')}
      description={errorMessageOf(error as ApiError, locale)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
      data-testid="inspection-load-error"
    />
  );
}

/** Severity in the blade colour scheme (levels 0..8): a coloured tag "Severity 3" / "TBD". */
export function SeverityTag({ severity }: { severity: number | null | undefined }) {
  const { t } = useTranslation('inspection');
  const level = severityLevel(severity);
  const text = severity === null || severity === undefined ? t('severity.tbd') : t('severity.value', { level: severity });
  return (
    <Tooltip title={t(`severity.levels.${level}`)}>
      <Tag color={severityFill(severity)} style={{ color: level >= 2 && level <= 5 ? '#1f1f1f' : '#fff' }} data-testid="severity-tag">
        {text}
      </Tag>
    </Tooltip>
  );
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
