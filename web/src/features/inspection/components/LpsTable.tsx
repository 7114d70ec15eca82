import { Button, Form, Input, Popconfirm, Select, Table, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLocale } from '@/shared/useLocale';
import { formatNumber } from '@/shared/utils/format';
import { OPEN_CIRCUIT, checkDecimal3, checkMinMax, checkNonNegativeInteger, checkOhmReading, checkRequired } from '../contracts';
import {
  useLpsAddMutation,
  useLpsRemoveMutation,
  useLpsListQuery,
  useTemplatesLpsQuery,
  type Inspection,
  type AddLpsMeasurementDto,
  type LpsMeasurementView,
} from '../inspectionApi';
import { lpsOutOfRange } from '../logic';
import { LoadError, Refusal, contractRule, useCanEdit } from './common';

interface LpsFormValues {
  bladePosition?: number;
  receptorId?: string;
  side?: 'PS' | 'SS';
  reading?: string;
  ringCount?: string;
  templateId?: string;
  minOhm?: string;
  maxOhm?: string;
}

/** Form values → the request (bounds from the template when one is chosen, else the typed ones). */
export function lpsBody(v: LpsFormValues): AddLpsMeasurementDto {
  const text = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : s.trim());
  const reading = text(v.reading)!;
  const body: AddLpsMeasurementDto = {
    bladePosition: v.bladePosition!,
    receptorId: text(v.receptorId)!,
    side: v.side!,
    reading: reading.toUpperCase() === OPEN_CIRCUIT ? OPEN_CIRCUIT : reading,
  };
  const rings = text(v.ringCount);
  if (rings !== undefined) body.ringCount = Number(rings);
  if (v.templateId) body.templateId = v.templateId;
  else {
    const min = text(v.minOhm);
    const max = text(v.maxOhm);
    if (min !== undefined) body.minOhm = min;
    if (max !== undefined) body.maxOhm = max;
  }
  return body;
}

/** Adding a reading: blade, receptor, side, ohms or OC, ring count, the customer's template or min/max (the contracts' rules first). */
function LpsEntry({ inspection }: { inspection: Inspection }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const [form] = Form.useForm<LpsFormValues>();
  const templates = useTemplatesLpsQuery(inspection.customerId ? { customerId: inspection.customerId } : skipToken);
  const [add, state] = useLpsAddMutation();
  const template = Form.useWatch('templateId', form);
  const submit = async (v: LpsFormValues) => {
    const r = await add({ id: inspection.inspectionId, addLpsMeasurementDto: lpsBody(v) });
    if (!('error' in r)) form.resetFields(['receptorId', 'reading', 'ringCount']);
  };
  return (
    <div data-testid="lps-entry" className="insp-lps-entry">
      <Form<LpsFormValues> form={form} layout="inline" onFinish={(v) => void submit(v)} initialValues={{ bladePosition: 1, side: 'PS' }}>
        <Form.Item name="bladePosition" label={t('defect.blade')} rules={[{ required: true, message: t('create.required') }]}>
          <Select
            style={{ width: 110 }}
            data-testid="lps-blade"
            options={[1, 2, 3].map((p) => ({ value: p, label: t('blade.title', { position: p }) }))}
          />
        </Form.Item>
        <Form.Item
          name="receptorId"
          label={t('lps.receptor')}
          rules={[contractRule(checkRequired, locale, true), { max: 50, message: t('create.tooLong', { max: 50 }) }]}
        >
          <Input style={{ width: 100 }} data-testid="lps-receptor" />
        </Form.Item>
        <Form.Item name="side" label={t('lps.side')} rules={[{ required: true, message: t('create.required') }]}>
          <Select
            style={{ width: 150 }}
            data-testid="lps-side"
            options={(['PS', 'SS'] as const).map((s) => ({ value: s, label: t(`lps.sides.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="reading"
          label={t('lps.reading')}
          rules={[contractRule(checkOhmReading, locale, true)]}
          tooltip={t('lps.readingHint')}
        >
          <Input style={{ width: 110 }} data-testid="lps-reading" placeholder={t('lps.readingPlaceholder')} />
        </Form.Item>
        <Form.Item name="ringCount" label={t('lps.rings')} rules={[contractRule(checkNonNegativeInteger, locale)]}>
          <Input style={{ width: 80 }} data-testid="lps-rings" />
        </Form.Item>
        <Form.Item name="templateId" label={t('lps.template')}>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('lps.noTemplate')}
            loading={templates.isFetching}
            data-testid="lps-template"
            options={(templates.data ?? []).map((tp) => ({
              value: tp.id,
              label: t('lps.templateOption', {
                name: tp.name,
                min: tp.minOhm === null ? '–' : formatNumber(tp.minOhm, locale),
                max: tp.maxOhm === null ? '–' : formatNumber(tp.maxOhm, locale),
              }),
            }))}
          />
        </Form.Item>
        <Form.Item name="minOhm" label={t('lps.min')} rules={[contractRule(checkDecimal3, locale)]}>
          <Input style={{ width: 90 }} disabled={!!template} data-testid="lps-min" suffix="Ω" />
        </Form.Item>
        <Form.Item
          name="maxOhm"
          label={t('lps.max')}
          dependencies={['minOhm']}
          rules={[
            contractRule(checkDecimal3, locale),
            contractRule((max) => checkMinMax(form.getFieldValue('minOhm') as string | undefined, max), locale),
          ]}
        >
          <Input style={{ width: 90 }} disabled={!!template} data-testid="lps-max" suffix="Ω" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={state.isLoading} data-testid="lps-add">
            {t('lps.add')}
          </Button>
        </Form.Item>
      </Form>
      <Refusal error={state.error} testId="lps-error" onClose={() => state.reset()} />
    </div>
  );
}

/** LPS readings of an inspection: receptor, side, ohm or open circuit, bounds, rings; out of range in red. Engineers add and delete readings. */
export function LpsTable({ inspectionId, inspection }: { inspectionId: string; inspection?: Inspection }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const q = useLpsListQuery({ id: inspectionId });
  const canEdit = useCanEdit(inspection?.componentType);
  const [remove, removing] = useLpsRemoveMutation();
  const ohm = (v: number | null) => (v === null ? '–' : t('lps.ohmValue', { value: formatNumber(v, locale) }));
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <>
      {canEdit && inspection && <LpsEntry inspection={inspection} />}
      <Refusal error={removing.error} testId="lps-delete-error" onClose={() => removing.reset()} />
      <Table<LpsMeasurementView>
        size="small"
        rowKey="id"
        data-testid="lps-table"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: t('lps.none') }}
        rowClassName={(r) => (lpsOutOfRange(r) ? 'insp-lps--out' : '')}
        columns={[
          { key: 'blade', dataIndex: 'bladePosition', title: t('defect.blade'), render: (v) => t('blade.title', { position: v }) },
          { key: 'receptor', dataIndex: 'receptorId', title: t('lps.receptor') },
          { key: 'side', dataIndex: 'side', title: t('lps.side'), render: (v: 'PS' | 'SS') => t(`lps.sides.${v}`) },
          {
            key: 'reading',
            title: t('lps.reading'),
            render: (_, r) => (r.openCircuit ? <Tag color="red">{t('lps.openCircuit')}</Tag> : ohm(r.ohm)),
          },
          { key: 'min', dataIndex: 'minOhm', title: t('lps.min'), render: ohm },
          { key: 'max', dataIndex: 'maxOhm', title: t('lps.max'), render: ohm },
          { key: 'rings', dataIndex: 'ringCount', title: t('lps.rings'), render: (v) => (v === null ? '–' : formatNumber(v, locale)) },
          {
            key: 'range',
            title: t('lps.range'),
            render: (_, r) =>
              lpsOutOfRange(r) ? (
                <Tag color="red" data-testid="lps-out">
                  {t('lps.out')}
                </Tag>
              ) : (
                <Tag color="green">{t('lps.within')}</Tag>
              ),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_: unknown, r: LpsMeasurementView) => (
                    <Popconfirm
                      title={t('lps.deleteConfirm', { receptor: r.receptorId })}
                      okText={t('common.delete')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => void remove({ measurementId: r.id })}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('common.delete')}
                        data-testid="lps-delete"
                      />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
