import type { CSSProperties } from 'react';
import { Alert } from 'antd';
import { errorMessageOf } from '@/core/api/errorMessage';
import type { ApiError } from '@/core/api/baseQuery';
import { useLocale } from '@/shared/useLocale';

/**
 * A refused or failed call's message in the user's language (SPEC §8 lookup), or nothing when
 * there is no error. `closable` or `onClose` makes it dismissable. A failed load with a retry is LoadFailedAlert.
 */
export function ErrorAlert({
  error,
  testId,
  style,
  closable,
  onClose,
}: {
  error: unknown;
  testId?: string;
  style?: CSSProperties;
  closable?: boolean;
  onClose?: () => void;
}) {
  const locale = useLocale();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessageOf(error as ApiError, locale)}
      data-testid={testId}
      style={style}
      closable={closable || !!onClose}
      onClose={onClose}
    />
  );
}
