import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
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
import { useTaskOrganizationsQuery, usePilotsQuery, useTaskHandlersQuery } from '../tasksApi';
import { userLabel } from '../actions/AssignHandlerModal';
import { stageLabel } from './StageProgress';
import { FilterButtons, PickFilter, PlaceFilters } from './FilterParts';

/** The filters as the form holds them: date ranges as pickers' values. */
type FormValues = Omit<TaskFilters, 'inspectionRange' | 'uploadRange'> & {
  inspectionRange?: [Dayjs | null, Dayjs | null] | null;
  uploadRange?: [Dayjs | null, Dayjs | null] | null;
};

/** The SPEC §3 filters beyond the pool's: handler, organization, inspection staff (pilots) and project type. */
function ExtendedFilters() {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const me = useAppSelector((s) => s.session.personalInfo?.id ?? '');
  const [keyword, setKeyword] = useState('');
  const handlers = useTaskHandlersQuery(keyword.trim());
  const organizations = useTaskOrganizationsQuery();
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
      <PickFilter
        name="organizationId"
        label={t('filters.organization')}
        width={170}
        loading={organizations.isLoading}
        options={(organizations.data ?? []).map((o) => ({ value: o.organizationGuid, label: o.organizationName }))}
      />
      <PickFilter
        name="inspectionStaffId"
        label={t('filters.inspectionStaff')}
        width={160}
        loading={pilots.isLoading}
        options={(pilots.data ?? []).map((u) => ({ value: u.userId, label: userLabel(u) }))}
      />
      <Form.Item name="projectType" label={t('filters.projectType')}>
        <Select allowClear style={{ width: 150 }} options={projectOptions} />
      </Form.Item>
    </>
  );
}

const day = (d: Dayjs | null): string | null => (d ? d.format('YYYY-MM-DD') : null);

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
      <PlaceFilters showLoading />
      <Form.Item name="taskStageType" label={t('filters.stage')}>
        <Select allowClear style={{ width: 150 }} options={stageOptions} />
      </Form.Item>
      <Form.Item name="taskStatusType" label={t('filters.status')}>
        <Select allowClear style={{ width: 130 }} options={statusOptions} />
      </Form.Item>
      <Form.Item name="packageType" label={t('filters.packageType')}>
        <Select allowClear style={{ width: 160 }} options={packageOptions} />
      </Form.Item>
      {/* Either side may stay open ("from" / "until"): with both required, the picker kept the
          keyboard focus on an empty start field and Tab could not leave it (WCAG 2.1.2). */}
      <Form.Item name="inspectionRange" label={t('filters.inspectionDate')}>
        <DatePicker.RangePicker allowClear allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item name="uploadRange" label={t('filters.uploadDate')}>
        <DatePicker.RangePicker allowClear allowEmpty={[true, true]} />
      </Form.Item>
      {extended && <ExtendedFilters />}
      <FilterButtons onReset={() => apply({})} />
    </Form>
  );
}
