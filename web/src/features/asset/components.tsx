import type { ReactNode } from 'react';
import { Select } from 'antd';
import type { SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';

/** A failed load, with a retry. */
export function LoadError({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: ReactNode }) {
  const { t } = useTranslation('asset');
  return <LoadFailedAlert error={error} title={title ?? t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={onRetry} testId="load-error" />;
}

/** The server's refusal of a write, translated into the current language. */
export function ServerRefusal({ error }: { error: unknown }) {
  return <ErrorAlert error={error} testId="server-error" style={{ marginBottom: 16 }} />;
}

/** One of a page's selectors: its label above the select it names. */
export function LabeledSelect<V>({ id, label, ...select }: { id: string; label: string } & SelectProps<V>) {
  return (
    <div className="asset-page__selector">
      <label htmlFor={id}>{label}</label>
      <Select<V> id={id} {...select} />
    </div>
  );
}

/** The park selector of the turbine and wind park pages. */
export function ParkSelect({
  id,
  minWidth,
  parks,
  value,
  onChange,
  testId,
}: {
  id: string;
  minWidth: number;
  parks: { data?: { windFarmId: string; windFarmName: string }[]; isLoading: boolean };
  value: string | null;
  onChange: (windFarmId: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation('asset');
  return (
    <LabeledSelect<string>
      id={id}
      label={t('selectors.park')}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth }}
      loading={parks.isLoading}
      value={value ?? undefined}
      options={(parks.data ?? []).map((p) => ({ value: p.windFarmId, label: p.windFarmName }))}
      placeholder={t('selectors.parkPlaceholder')}
      onChange={onChange}
      data-testid={testId}
    />
  );
}
