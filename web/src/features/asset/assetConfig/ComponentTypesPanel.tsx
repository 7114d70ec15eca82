import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Table } from 'antd';
import type { TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@/shared/utils/format';
import { uuidV4 } from '@/shared/utils/uuid';
import { useLocale } from '@/shared/useLocale';
import {
  useComponentTypesQuery,
  useDeleteComponentTypeMutation,
  useSaveComponentTypeMutation,
  type ComponentKind,
  type ComponentTypeView,
  type SaveComponentTypeDto,
} from '../assetApi';
import { errorMessageOf } from '@/core/api/errorMessage';
import { LoadError, ServerRefusal } from '../components';
import { numberRule } from './formRules';
import { editDeleteColumn } from './RowActions';

interface TypeFormValues {
  name: string;
  manufacturer?: string;
  model?: string;
  bladeManufacturer?: string;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  ratedPower?: number | null;
}

/** PUT body for a kind: the kind's own fields only. */
export function toTypeBody(kind: ComponentKind, v: TypeFormValues): SaveComponentTypeDto {
  const text = (s?: string) => (s && s.trim() ? s.trim() : null);
  const body: SaveComponentTypeDto = { name: v.name.trim(), manufacturer: text(v.manufacturer), model: text(v.model) };
  if (kind === 'blade') {
    body.bladeManufacturer = text(v.bladeManufacturer);
    body.manufacturer = body.bladeManufacturer;
    body.length = v.length ?? null;
    body.width = v.width ?? null;
  }
  if (kind === 'tower') body.height = v.height ?? null;
  if (kind === 'generator') body.ratedPower = v.ratedPower ?? null;
  return body;
}

function TypeFormModal({
  parkId,
  kind,
  item,
  open,
  onClose,
}: {
  parkId: string;
  kind: ComponentKind;
  item: ComponentTypeView | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('asset');
  const [form] = Form.useForm<TypeFormValues>();
  const [save, saving] = useSaveComponentTypeMutation();

  useEffect(() => {
    if (!open) return;
    saving.reset();
    form.resetFields();
    if (item) {
      form.setFieldsValue({
        name: item.name,
        manufacturer: item.manufacturer ?? '',
        model: item.model ?? '',
        bladeManufacturer: item.bladeManufacturer ?? '',
        length: item.length ?? null,
        width: item.width ?? null,
        height: item.height ?? null,
        ratedPower: item.ratedPower ?? null,
      });
    }
  }, [open, item]);

  const submit = async (): Promise<void> => {
    const values = await form.validateFields();
    // A new type gets a new uuid of ours: PUT upserts under the client's id (docs/asset.md decision 4).
    const typeId = item?.typeId ?? uuidV4();
    const result = await save({ parkId, kind, typeId, body: toTypeBody(kind, values) });
    if (!result.error) onClose();
  };

  return (
    <Modal
      open={open}
      title={t(item ? 'types.edit' : 'types.create', { kind: t(`types.kinds.${kind}`) })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving.isLoading}
      destroyOnHidden
    >
      <div data-testid="type-form">
      <ServerRefusal error={saving.error} />
      <Form form={form} layout="vertical" name={`type-form-${kind}`}>
        <Form.Item name="name" label={t('types.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
          <Input maxLength={100} />
        </Form.Item>
        {kind === 'blade' ? (
          <>
            <Form.Item name="bladeManufacturer" label={t('types.bladeManufacturer')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="length" label={t('types.lengthM')} rules={[numberRule(t, 'bladeLength', true)]}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="width" label={t('types.widthM')} rules={[numberRule(t, 'bladeWidth', true)]}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="manufacturer" label={t('types.manufacturer')}>
            <Input maxLength={100} />
          </Form.Item>
        )}
        <Form.Item name="model" label={t('types.model')}>
          <Input maxLength={100} />
        </Form.Item>
        {kind === 'tower' && (
          <Form.Item name="height" label={t('types.heightM')} rules={[numberRule(t, 'towerHeight')]}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind === 'generator' && (
          <Form.Item name="ratedPower" label={t('types.ratedPowerKw')} rules={[numberRule(t, 'ratedPower')]}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
      </div>
    </Modal>
  );
}

/** One kind's component types of a park: list, create/edit (PUT with a new uuid), delete. */
export function ComponentTypesPanel({ parkId, kind, canEdit }: { parkId: string; kind: ComponentKind; canEdit: boolean }) {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const { message } = App.useApp();
  const { data, isFetching, error, refetch } = useComponentTypesQuery({ parkId, kind });
  const [remove] = useDeleteComponentTypeMutation();
  const [editing, setEditing] = useState<{ item: ComponentTypeView | null } | null>(null);

  const onDelete = async (item: ComponentTypeView): Promise<void> => {
    const result = await remove({ parkId, kind, typeId: item.typeId });
    if (result.error) void message.error(errorMessageOf(result.error, locale));
    else void message.success(t('common.deleted'));
  };

  const m = (v: number | null | undefined, unit: 'm' | 'kW') =>
    v === null || v === undefined ? '–' : t(unit === 'm' ? 'common.meters' : 'common.kilowatts', { value: formatNumber(v, locale) });

  const columns: TableProps<ComponentTypeView>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('types.name') },
    kind === 'blade'
      ? { key: 'bladeManufacturer', dataIndex: 'bladeManufacturer', title: t('types.bladeManufacturer'), render: (v) => v ?? '–' }
      : { key: 'manufacturer', dataIndex: 'manufacturer', title: t('types.manufacturer'), render: (v) => v ?? '–' },
    { key: 'model', dataIndex: 'model', title: t('types.model'), render: (v) => v ?? '–' },
    ...(kind === 'blade'
      ? [
          { key: 'length', dataIndex: 'length', title: t('types.length'), render: (v: number | null) => m(v, 'm') },
          { key: 'width', dataIndex: 'width', title: t('types.width'), render: (v: number | null) => m(v, 'm') },
        ]
      : []),
    ...(kind === 'tower' ? [{ key: 'height', dataIndex: 'height', title: t('types.height'), render: (v: number | null) => m(v, 'm') }] : []),
    ...(kind === 'generator'
      ? [{ key: 'ratedPower', dataIndex: 'ratedPower', title: t('types.ratedPower'), render: (v: number | null) => m(v, 'kW') }]
      : []),
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('types.updatedAt'), render: (v) => formatDateTime(v, locale) },
    ...editDeleteColumn<ComponentTypeView>(canEdit, t('common.actions'), {
      confirm: (item) => t('types.confirmDelete', { name: item.name }),
      onEdit: (item) => setEditing({ item }),
      onDelete,
    }),
  ];

  return (
    <div data-testid={`types-${kind}`}>
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ item: null })} style={{ marginBottom: 12 }}>
          {t('types.create', { kind: t(`types.kinds.${kind}`) })}
        </Button>
      )}
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <Table<ComponentTypeView>
          size="small"
          rowKey="typeId"
          loading={isFetching}
          columns={columns}
          dataSource={data?.results ?? []}
          pagination={false}
          locale={{ emptyText: t('types.none') }}
        />
      )}
      <TypeFormModal parkId={parkId} kind={kind} item={editing?.item ?? null} open={!!editing} onClose={() => setEditing(null)} />
    </div>
  );
}
