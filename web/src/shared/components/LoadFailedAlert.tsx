import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { errorMessageOf } from '@/core/api/errorMessage';
import type { ApiError } from '@/core/api/baseQuery';
import { useLocale } from '@/shared/useLocale';

/**
 * A failed load (or a failed step such as a submit): the feature's headline, the refusal in the
 * user's language (SPEC §8 lookup) and, when `onRetry` is given, a retry button. Texts come from
 * the feature's own namespace. A refusal shown on its own is ErrorAlert.
 */
export function LoadFailedAlert({
  error,
  title,
  retryLabel,
  onRetry,
  testId,
}: {
  error: unknown;
  title: ReactNode;
  /** Needed with `onRetry`. */
  retryLabel?: ReactNode;
  onRetry?: () => void;
  testId: string;
}) {
  const locale = useLocale();
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={errorMessageOf(error as ApiError, locale)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : undefined
      }
      data-testid={testId}
    />
  );
}
