import { useState } from 'react';
import { Alert, Button, Checkbox, Collapse, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/core/api/errorMessage';
import { useLocale } from '@/shared/useLocale';
import {
  IMPORT_MAPPING_NAME_MAX,
  IMPORT_MAPPING_TEXT_MAX,
  IMPORT_SHEETS,
  SHEET_SEVERITY_MAX,
  SHEET_SEVERITY_MIN,
  errorText,
  importMappingProblem,
  type ImportMappingContent,
  type SheetKey,
} from './contracts';
import {
  useColumnMappingsCreateMutation,
  useColumnMappingsListQuery,
  useColumnMappingsUpdateMutation,
  type ColumnMappingView,
} from './importApi';

/** The editor's state: the vendor's name per sheet and per `sheet|column`, the severity rows. */
interface Draft {
  name: string;
  sheets: Record<string, string>;
  headers: Record<string, string>;
  severities: { value: string; level: number | null }[];
  ignoreOtherColumns: boolean;
}

const emptyDraft = (): Draft => ({ name: '', sheets: {}, headers: {}, severities: [], ignoreOtherColumns: true });

function draftOf(m: ColumnMappingView): Draft {
  return {
    name: m.name,
    sheets: Object.fromEntries(m.sheets.map((s) => [s.sheet, s.name])),
    headers: Object.fromEntries(m.columns.map((c) => [`${c.sheet}|${c.column}`, c.header])),
    severities: m.severities.map((s) => ({ value: s.value, level: s.level })),
    ignoreOtherColumns: m.ignoreOtherColumns,
  };
}

/** What the server stores: only the names filled in (an empty field keeps the template's name). */
export function contentOf(d: Draft): ImportMappingContent {
  return {
    sheets: IMPORT_SHEETS.filter((s) => d.sheets[s.key]?.trim()).map((s) => ({ sheet: s.key, name: d.sheets[s.key]!.trim() })),
    columns: IMPORT_SHEETS.flatMap((s) =>
      s.columns.filter((c) => d.headers[`${s.key}|${c.key}`]?.trim()).map((c) => ({ sheet: s.key as SheetKey, column: c.key, header: d.headers[`${s.key}|${c.key}`]!.trim() })),
    ),
    severities: d.severities.map((s) => ({ value: s.value.trim(), level: s.level ?? -1 })),
    ignoreOtherColumns: d.ignoreOtherColumns,
  };
}

/**
 * Step 2's choice of a saved column mapping of the run's customer (another vendor's workbook),
 * with "new" and "edit" opening the editor. `value` null: the workbook follows our template.
 */
export function MappingPicker({ customerId, value, onChange }: { customerId: string | null; value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation('dataImport');
  const list = useColumnMappingsListQuery(
    { customerId: customerId ?? undefined, pageSize: 100, fieldToSort: 'name', descending: false },
    { skip: !customerId },
  );
  const [editing, setEditing] = useState<ColumnMappingView | 'new' | null>(null);
  const mappings = list.data?.results ?? [];
  const chosen = mappings.find((m) => m.mappingId === value) ?? null;
  return (
    <Space wrap data-testid="import-mapping">
      <Typography.Text>{t('mapping.label')}</Typography.Text>
      <Select
        data-testid="import-mapping-select"
        style={{ minWidth: 240 }}
        value={value ?? ''}
        loading={list.isFetching}
        options={[{ value: '', label: t('mapping.none') }, ...mappings.map((m) => ({ value: m.mappingId, label: m.name }))]}
        onChange={(v: string) => onChange(v || null)}
      />
      <Button size="small" data-testid="import-mapping-new" disabled={!customerId} onClick={() => setEditing('new')}>
        {t('mapping.new')}
      </Button>
      <Button size="small" data-testid="import-mapping-edit" disabled={!chosen} onClick={() => setEditing(chosen)}>
        {t('mapping.edit')}
      </Button>
      {editing && customerId ? (
        <MappingEditor
          customerId={customerId}
          mapping={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) onChange(saved.mappingId);
          }}
        />
      ) : null}
    </Space>
  );
}

/** Creates or edits a mapping: the vendor's sheet names and headers (empty: ours), their severity scale. */
function MappingEditor({ customerId, mapping, onClose }: { customerId: string; mapping: ColumnMappingView | null; onClose: (saved: ColumnMappingView | null) => void }) {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const [draft, setDraft] = useState<Draft>(() => (mapping ? draftOf(mapping) : emptyDraft()));
  const [problem, setProblem] = useState<string | null>(null);
  const [create, created] = useColumnMappingsCreateMutation();
  const [update, updated] = useColumnMappingsUpdateMutation();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = async () => {
    setProblem(null);
    const content = contentOf(draft);
    if (!draft.name.trim()) return setProblem(t('mapping.nameRequired'));
    // The same rules as the server's, so most mistakes show before anything is sent.
    const p = importMappingProblem(content);
    if (p) return setProblem(errorText(p.code, locale, p.params));
    const body = { name: draft.name.trim(), ...content };
    const r = mapping
      ? await update({ id: mapping.mappingId, columnMappingBodyDto: body })
      : await create({ createColumnMappingDto: { customerId, ...body } });
    if ('data' in r && r.data) onClose(r.data);
  };
  const error = created.error ?? updated.error;
  return (
    <Modal
      open
      width={760}
      title={mapping ? t('mapping.editTitle', { name: mapping.name }) : t('mapping.newTitle')}
      okText={t('mapping.save')}
      cancelText={t('mapping.close')}
      okButtonProps={{ 'data-testid': 'import-mapping-save', loading: created.isLoading || updated.isLoading } as never}
      onOk={() => void save()}
      onCancel={() => onClose(null)}
      data-testid="import-mapping-editor"
    >
      <Form layout="vertical">
        <Typography.Paragraph type="secondary">{t('mapping.help')}</Typography.Paragraph>
        <Form.Item label={t('mapping.name')} required>
          <Input data-testid="import-mapping-name" maxLength={IMPORT_MAPPING_NAME_MAX} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </Form.Item>
        <Collapse
          size="small"
          defaultActiveKey={['defects']}
          items={IMPORT_SHEETS.map((s) => ({
            key: s.key,
            label: t('mapping.sheet', { sheet: s[locale] }),
            children: (
              <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
                <Typography.Text strong>{t('mapping.sheetName')}</Typography.Text>
                <Input
                  data-testid={`import-mapping-sheet-${s.key}`}
                  placeholder={s[locale]}
                  maxLength={IMPORT_MAPPING_TEXT_MAX}
                  value={draft.sheets[s.key] ?? ''}
                  onChange={(e) => set({ sheets: { ...draft.sheets, [s.key]: e.target.value } })}
                />
                {s.columns.map((c) => (
                  <ColumnRow
                    key={c.key}
                    label={c[locale]}
                    testId={`import-mapping-col-${s.key}-${c.key}`}
                    value={draft.headers[`${s.key}|${c.key}`] ?? ''}
                    onChange={(v) => set({ headers: { ...draft.headers, [`${s.key}|${c.key}`]: v } })}
                  />
                ))}
              </div>
            ),
          }))}
        />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('mapping.severities', { min: SHEET_SEVERITY_MIN, max: SHEET_SEVERITY_MAX })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('mapping.severitiesHelp')}</Typography.Paragraph>
        {draft.severities.map((s, i) => (
          <Space key={i} style={{ display: 'flex', marginBottom: 8 }}>
            <Input
              data-testid={`import-mapping-sev-value-${i}`}
              placeholder={t('mapping.vendorValue')}
              maxLength={IMPORT_MAPPING_TEXT_MAX}
              value={s.value}
              onChange={(e) => set({ severities: draft.severities.map((x, k) => (k === i ? { ...x, value: e.target.value } : x)) })}
            />
            <InputNumber
              data-testid={`import-mapping-sev-level-${i}`}
              placeholder={t('mapping.level')}
              min={SHEET_SEVERITY_MIN}
              max={SHEET_SEVERITY_MAX}
              precision={0}
              value={s.level}
              onChange={(v) => set({ severities: draft.severities.map((x, k) => (k === i ? { ...x, level: v ?? null } : x)) })}
            />
            <Button size="small" data-testid={`import-mapping-sev-remove-${i}`} onClick={() => set({ severities: draft.severities.filter((_x, k) => k !== i) })}>
              {t('mapping.remove')}
            </Button>
          </Space>
        ))}
        <Button size="small" data-testid="import-mapping-sev-add" onClick={() => set({ severities: [...draft.severities, { value: '', level: null }] })}>
          {t('mapping.addSeverity')}
        </Button>
        <Form.Item style={{ marginTop: 16 }}>
          <Checkbox data-testid="import-mapping-ignore" checked={draft.ignoreOtherColumns} onChange={(e) => set({ ignoreOtherColumns: e.target.checked })}>
            {t('mapping.ignoreOther')}
          </Checkbox>
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} data-testid="import-mapping-problem" /> : null}
        {error ? <Alert type="error" showIcon title={errorMessageOf(error, locale)} data-testid="import-mapping-error" /> : null}
      </Form>
    </Modal>
  );
}

function ColumnRow({ label, testId, value, onChange }: { label: string; testId: string; value: string; onChange: (v: string) => void }) {
  return (
    <>
      <Typography.Text>{label}</Typography.Text>
      <Input data-testid={testId} placeholder={label} maxLength={IMPORT_MAPPING_TEXT_MAX} value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}
