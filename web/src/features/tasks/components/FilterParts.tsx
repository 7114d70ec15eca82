import { Button, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useTaskCustomersQuery, useTaskParksQuery } from '../tasksApi';

/** A searchable single-choice filter (options matched by their label). */
export function PickFilter({
  name,
  label,
  width,
  options,
  loading,
}: {
  name: string;
  label: string;
  width: number;
  options: { value: string; label: string }[];
  loading?: boolean;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width }} options={options} loading={loading} />
    </Form.Item>
  );
}

/**
 * The first filters of every task list: inspection id, customer, wind park (only the chosen
 * customer's) and turbine name. Inside the list's Form. `showLoading`: spin while options load.
 */
export function PlaceFilters({ showLoading = false }: { showLoading?: boolean }) {
  const { t } = useTranslation('tasks');
  const form = Form.useFormInstance();
  const customerId = Form.useWatch('customerId', form) as string | undefined;
  const customers = useTaskCustomersQuery();
  const parks = useTaskParksQuery();
  const parkOptions = (parks.data ?? [])
    .filter((p) => !customerId || p.customerId === customerId)
    .map((p) => ({ value: p.windFarmId, label: p.windFarmName }));
  const customerOptions = (customers.data ?? []).map((c) => ({ value: c.customerId, label: c.customerName }));
  return (
    <>
      <Form.Item name="inspectionId" label={t('filters.inspectionId')}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <PickFilter
        name="customerId"
        label={t('filters.customer')}
        width={170}
        options={customerOptions}
        loading={showLoading ? customers.isLoading : undefined}
      />
      <PickFilter name="windfarmId" label={t('filters.windfarm')} width={170} options={parkOptions} loading={showLoading ? parks.isLoading : undefined} />
      <Form.Item name="turbineName" label={t('filters.turbineName')}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
    </>
  );
}

/** Search submits the filters form; Reset clears it and applies no filters. */
export function FilterButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation('tasks');
  const form = Form.useFormInstance();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('filters.search')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          {t('filters.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}
