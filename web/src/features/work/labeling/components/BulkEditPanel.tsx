import { useState } from 'react';
import { Alert, Button, Checkbox, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { repairPriorityLabel } from '@/shared/inspection';
import type { BulkChanges, DefectTemplates } from '../labelingApi';
import { severityOptions } from './DefectForm';
import { useSeedText } from '@/shared/useSeedText';

type BulkField = keyof BulkChanges;
const FIELDS: BulkField[] = ['defectType', 'severity', 'layer', 'affectedPart', 'recommendation', 'repairPriority'];

/** The chosen fields only: a field left unticked keeps each defect's own value. */
export function bulkChanges(enabled: ReadonlySet<BulkField>, values: BulkChanges): BulkChanges {
  const out: BulkChanges = {};
  for (const f of FIELDS) {
    if (!enabled.has(f)) continue;
    const v = values[f];
    (out as Record<string, unknown>)[f] = typeof v === 'string' ? (v.trim() ? v.trim() : f === 'defectType' ? '' : null) : (v ?? null);
  }
  return out;
}

/** One change for every selected defect (PATCH /defects/bulk: all or nothing). */
export function BulkEditPanel({
  count,
  templates,
  onApply,
  onClear,
  busy,
  refusal,
}: {
  count: number;
  templates: DefectTemplates | undefined;
  onApply: (changes: BulkChanges) => void;
  onClear: () => void;
  busy: boolean;
  refusal: string | null;
}) {
  const { t } = useTranslation('labeling');
  const st = useSeedText();
  const locale = useLocale();
  const [enabled, setEnabled] = useState<Set<BulkField>>(new Set());
  const [values, setValues] = useState<BulkChanges>({});
  const set = <K extends BulkField>(f: K, v: BulkChanges[K]) => {
    setValues((x) => ({ ...x, [f]: v }));
    setEnabled((e) => new Set(e).add(f));
  };
  const toggle = (f: BulkField, on: boolean) =>
    setEnabled((e) => {
      const next = new Set(e);
      if (on) next.add(f);
      else next.delete(f);
      return next;
    });
  const control = (f: BulkField) => {
    switch (f) {
      case 'severity':
        return (
          <Select
            value={values.severity ?? undefined}
            onChange={(v: number) => set('severity', v)}
            options={severityOptions(templates)}
            data-testid="bulk-severity"
          />
        );
      case 'repairPriority':
        return (
          <Select
            value={values.repairPriority ?? undefined}
            onChange={(v: number) => set('repairPriority', v)}
            options={[1, 2, 3, 4].map((p) => ({ value: p, label: `${p} · ${repairPriorityLabel(p, locale)}` }))}
          />
        );
      case 'defectType':
      case 'recommendation': {
        const items = f === 'defectType' ? templates?.types : templates?.recommendations;
        return items?.length ? (
          <Select
            showSearch
            value={(values[f] as string) || undefined}
            onChange={(v: string) => set(f, v)}
            optionFilterProp="label"
            options={items.map((i) => ({ value: i.name, label: st(i.name) }))}
          />
        ) : (
          <Input value={(values[f] as string) ?? ''} onChange={(e) => set(f, e.target.value)} />
        );
      }
      default:
        return <Input value={(values[f] as string) ?? ''} onChange={(e) => set(f, e.target.value)} data-testid={`bulk-${f}`} />;
    }
  };
  return (
    <div className="lbl-form" data-testid="bulk-edit">
      <Typography.Text strong>{t('bulk.title', { count })}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('bulk.hint')}</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="bulk-refusal" />}
      {FIELDS.map((f) => (
        <div key={f} className="lbl-bulk__row">
          <Checkbox checked={enabled.has(f)} onChange={(e) => toggle(f, e.target.checked)} data-testid={`bulk-enable-${f}`}>
            {t(`form.${f}`)}
          </Checkbox>
          {control(f)}
        </div>
      ))}
      <div className="lbl-form__actions">
        <Button
          type="primary"
          disabled={!enabled.size}
          loading={busy}
          onClick={() => onApply(bulkChanges(enabled, values))}
          data-testid="bulk-apply"
        >
          {t('bulk.apply', { count })}
        </Button>
        <Button onClick={onClear}>{t('bulk.clear')}</Button>
      </div>
    </div>
  );
}
