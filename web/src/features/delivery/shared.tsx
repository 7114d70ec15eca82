import { Alert, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorMessageOf } from '@/core/api/errorMessage';
import type { ApiError } from '@/core/api/baseQuery';
import { useLocale } from '@/shared/useLocale';

/** The server's refusal in the interface language (its catalogue code, translated). */
export function Refusal({ error, testId = 'delivery-error' }: { error: ApiError | SerializedError | undefined | null; testId?: string }) {
  const locale = useLocale();
  if (!error) return null;
  return <Alert type="error" showIcon message={errorMessageOf(error, locale)} data-testid={testId} />;
}

export const SUB_TYPES = [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23] as const;
export const PROJECT_TYPES = [1, 2, 3, 4, 5] as const;
export const INSPECTION_CAMPAIGN_TYPES = [1, 2, 3, 4, 5] as const;

/** Sort state of an antd table as the server's fieldToSort/descending. */
export function sortOf(sorter: unknown, fallback: string): { fieldToSort: string; descending: boolean } {
  const s = (Array.isArray(sorter) ? sorter[0] : sorter) as { field?: string; order?: 'ascend' | 'descend' | null } | undefined;
  if (!s?.order || !s.field) return { fieldToSort: fallback, descending: true };
  return { fieldToSort: String(s.field), descending: s.order === 'descend' };
}

/** The page's frame when the caller lacks its rights (the service refuses the same calls). */
export function NoAccess({ page }: { page: string }) {
  const { t } = useTranslation('delivery');
  return (
    <div data-testid={`page-${page}`}>
      <Result status="403" title={t('noAccess')} data-testid="delivery-no-access" />
    </div>
  );
}
