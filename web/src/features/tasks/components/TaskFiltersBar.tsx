import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/store';
import { useLocale } from '@/shared/useLocale';
import {
  PACKAGE_TYPE_LABELS,
  PROJECT_TYPE_LABELS,
  TASK_STAGE_ORDER,
  TASK_STATUS_LABELS,
  labelOf,
  type PackageType,
  type ProjectType,
  type TaskStatus,
} from '../contracts';
import { AUTOMATIC_STAGES, type TaskFilters } from '../logic';
import { useOrganizationsQuery, usePilotsQuery, useTaskCustomersQuery, useTaskHandlersQuery, useTaskParksQuery } from '../tasksApi';
import { userLabel } from '../actions/AssignHandlerModal';
import { stageLabel } from './StageProgress';

interface FormValues {
  inspectionId?: string;
  customerId?: string;
  windfarmId?: string;
  turbineName?: string;
  taskStageType?: number;
  taskStatusType?: number;
  packageType?: number;
  inspectionRange?: [Dayjs, Dayjs] | null;
  uploadRange?: [Dayjs, Dayjs] | null;
  handleByUserId?: string;
  organizationId?: string;
  inspectionStaffId?: string;
  projectType?: number;
}

/** The SPEC §3 filters beyond the pool's: handler, organization, inspection staff (pilots) and project type. */
function ExtendedFilters() {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const me = useAppSelector((s) => s.session.personalInfo?.id ?? '');
  const [keyword, setKeyword] = useState('');
  const handlers = useTaskHandlersQuery(keyword.trim());
  const organizations = useOrganizationsQuery();
  const pilots = usePilotsQuery(me, { skip: !me });
  const projectOptions = Object.keys(PROJECT_TYPE_LABELS.en_us).map((k) => ({
    value: Number(k),
    label: labelOf(PROJECT_TYPE_LABELS, Number(k) as ProjectType, locale),
  }));
  return (
    <>
      <Form.Item name="handleByUserId" label={t('filters.handler')}>
        <Select
          allowClear
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          style={{ width: 170 }}
          loading={handlers.isFetching}
          options={(handlers.data ?? []).map((u) => ({ value: u.userId, label: userLabel(u) }))}
        />
      </Form.Item>
      <Form.Item name="organizationId" label={t('filters.organization')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 170 }}
          loading={organizations.isLoading}
          options={(organizations.data ?? []).map((o) => ({ value: o.organizationGuid, label: o.organizationName }))}
        />
      </Form.Item>
      <Form.Item name="inspectionStaffId" label={t('filters.inspectionStaff')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 160 }}
          loading={pilots.isLoading}
          options={(pilots.data ?? []).map((u) => ({ value: u.userId, label: userLabel(u) }))}
        />
      </Form.Item>
      <Form.Item name="projectType" label={t('filters.projectType')}>
        <Select allowClear style={{ width: 150 }} options={projectOptions} />
      </Form.Item>
    </>
  );
}

const day = (d: Dayjs): string => d.format('YYYY-MM-DD');

/** SPEC §3 task-list filters; applied with Search, cleared with Reset. `extended` adds handler, organization, staff and project type. */
export function TaskFiltersBar({
  onApply,
  manualStagesOnly = false,
  extended = false,
}: {
  onApply: (f: TaskFilters) => void;
  manualStagesOnly?: boolean;
  extended?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const [form] = Form.useForm<FormValues>();
  const customers = useTaskCustomersQuery();
  const parks = useTaskParksQuery();
  const customerId = Form.useWatch('customerId', form);

  const stageOptions = TASK_STAGE_ORDER.filter((s) => !manualStagesOnly || !AUTOMATIC_STAGES.includes(s)).map((s) => ({
    value: s,
    label: stageLabel(s, locale),
  }));
  const statusOptions = Object.keys(TASK_STATUS_LABELS.en_us).map((k) => ({
    value: Number(k),
    label: labelOf(TASK_STATUS_LABELS, Number(k) as TaskStatus, locale),
  }));
  const packageOptions = Object.keys(PACKAGE_TYPE_LABELS.en_us).map((k) => ({
    value: Number(k),
    label: labelOf(PACKAGE_TYPE_LABELS, Number(k) as PackageType, locale),
  }));
  const parkOptions = (parks.data ?? [])
    .filter((p) => !customerId || p.customerId === customerId)
    .map((p) => ({ value: p.windFarmId, label: p.windFarmName }));
  const customerOptions = (customers.data ?? []).map((c) => ({ value: c.customerId, label: c.customerName }));

  const apply = (v: FormValues): void =>
    onApply({
      inspectionId: v.inspectionId,
      customerId: v.customerId,
      windfarmId: v.windfarmId,
      turbineName: v.turbineName,
      taskStageType: v.taskStageType,
      taskStatusType: v.taskStatusType,
      packageType: v.packageType,
      inspectionRange: v.inspectionRange ? [day(v.inspectionRange[0]), day(v.inspectionRange[1])] : null,
      uploadRange: v.uploadRange ? [day(v.uploadRange[0]), day(v.uploadRange[1])] : null,
      handleByUserId: v.handleByUserId,
      organizationId: v.organizationId,
      inspectionStaffId: v.inspectionStaffId,
      projectType: v.projectType,
    });

  return (
    <Form form={form} layout="inline" className="tasks-page__filters" onFinish={apply} data-testid="task-filters">
      <Form.Item name="inspectionId" label={t('filters.inspectionId')}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="customerId" label={t('filters.customer')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 170 }}
          options={customerOptions}
          loading={customers.isLoading}
        />
      </Form.Item>
      <Form.Item name="windfarmId" label={t('filters.windfarm')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 170 }}
          options={parkOptions}
          loading={parks.isLoading}
        />
      </Form.Item>
      <Form.Item name="turbineName" label={t('filters.turbineName')}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="taskStageType" label={t('filters.stage')}>
        <Select allowClear style={{ width: 150 }} options={stageOptions} />
      </Form.Item>
      <Form.Item name="taskStatusType" label={t('filters.status')}>
        <Select allowClear style={{ width: 130 }} options={statusOptions} />
      </Form.Item>
      <Form.Item name="packageType" label={t('filters.packageType')}>
        <Select allowClear style={{ width: 160 }} options={packageOptions} />
      </Form.Item>
      <Form.Item name="inspectionRange" label={t('filters.inspectionDate')}>
        <DatePicker.RangePicker allowClear />
      </Form.Item>
      <Form.Item name="uploadRange" label={t('filters.uploadDate')}>
        <DatePicker.RangePicker allowClear />
      </Form.Item>
      {extended && <ExtendedFilters />}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('filters.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              apply({});
            }}
          >
            {t('filters.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
