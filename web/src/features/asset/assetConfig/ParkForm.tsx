import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlantsCreateMutation, useAssetCustomersQuery, usePlantsUpdateMutation, type PlantView, type SavePlantDto } from '../assetApi';
import { ServerRefusal } from '../components';
import { numberRule } from './formRules';

interface ParkFormValues {
  windFarmName: string;
  customerId: string;
  latitude?: number | null;
  longitude?: number | null;
  province?: string;
  city?: string;
  region?: string;
  capacity?: number | null;
}

export function toParkBody(v: ParkFormValues): SavePlantDto {
  const text = (s?: string) => (s && s.trim() ? s.trim() : null);
  return {
    windFarmName: v.windFarmName.trim(),
    customerId: v.customerId,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    province: text(v.province),
    city: text(v.city),
    region: text(v.region),
    capacity: v.capacity ?? null,
  };
}

/** Create (park = null) or edit a wind park. */
export function ParkFormModal({ open, park, onClose }: { open: boolean; park: PlantView | null; onClose: () => void }) {
  const { t } = useTranslation('asset');
  const [form] = Form.useForm<ParkFormValues>();
  const customers = useAssetCustomersQuery(undefined, { skip: !open });
  const [create, creating] = usePlantsCreateMutation();
  const [update, updating] = usePlantsUpdateMutation();
  const error = park ? updating.error : creating.error;

  useEffect(() => {
    if (!open) return;
    creating.reset();
    updating.reset();
    form.resetFields();
    if (park) {
      form.setFieldsValue({
        windFarmName: park.windFarmName,
        customerId: park.customerId,
        latitude: park.latitude,
        longitude: park.longitude,
        province: park.province ?? '',
        city: park.city ?? '',
        region: park.region ?? '',
        capacity: park.capacity,
      });
    }
  }, [open, park]);

  const submit = async (): Promise<void> => {
    const values = await form.validateFields();
    const body = toParkBody(values);
    const result = park ? await update({ id: park.windFarmId, savePlantDto: body }) : await create({ savePlantDto: body });
    if (!('error' in result) || !result.error) onClose();
  };

  return (
    <Modal
      open={open}
      title={park ? t('config.editPark') : t('config.createPark')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={creating.isLoading || updating.isLoading}
      destroyOnHidden
    >
      <ServerRefusal error={error} />
      <Form form={form} layout="vertical" name="park-form">
        <Form.Item name="windFarmName" label={t('park.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="customerId" label={t('park.customer')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={customers.isLoading}
            options={(customers.data ?? []).map((c) => ({ value: c.customerId, label: c.customerName }))}
          />
        </Form.Item>
        <Form.Item name="region" label={t('park.region')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="province" label={t('park.province')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="city" label={t('park.city')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="latitude" label={t('park.latitude')} rules={[numberRule(t, 'latitude')]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="longitude" label={t('park.longitude')} rules={[numberRule(t, 'longitude')]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="capacity" label={t('park.capacityField')} rules={[numberRule(t, 'capacity')]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
