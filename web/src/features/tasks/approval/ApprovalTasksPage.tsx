import { usePageTitle } from '@/shared/pageTitle';
import { useState } from 'react';
import { Alert, Badge, Button, Form, Result, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { RE_INSPECTION_STATUS_LABELS, ReInspectionStatus, labelOf } from '../contracts';
import {
  APPROVAL_SORT_FIELDS,
  approvalParams,
  errorMessage,
  formatDay,
  formatTime,
  type ApprovalFilters,
  type ApprovalSortField,
  type PageState,
} from '../logic';
import { taskPaths, useReinspectionListQuery, useTaskOrganizationsQuery, type ApprovalTaskView } from '../tasksApi';
import { FilterButtons, PickFilter, PlaceFilters } from '../components/FilterParts';
import { useTaskRights } from '../components/useTaskRights';
import { DecisionModal } from './DecisionModal';
import '../tasks.css';

const STATUS_COLORS: Record<number, string> = {
  [ReInspectionStatus.PROCESSING]: 'processing',
  [ReInspectionStatus.APPROVED]: 'success',
  [ReInspectionStatus.REJECTED]: 'error',
};

/** /deliveryManagement/approvalTasks: re-inspection requests (SPEC §3 "Approval task"), waiting ones counted in the title; approve / reject. */
export function Component() {
  const { t } = useTranslation('tasks');
  // The page is titled like its menu entry (issue #15).
  const pageTitle = usePageTitle(t('approval.title'));
  const locale = useLocale();
  const rights = useTaskRights();
  const [form] = Form.useForm<ApprovalFilters>();
  const [filters, setFilters] = useState<ApprovalFilters>({});
  const [page, setPage] = useState<PageState>({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<{ field?: ApprovalSortField; descending?: boolean }>({});
  const [deciding, setDeciding] = useState<ApprovalTaskView | null>(null);
  const list = useReinspectionListQuery(approvalParams(filters, page, sort), { skip: !rights.approvalShow });
  const organizations = useTaskOrganizationsQuery(undefined, { skip: !rights.approvalShow });

  if (!rights.approvalShow)
    return (
      <div className="tasks-page" data-testid="page-approvalTasks">
        <Result status="403" title={t('approval.noAccess')} data-testid="tasks-no-access" />
      </div>
    );

  const order = (field: ApprovalSortField) => ({
    key: field,
    sorter: true,
    sortOrder: sort.field === field ? (sort.descending ? ('descend' as const) : ('ascend' as const)) : null,
  });
  const text = (v: string | null) => v || '–';
  const columns: TableProps<ApprovalTaskView>['columns'] = [
    { key: 'inspectionId', dataIndex: 'inspectionId', title: t('columns.inspectionId'), render: text },
    { ...order('customerName'), dataIndex: 'customerName', title: t('columns.customer'), render: text },
    { ...order('windfarmName'), dataIndex: 'windfarmName', title: t('columns.windfarm'), render: text },
    { ...order('turbineName'), dataIndex: 'turbineName', title: t('columns.turbine'), render: text },
    {
      ...order('inspectionDate'),
      dataIndex: 'inspectionDate',
      title: t('columns.inspectionDate'),
      render: (v: string | null) => formatDay(v),
    },
    { key: 'requester', dataIndex: 'requester', title: t('approval.requester'), render: text },
    {
      ...order('requestTime'),
      dataIndex: 'requestTime',
      title: t('approval.requestTime'),
      render: (v: string | null) => formatTime(v, locale),
    },
    { key: 'requestComments', dataIndex: 'requestComments', title: t('approval.requestComments'), render: text },
    {
      key: 'sourceUrl',
      dataIndex: 'sourceUrl',
      title: t('approval.sourceUrl'),
      render: (v: string | null) =>
        v ? (
          <Typography.Link href={v} target="_blank" rel="noopener noreferrer">
            {t('approval.openSource')}
          </Typography.Link>
        ) : (
          '–'
        ),
    },
    {
      ...order('reInspectionStatus'),
      dataIndex: 'reInspectionStatus',
      title: t('approval.reInspectionStatus'),
      render: (v: number) => <Tag color={STATUS_COLORS[v]}>{labelOf(RE_INSPECTION_STATUS_LABELS, v as ReInspectionStatus, locale)}</Tag>,
    },
    { key: 'processor', dataIndex: 'processor', title: t('approval.processor'), render: text },
    {
      ...order('processTime'),
      dataIndex: 'processTime',
      title: t('approval.processTime'),
      render: (v: string | null) => formatTime(v, locale),
    },
    { key: 'processComments', dataIndex: 'processComments', title: t('approval.processComments'), render: text },
    { key: 'orgName', dataIndex: 'orgName', title: t('columns.organization'), render: text },
    { key: 'pilot', dataIndex: 'pilot', title: t('approval.pilot'), render: text },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_: unknown, r: ApprovalTaskView) =>
        rights.approvalEdit && r.requestStatus === 0 ? (
          <Button
            type="link"
            size="small"
            aria-label={t('approval.decideOf', { name: r.turbineName ?? '' })}
            onClick={() => setDeciding(r)}
          >
            {t('approval.decide')}
          </Button>
        ) : null,
    },
  ];

  const apply = (v: ApprovalFilters): void => {
    setFilters(v);
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };

  return (
    <div className="tasks-page" data-testid="page-approvalTasks">
      <Space align="center" className="tasks-page__title" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {pageTitle}
        </Typography.Title>
        <Badge
          count={list.data?.processingCount ?? 0}
          showZero
          overflowCount={9999}
          color={list.data?.processingCount ? '#faad14' : '#d9d9d9'}
          title={t('approval.processingCount', { n: list.data?.processingCount ?? 0 })}
          data-testid="approval-processing-count"
        />
        <Typography.Text type="secondary">{t('approval.processingCount', { n: list.data?.processingCount ?? 0 })}</Typography.Text>
      </Space>
      <Form form={form} layout="inline" className="tasks-page__filters" onFinish={apply} data-testid="approval-filters">
        <PlaceFilters />
        <Form.Item name="requestStatus" label={t('approval.requestStatus')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={[
              { value: 0, label: t('approval.waiting') },
              { value: 1, label: t('approval.decided') },
            ]}
          />
        </Form.Item>
        <Form.Item name="reInspectionStatus" label={t('approval.reInspectionStatus')}>
          <Select
            allowClear
            style={{ width: 150 }}
            options={[ReInspectionStatus.PROCESSING, ReInspectionStatus.APPROVED, ReInspectionStatus.REJECTED].map((v) => ({
              value: v,
              label: labelOf(RE_INSPECTION_STATUS_LABELS, v, locale),
            }))}
          />
        </Form.Item>
        <PickFilter
          name="orgId"
          label={t('filters.organization')}
          width={170}
          options={(organizations.data ?? []).map((o) => ({ value: o.organizationGuid, label: o.organizationName }))}
        />
        <FilterButtons onReset={() => apply({})} />
      </Form>
      {list.error && !list.data && <Alert type="error" showIcon title={errorMessage(list.error, locale, taskPaths.approvalTasks)} />}
      <Table<ApprovalTaskView>
        rowKey="requestId"
        size="small"
        data-testid="approval-table"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching && !list.data}
        columns={columns}
        dataSource={list.data?.results ?? []}
        locale={{ emptyText: t('approval.empty') }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: list.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('approval.total', { total }),
        }}
        onChange={(pagination, _f, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ApprovalTaskView> | undefined;
          const key = String(s?.columnKey ?? '');
          setSort(
            s?.order && (APPROVAL_SORT_FIELDS as readonly string[]).includes(key)
              ? { field: key as ApprovalSortField, descending: s.order === 'descend' }
              : {},
          );
          setPage({ pageIndex: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
        }}
      />
      <DecisionModal request={deciding} onClose={() => setDeciding(null)} />
    </div>
  );
}
