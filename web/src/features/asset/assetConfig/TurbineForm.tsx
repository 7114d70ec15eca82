import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BLADES_PER_TURBINE, PACKAGE_TYPE_LABELS, labelOf } from '@/shared/contracts';
import { uuidV4 } from '@/shared/utils/uuid';
import { useLocale } from '@/shared/useLocale';
import {
  COMPONENT_KINDS,
  useComponentTypesQuery,
  useTurbinesCreateMutation,
  useTurbinesUpdateMutation,
  type ComponentKind,
  type SaveTurbineDto,
  type TurbineView,
} from '../assetApi';
import { ServerRefusal } from '../components';
import { bladeProblemText, checkBlades, type BladeProblem } from '../validation';
import { numberRule } from './formRules';

export interface TurbineFormValues {
  turbineName: string;
  serialNumber?: string;
  turbineTypeGuid?: string | null;
  bladeTypeGuid?: string | null;
  nacelleTypeGuid?: string | null;
  towerTypeGuid?: string | null;
  foundationTypeGuid?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  blades: Array<{ name?: string; serialNumber?: string }>;
  devices: Array<{ guid: string; displayName?: string; bizId?: string; serialNumber?: string }>;
  assetConfigs: Array<{ packageType?: number; devices?: string[] }>;
}

const TYPE_FIELD: Record<ComponentKind, keyof TurbineFormValues> = {
  generator: 'turbineTypeGuid',
  blade: 'bladeTypeGuid',
  nacelle: 'nacelleTypeGuid',
  tower: 'towerTypeGuid',
  foundation: 'foundationTypeGuid',
};

const PACKAGE_TYPES = Object.keys(PACKAGE_TYPE_LABELS.en_us).map(Number);

/** Three empty blades named A, B, C: what a new turbine starts with. */
export function newTurbineValues(): TurbineFormValues {
  return {
    turbineName: '',
    blades: ['A', 'B', 'C'].slice(0, BLADES_PER_TURBINE).map((name) => ({ name, serialNumber: '' })),
    devices: [],
    assetConfigs: [],
  };
}

export function turbineToValues(t: TurbineView): TurbineFormValues {
  return {
    turbineName: t.turbineName,
    serialNumber: t.serialNumber ?? '',
    turbineTypeGuid: t.turbineTypeGuid,
    bladeTypeGuid: t.bladeTypeGuid,
    nacelleTypeGuid: t.nacelleTypeGuid,
    towerTypeGuid: t.towerTypeGuid,
    foundationTypeGuid: t.foundationTypeGuid,
    latitude: t.latitude,
    longitude: t.longitude,
    blades: [...t.blades].sort((a, b) => a.position - b.position).map((b) => ({ name: b.name, serialNumber: b.serialNumber })),
    devices: t.devices.map((d) => ({ guid: d.guid, displayName: d.displayName, bizId: d.bizId ?? '', serialNumber: d.serialNumber ?? '' })),
    assetConfigs: t.assetConfigs.map((c) => ({ packageType: c.packageType, devices: c.devices.map((d) => d.guid) })),
  };
}

/** The POST/PUT body of the form's values (trimmed; empty optional texts become null). */
export function toTurbineBody(v: TurbineFormValues): SaveTurbineDto {
  const text = (s?: string | null) => (s && s.trim() ? s.trim() : null);
  const deviceGuids = new Set((v.devices ?? []).map((d) => d.guid));
  return {
    turbineName: v.turbineName.trim(),
    serialNumber: text(v.serialNumber),
    turbineTypeGuid: v.turbineTypeGuid ?? null,
    bladeTypeGuid: v.bladeTypeGuid ?? null,
    nacelleTypeGuid: v.nacelleTypeGuid ?? null,
    towerTypeGuid: v.towerTypeGuid ?? null,
    foundationTypeGuid: v.foundationTypeGuid ?? null,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    blades: (v.blades ?? []).map((b) => ({ name: (b.name ?? '').trim(), serialNumber: (b.serialNumber ?? '').trim() })),
    devices: (v.devices ?? []).map((d) => ({
      guid: d.guid,
      displayName: (d.displayName ?? '').trim(),
      bizId: text(d.bizId),
      serialNumber: text(d.serialNumber),
    })),
    assetConfigs: (v.assetConfigs ?? [])
      .filter((c) => typeof c.packageType === 'number')
      .map((c) => ({ packageType: c.packageType as number, devices: (c.devices ?? []).filter((g) => deviceGuids.has(g)) })),
  };
}

function TypeSelect({ parkId, kind, label, name }: { parkId: string; kind: ComponentKind; label: string; name: string }) {
  const { t } = useTranslation('asset');
  const { data, isLoading } = useComponentTypesQuery({ parkId, kind });
  return (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        loading={isLoading}
        placeholder={t('types.none')}
        options={(data?.results ?? []).map((x) => ({ value: x.typeId, label: x.name }))}
      />
    </Form.Item>
  );
}

/** Create (turbine = null) or edit a turbine with exactly 3 blades, its types, devices and asset configs. */
export function TurbineFormModal({
  open,
  parkId,
  turbine,
  onClose,
}: {
  open: boolean;
  parkId: string;
  turbine: TurbineView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const [form] = Form.useForm<TurbineFormValues>();
  const [create, creating] = useTurbinesCreateMutation();
  const [update, updating] = useTurbinesUpdateMutation();
  const [bladeProblem, setBladeProblem] = useState<BladeProblem | null>(null);
  const devices = Form.useWatch('devices', form) ?? [];
  const error = turbine ? updating.error : creating.error;

  useEffect(() => {
    if (!open) return;
    creating.reset();
    updating.reset();
    setBladeProblem(null);
    form.resetFields();
    form.setFieldsValue(turbine ? turbineToValues(turbine) : newTurbineValues());
  }, [open, turbine]);

  const submit = async (): Promise<void> => {
    await form.validateFields();
    // All values, including the device guids that have no visible field.
    const values = form.getFieldsValue(true) as TurbineFormValues;
    // The contracts' blade rule, checked here first; the server checks it again.
    const problem = checkBlades(values.blades ?? []);
    setBladeProblem(problem);
    if (problem) return;
    const body = toTurbineBody(values);
    const result = turbine ? await update({ id: parkId, turbineId: turbine.turbineId, saveTurbineDto: body }) : await create({ id: parkId, saveTurbineDto: body });
    if (!result.error) onClose();
  };

  return (
    <Modal
      open={open}
      width={760}
      title={turbine ? t('config.editTurbine') : t('config.createTurbine')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={creating.isLoading || updating.isLoading}
      destroyOnHidden
    >
      <div data-testid="turbine-form">
        <ServerRefusal error={error} />
        <Form form={form} layout="vertical" name="turbine-form">
          <div className="asset-page__row" style={{ gap: 12 }}>
            <Form.Item name="turbineName" label={t('turbine.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="serialNumber" label={t('turbine.serialNumber')}>
              <Input maxLength={100} />
            </Form.Item>
          </div>
          <div className="asset-page__row" style={{ gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
            {COMPONENT_KINDS.map((kind) => (
              <TypeSelect key={kind} parkId={parkId} kind={kind} name={TYPE_FIELD[kind] as string} label={t(`types.kinds.${kind}`)} />
            ))}
          </div>
          <div className="asset-page__row" style={{ gap: 12 }}>
            <Form.Item name="latitude" label={t('park.latitude')} rules={[numberRule(t, 'latitude')]}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="longitude" label={t('park.longitude')} rules={[numberRule(t, 'longitude')]}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </div>

          <Divider titlePlacement="start">{t('turbine.bladesWithCount', { count: BLADES_PER_TURBINE })}</Divider>
          {bladeProblem && (
            <Alert type="error" showIcon title={bladeProblemText(bladeProblem, locale)} style={{ marginBottom: 12 }} data-testid="blade-error" />
          )}
          <Form.List name="blades">
            {(fields, { add, remove }) => (
              <div className="asset-blades">
                {fields.map((field, index) => (
                  <div className="asset-blades__row" key={field.key} data-testid="blade-row">
                    <span className="asset-blades__index">{index + 1}</span>
                    <Form.Item
                      name={[field.name, 'name']}
                      rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
                      validateStatus={bladeProblem?.indexes.includes(index) ? 'error' : undefined}
                      style={{ marginBottom: 0 }}
                    >
                      <Input placeholder={t('turbine.bladeName')} aria-label={`${t('turbine.bladeName')} ${index + 1}`} maxLength={50} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'serialNumber']}
                      rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
                      validateStatus={bladeProblem?.indexes.includes(index) ? 'error' : undefined}
                      style={{ marginBottom: 0 }}
                    >
                      <Input placeholder={t('turbine.bladeSerial')} aria-label={`${t('turbine.bladeSerial')} ${index + 1}`} maxLength={100} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={`${t('turbine.removeBlade')} ${index + 1}`}
                    />
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', serialNumber: '' })}>
                  {t('turbine.addBlade')}
                </Button>
              </div>
            )}
          </Form.List>

          <Divider titlePlacement="start">{t('turbine.devices')}</Divider>
          <Form.List name="devices">
            {(fields, { add, remove }) => (
              <div className="asset-blades">
                {fields.map((field) => (
                  <div className="asset-devices__row" key={field.key}>
                    <Form.Item
                      name={[field.name, 'displayName']}
                      rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
                      style={{ marginBottom: 0 }}
                    >
                      <Input placeholder={t('turbine.deviceName')} maxLength={100} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'bizId']} style={{ marginBottom: 0 }}>
                      <Input placeholder={t('turbine.deviceBizId')} maxLength={100} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'serialNumber']} style={{ marginBottom: 0 }}>
                      <Input placeholder={t('turbine.deviceSerial')} maxLength={100} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('turbine.removeDevice')} />
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ guid: uuidV4(), displayName: '' })}>
                  {t('turbine.addDevice')}
                </Button>
              </div>
            )}
          </Form.List>

          <Divider titlePlacement="start">{t('turbine.assetConfigs')}</Divider>
          <Typography.Paragraph type="secondary">{t('turbine.assetConfigsHint')}</Typography.Paragraph>
          <Form.List name="assetConfigs">
            {(fields, { add, remove }) => (
              <div className="asset-blades">
                {fields.map((field) => (
                  <div className="asset-blades__row" style={{ gridTemplateColumns: '1fr 2fr 32px' }} key={field.key}>
                    <Form.Item name={[field.name, 'packageType']} rules={[{ required: true, message: t('validation.required') }]} style={{ marginBottom: 0 }}>
                      <Select
                        placeholder={t('turbine.packageType')}
                        options={PACKAGE_TYPES.map((p) => ({
                          value: p,
                          label: labelOf(PACKAGE_TYPE_LABELS, p as keyof (typeof PACKAGE_TYPE_LABELS)['en_us'], locale),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'devices']} style={{ marginBottom: 0 }}>
                      <Select
                        mode="multiple"
                        placeholder={t('turbine.devices')}
                        options={devices.filter((d) => d?.guid).map((d) => ({ value: d.guid, label: d.displayName || d.guid.slice(0, 8) }))}
                      />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('turbine.removeAssetConfig')} />
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ devices: [] })}>
                  {t('turbine.addAssetConfig')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form>
      </div>
    </Modal>
  );
}
