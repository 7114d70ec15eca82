import { memo, type ReactNode } from 'react';
import { Alert, Button, Input, InputNumber, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { useSeedText } from '@/shared/useSeedText';
import { severityFill, repairPriorityLabel } from '@/shared/inspection';
import { SEVERITY_LEVELS, errorText } from '../contracts';
import type { DraftProblem, DraftValues } from '../draft';
import type { DefectTemplates } from '../labelingApi';

export type FieldChange = <K extends keyof DraftValues>(field: K, value: DraftValues[K]) => void;

/** A severity as a coloured swatch (SPEC §3 blade colour scheme) with the template's name for that level. */
export function SeveritySwatch({ level, name }: { level: number | null; name?: string }) {
  const { t } = useTranslation('labeling');
  const st = useSeedText();
  return (
    <span className="lbl-sev">
      <span className="lbl-sev__swatch" style={{ background: severityFill(level) }} />
      {level === null ? t('form.severityNone') : t('form.severityValue', { level })}
      {name ? <span className="lbl-sev__name"> · {st(name)}</span> : null}
    </span>
  );
}

export function severityOptions(templates: DefectTemplates | undefined) {
  return SEVERITY_LEVELS.map((level) => ({
    value: level,
    label: <SeveritySwatch level={level} name={templates?.severities.find((s) => s.level === level)?.name} />,
  }));
}

function Field({ label, error, children, testId }: { label: ReactNode; error?: boolean; children: ReactNode; testId: string }) {
  return (
    <label className={`lbl-field${error ? ' lbl-field--error' : ''}`} data-testid={testId}>
      <span className="lbl-field__label">{label}</span>
      {children}
    </label>
  );
}

/**
 * The defect form beside the viewer: type and recommendation from the customer's template
 * (free text when it has none), severity in its colour, layer, affected part, size (computed
 * from the outline when the pixel size is known), distance to root (−5 m .. blade length,
 * 2 decimals), chordwise start/end, repair priority 1–4.
 */
export const DefectForm = memo(function DefectForm({
  values,
  onChange,
  onSeal,
  templates,
  bladeLength,
  problem,
  hasPolygon,
  isNew,
  dirty,
  readOnly,
  sizeComputed,
  pixelSize,
  onPixelSize,
  onSave,
  onCancel,
  onDelete,
  saving,
}: {
  values: DraftValues;
  onChange: FieldChange;
  /** A field lost focus: the next change is its own undo step. */
  onSeal: () => void;
  templates: DefectTemplates | undefined;
  bladeLength: number | null;
  problem: DraftProblem | null;
  hasPolygon: boolean;
  isNew: boolean;
  dirty: boolean;
  readOnly: boolean;
  sizeComputed: boolean;
  pixelSize: number | null;
  onPixelSize: (v: number | null) => void;
  onSave: () => void;
  onCancel: () => void;
  onDelete: (() => void) | null;
  saving: boolean;
}) {
  const { t } = useTranslation('labeling');
  const locale = useLocale();
  const st = useSeedText();
  const err = (f: keyof DraftValues | 'polygon') => problem?.field === f;
  const num = (field: keyof DraftValues, extra: { min?: number; max?: number; step?: number } = {}) => (
    <InputNumber
      value={values[field] as number | null}
      onChange={(v) => onChange(field, (typeof v === 'number' ? v : null) as never)}
      onBlur={onSeal}
      disabled={readOnly}
      style={{ width: '100%' }}
      status={err(field) ? 'error' : undefined}
      {...extra}
    />
  );
  const text = (field: 'layer' | 'affectedPart') => (
    <Input value={values[field]} onChange={(e) => onChange(field, e.target.value)} onBlur={onSeal} disabled={readOnly} maxLength={100} />
  );
  const fromTemplate = (field: 'defectType' | 'recommendation', items: { name: string }[] | undefined, max: number) =>
    items && items.length ? (
      <Select
        showSearch
        allowClear
        value={values[field] || undefined}
        onChange={(v: string | undefined) => {
          onChange(field, v ?? '');
          onSeal();
        }}
        optionFilterProp="label"
        options={items.map((i) => ({ value: i.name, label: st(i.name) }))}
        disabled={readOnly}
        status={err(field) ? 'error' : undefined}
        placeholder={t('form.fromTemplate')}
        data-testid={`select-${field}`}
      />
    ) : (
      <Input
        value={values[field]}
        onChange={(e) => onChange(field, e.target.value)}
        onBlur={onSeal}
        disabled={readOnly}
        status={err(field) ? 'error' : undefined}
        maxLength={max}
        data-testid={`input-${field}`}
      />
    );

  return (
    <div className="lbl-form" data-testid="defect-form" data-dirty={dirty ? 'true' : 'false'}>
      <div className="lbl-form__head">
        <Typography.Text strong>{isNew ? t('form.newDefect') : t('form.editDefect')}</Typography.Text>
        {dirty && <Tag color="orange">{t('form.unsaved')}</Tag>}
        {!hasPolygon && <Tag color="red">{t('form.noPolygon')}</Tag>}
      </div>
      {problem && <Alert type="error" showIcon title={errorText(problem.code, locale, problem.params)} data-testid="form-problem" />}
      <Field label={t('form.defectType')} error={err('defectType')} testId="field-defectType">
        {fromTemplate('defectType', templates?.types, 100)}
      </Field>
      <Field label={t('form.severity')} testId="field-severity">
        <Select
          value={values.severity ?? undefined}
          allowClear
          onChange={(v: number | undefined) => {
            onChange('severity', v ?? null);
            onSeal();
          }}
          options={severityOptions(templates)}
          disabled={readOnly}
          data-testid="select-severity"
          data-value={values.severity ?? ''}
        />
      </Field>
      <div className="lbl-form__row">
        <Field label={t('form.layer')} testId="field-layer">
          {text('layer')}
        </Field>
        <Field label={t('form.affectedPart')} testId="field-affectedPart">
          {text('affectedPart')}
        </Field>
      </div>
      <Field label={t('form.recommendation')} error={err('recommendation')} testId="field-recommendation">
        {fromTemplate('recommendation', templates?.recommendations, 500)}
      </Field>
      <div className="lbl-form__row">
        <Field label={t('form.sizeLength')} error={err('sizeLength')} testId="field-sizeLength">
          {num('sizeLength', { min: 0, step: 0.001 })}
        </Field>
        <Field label={t('form.sizeWidth')} error={err('sizeWidth')} testId="field-sizeWidth">
          {num('sizeWidth', { min: 0, step: 0.001 })}
        </Field>
      </div>
      <div className="lbl-form__hint">
        <Tooltip title={t('form.pixelSizeHelp')}>
          <span>{t('form.pixelSize')}</span>
        </Tooltip>
        <InputNumber
          size="small"
          min={0}
          step={0.01}
          value={pixelSize}
          onChange={(v) => onPixelSize(typeof v === 'number' && v > 0 ? v : null)}
          aria-label={t('form.pixelSize')}
          data-testid="pixel-size"
        />
        <Typography.Text type="secondary">{sizeComputed ? t('form.sizeComputed') : t('form.sizeEntered')}</Typography.Text>
      </div>
      <Field
        label={bladeLength ? t('form.distanceToRootMax', { max: bladeLength }) : t('form.distanceToRoot')}
        error={err('distanceToRoot')}
        testId="field-distanceToRoot"
      >
        {num('distanceToRoot', { min: -5, max: bladeLength ?? undefined, step: 0.01 })}
      </Field>
      <div className="lbl-form__row">
        <Field label={t('form.chordwiseStart')} error={err('chordwiseStart')} testId="field-chordwiseStart">
          {num('chordwiseStart', { min: 0, step: 0.001 })}
        </Field>
        <Field label={t('form.chordwiseEnd')} error={err('chordwiseEnd')} testId="field-chordwiseEnd">
          {num('chordwiseEnd', { min: 0, step: 0.001 })}
        </Field>
      </div>
      <Field label={t('form.repairPriority')} testId="field-repairPriority">
        <Select
          value={values.repairPriority ?? undefined}
          allowClear
          onChange={(v: number | undefined) => {
            onChange('repairPriority', v ?? null);
            onSeal();
          }}
          options={[1, 2, 3, 4].map((p) => ({ value: p, label: `${p} · ${repairPriorityLabel(p, locale)}` }))}
          disabled={readOnly}
        />
      </Field>
      {!readOnly && (
        <Space wrap className="lbl-form__actions">
          <Button type="primary" onClick={onSave} loading={saving} data-testid="save-defect">
            {t('form.save')}
          </Button>
          <Button onClick={onCancel} disabled={!dirty && !isNew} data-testid="cancel-defect">
            {t('form.cancel')}
          </Button>
          {onDelete && (
            <Button danger onClick={onDelete} data-testid="delete-defect">
              {t('form.delete')}
            </Button>
          )}
        </Space>
      )}
    </div>
  );
});
