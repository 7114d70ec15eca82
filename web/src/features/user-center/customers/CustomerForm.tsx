import { Alert, App, Button, Card, Checkbox, DatePicker, Divider, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { useLocale } from '@/shared/useLocale';
import { COMPONENT_TYPES, COMPONENT_TYPE_LABELS, CUSTOMER_TYPE_LABELS, OPTIONAL_FLOW_FEATURES } from '../contracts';
import {
  blankToNull,
  dateOnly,
  duplicateComponentTypes,
  errorMessage,
  mergeComponentConfigs,
  mergeFlowConfigs,
  toDayjs,
} from '../logic';
import { useOrganizationOptions } from '../lookups';
import { FormDrawer, useSaveFailure } from '../FormDrawer';
import {
  userCenterPaths,
  useCustomersCreateMutation,
  useCustomerDataConfigsQuery,
  useCustomersUpdateMutation,
  type Customer,
  type SaveCustomerDto,
} from '../userCenterApi';

interface CustomerFormValues {
  customerName: string;
  customerTypeId?: number | null;
  organizationId?: string | null;
  maxTurbines?: number | null;
  maxFlightTimes?: number | null;
  validDate?: Dayjs | null;
  customerAddress?: string;
  contactor?: string;
  post?: string;
  phone?: string;
  componentConfigs: { componentType: number; permission?: boolean; inspectionDataConfigId?: string | null }[];
  flowConfigs: { componentType: number; features?: string[] }[];
}

/** Server refusals that belong to a field; the rest show below the form. */
const SAVE_FIELD_OF_CODE = { CUSTOMER_NAME_EXISTS: 'customerName' } as const;

/** Create or edit a customer (SPEC §3 Customer): details, component configs and flow configs. */
export function CustomerFormDrawer({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<CustomerFormValues>();
  const [createCustomer, creating] = useCustomersCreateMutation();
  const [updateCustomer, updating] = useCustomersUpdateMutation();
  const orgs = useOrganizationOptions();
  const dataConfigs = useCustomerDataConfigsQuery();
  const { failure, clear, refuse } = useSaveFailure(form, SAVE_FIELD_OF_CODE);
  const isNew = customer === null;

  const typeOptions = Object.entries(CUSTOMER_TYPE_LABELS[locale]).map(([id, label]) => ({ value: Number(id), label }));
  const componentOptions = COMPONENT_TYPES.map((c) => ({ value: c, label: COMPONENT_TYPE_LABELS[locale][c] }));
  const featureOptions = OPTIONAL_FLOW_FEATURES.map((f) => ({ value: f, label: t(`customers.features.${f}`) }));
  const dataConfigOptions = (componentType: number | undefined) =>
    (dataConfigs.data ?? []).filter((d) => componentType === undefined || d.componentType === componentType).map((d) => ({ value: d.id, label: d.name }));

  const initialValues: Partial<CustomerFormValues> = customer
    ? {
        customerName: customer.customerName,
        customerTypeId: customer.customerTypeId ?? undefined,
        organizationId: customer.organizationId ?? undefined,
        maxTurbines: customer.maxTurbines,
        maxFlightTimes: customer.maxFlightTimes,
        validDate: toDayjs(customer.validDate),
        customerAddress: customer.customerAddress ?? undefined,
        contactor: customer.contactor ?? undefined,
        post: customer.post ?? undefined,
        phone: customer.phone ?? undefined,
        componentConfigs: customer.componentConfigs.map((c) => ({
          componentType: c.componentType,
          permission: c.permission ?? true,
          inspectionDataConfigId: c.inspectionDataConfigId ?? undefined,
        })),
        flowConfigs: customer.flowConfigs.map((f) => ({ componentType: f.componentType, features: f.features })),
      }
    : { componentConfigs: [], flowConfigs: [] };

  const uniqueTypes = (listName: 'componentConfigs' | 'flowConfigs') => ({
    validator: () => {
      const dup = duplicateComponentTypes(form.getFieldValue(listName) ?? []);
      return dup.length
        ? Promise.reject(new Error(t('customers.duplicateComponent', { names: dup.map((d) => COMPONENT_TYPE_LABELS[locale][d as 0]).join(', ') })))
        : Promise.resolve();
    },
  });

  const onFinish = async (v: CustomerFormValues): Promise<void> => {
    clear();
    const body: SaveCustomerDto = {
      customerName: v.customerName.trim(),
      customerTypeId: v.customerTypeId ?? null,
      organizationId: v.organizationId ?? null,
      maxTurbines: v.maxTurbines ?? null,
      maxFlightTimes: v.maxFlightTimes ?? null,
      validDate: dateOnly(v.validDate),
      customerAddress: blankToNull(v.customerAddress),
      contactor: blankToNull(v.contactor),
      post: blankToNull(v.post),
      phone: blankToNull(v.phone),
      componentConfigs: mergeComponentConfigs(v.componentConfigs ?? [], customer?.componentConfigs),
      flowConfigs: mergeFlowConfigs(v.flowConfigs ?? [], customer?.flowConfigs),
      ...(customer ? { version: customer.version } : {}),
    };
    const result = isNew ? await createCustomer({ saveCustomerDto: body }) : await updateCustomer({ id: customer.customerId, saveCustomerDto: body });
    if (result.error) {
      refuse(result.error, userCenterPaths.customers);
      return;
    }
    void message.success(isNew ? t('customers.created', { name: body.customerName }) : t('customers.saved', { name: body.customerName }));
    onClose();
  };

  return (
    <FormDrawer<CustomerFormValues>
      form={form}
      size={720}
      title={isNew ? t('customers.create') : t('customers.editTitle', { name: customer.customerName })}
      testId="customer-form"
      saving={creating.isLoading || updating.isLoading}
      initialValues={initialValues}
      onFinish={onFinish}
      onClose={onClose}
    >
        <Form.Item
          name="customerName"
          label={t('customers.name')}
          rules={[
            { required: true, whitespace: true, message: t('common.required') },
            { max: 100, message: t('common.tooLong', { max: 100 }) },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="customerTypeId" label={t('customers.type')} style={{ flex: 1 }}>
            <Select allowClear options={typeOptions} />
          </Form.Item>
          <Form.Item name="organizationId" label={t('customers.organization')} style={{ flex: 1 }}>
            <Select allowClear options={orgs.options} loading={orgs.loading} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="maxTurbines" label={t('customers.maxTurbines')} style={{ flex: 1 }}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="maxFlightTimes" label={t('customers.maxFlightTimes')} style={{ flex: 1 }}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="validDate" label={t('customers.validDate')} style={{ flex: 1 }}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="customerAddress" label={t('customers.address')} rules={[{ max: 200, message: t('common.tooLong', { max: 200 }) }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="contactor" label={t('customers.contact')} style={{ flex: 1 }} rules={[{ max: 100, message: t('common.tooLong', { max: 100 }) }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="post" label={t('customers.post')} style={{ flex: 1 }} rules={[{ max: 100, message: t('common.tooLong', { max: 100 }) }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="phone" label={t('customers.phone')} style={{ flex: 1 }} rules={[{ max: 50, message: t('common.tooLong', { max: 50 }) }]}>
            <Input maxLength={50} />
          </Form.Item>
        </Space.Compact>

        <Divider titlePlacement="start">{t('customers.componentConfigs')}</Divider>
        <Form.List name="componentConfigs" rules={[uniqueTypes('componentConfigs')]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Card size="small" key={field.key} style={{ marginBottom: 8 }} data-testid="component-config">
                  <div className="user-center__config-row">
                    <Form.Item name={[field.name, 'componentType']} label={t('customers.componentType')} rules={[{ required: true, message: t('common.required') }]} style={{ minWidth: 160 }}>
                      <Select options={componentOptions} onChange={() => void form.validateFields(['componentConfigs'])} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'permission']} label={t('customers.permission')} valuePropName="checked" initialValue={true}>
                      <Switch />
                    </Form.Item>
                    <Form.Item
                      noStyle
                      shouldUpdate={(a, b) => a.componentConfigs?.[field.name]?.componentType !== b.componentConfigs?.[field.name]?.componentType}
                    >
                      {() => (
                        <Form.Item name={[field.name, 'inspectionDataConfigId']} label={t('customers.inspectionDataConfig')} style={{ minWidth: 200, flex: 1 }}>
                          <Select allowClear loading={dataConfigs.isFetching} options={dataConfigOptions(form.getFieldValue(['componentConfigs', field.name, 'componentType']))} />
                        </Form.Item>
                      )}
                    </Form.Item>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.remove')} onClick={() => remove(field.name)} style={{ marginTop: 30 }} />
                  </div>
                </Card>
              ))}
              <Form.ErrorList errors={errors} />
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ permission: true })} disabled={fields.length >= COMPONENT_TYPES.length}>
                {t('customers.addComponentConfig')}
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">{t('customers.flowConfigs')}</Divider>
        <Form.List name="flowConfigs" rules={[uniqueTypes('flowConfigs')]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Card size="small" key={field.key} style={{ marginBottom: 8 }} data-testid="flow-config">
                  <div className="user-center__config-row">
                    <Form.Item name={[field.name, 'componentType']} label={t('customers.componentType')} rules={[{ required: true, message: t('common.required') }]} style={{ minWidth: 160 }}>
                      <Select options={componentOptions} onChange={() => void form.validateFields(['flowConfigs'])} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'features']} label={t('customers.features.label')} initialValue={[]} style={{ flex: 1 }}>
                      <Checkbox.Group options={featureOptions} />
                    </Form.Item>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.remove')} onClick={() => remove(field.name)} style={{ marginTop: 30 }} />
                  </div>
                </Card>
              ))}
              <Form.ErrorList errors={errors} />
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ features: [] })} disabled={fields.length >= COMPONENT_TYPES.length}>
                {t('customers.addFlowConfig')}
              </Button>
            </>
          )}
        </Form.List>
        {failure !== null && (
          <Alert type="error" showIcon style={{ marginTop: 16 }} title={errorMessage(failure, locale, userCenterPaths.customers)} data-testid="customer-form-error" />
        )}
    </FormDrawer>
  );
}
