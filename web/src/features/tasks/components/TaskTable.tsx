import type { ReactNode } from 'react';
import { Table, Tag } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { PACKAGE_TYPE_LABELS, TASK_STATUS_LABELS, labelOf, type PackageType, type PageResult, type TaskStatus } from '../contracts';
import { formatDay, formatTime, sortFromTable, sortOrderOf, taskStatusColor, type PageState, type SortState } from '../logic';
import type { TaskView, TaskSortField } from '../tasksApi';
import { StageProgress } from './StageProgress';

/** Columns some lists add to the common ones. */
export type ExtraTaskColumn = 'inspectionId' | 'organizationName' | 'inspectionStaffName' | 'createTime' | 'completeTime';

export interface TaskTableProps {
  data: PageResult<TaskView> | undefined;
  loading: boolean;
  page: PageState;
  sort: SortState;
  onChange: (page: PageState, sort: SortState) => void;
  actions: (task: TaskView) => ReactNode;
  emptyText: string;
  extraColumns?: readonly ExtraTaskColumn[];
  /** A click on the row (outside its buttons) opens the task. */
  onOpen?: (task: TaskView) => void;
}

/** The SPEC §3 task item as a server-paged, server-sorted table (pool, my tasks, today's tasks, history). */
export function TaskTable({ data, loading, page, sort, onChange, actions, emptyText, extraColumns = [], onOpen }: TaskTableProps) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const sorted = (key: TaskSortField) => ({ key, sorter: true, sortOrder: sortOrderOf(key, sort) });
  const has = (c: ExtraTaskColumn): boolean => extraColumns.includes(c);
  const time = (v: string | null) => formatTime(v, locale);

  const columns: TableProps<TaskView>['columns'] = [
    ...(has('inspectionId')
      ? [{ key: 'inspectionId', dataIndex: 'inspectionId', title: t('columns.inspectionId'), render: (v: string | null) => v ?? '–' }]
      : []),
    { ...sorted('turbineName'), dataIndex: 'turbineName', title: t('columns.turbine') },
    { ...sorted('windfarmName'), dataIndex: 'windfarmName', title: t('columns.windfarm') },
    { ...sorted('customerName'), dataIndex: 'customerName', title: t('columns.customer') },
    { ...sorted('taskStageTypes'), title: t('columns.stage'), render: (_: unknown, task: TaskView) => <StageProgress task={task} /> },
    {
      ...sorted('taskStatusType'),
      dataIndex: 'taskStatusType',
      title: t('columns.status'),
      render: (v: number) => <Tag color={taskStatusColor(v)}>{labelOf(TASK_STATUS_LABELS, v as TaskStatus, locale)}</Tag>,
    },
    {
      ...sorted('packageType'),
      dataIndex: 'packageType',
      title: t('columns.packageType'),
      render: (v: number | null) => (v == null ? '–' : labelOf(PACKAGE_TYPE_LABELS, v as PackageType, locale)),
    },
    { key: 'handler', title: t('columns.handler'), render: (_: unknown, task: TaskView) => task.handlebyNames.join(', ') || '–' },
    ...(has('organizationName')
      ? [
          {
            ...sorted('organizationName'),
            dataIndex: 'organizationName',
            title: t('columns.organization'),
            render: (v: string | null) => v || '–',
          },
        ]
      : []),
    ...(has('inspectionStaffName')
      ? [
          {
            ...sorted('inspectionStaffName'),
            dataIndex: 'inspectionStaffName',
            title: t('columns.inspectionStaff'),
            render: (v: string | null) => v || '–',
          },
        ]
      : []),
    {
      ...sorted('inspectionDate'),
      dataIndex: 'inspectionDate',
      title: t('columns.inspectionDate'),
      render: (v: string | null) => formatDay(v),
    },
    { ...sorted('uploadedTime'), dataIndex: 'uploadedTime', title: t('columns.uploadedTime'), render: time },
    ...(has('createTime') ? [{ ...sorted('createTime'), dataIndex: 'createTime', title: t('columns.createTime'), render: time }] : []),
    ...(has('completeTime') ? [{ key: 'completeTime', dataIndex: 'completeTime', title: t('columns.completeTime'), render: time }] : []),
    { ...sorted('updateTime'), dataIndex: 'updateTime', title: t('columns.updateTime'), render: time },
    { key: 'actions', title: t('columns.actions'), fixed: 'right', render: (_: unknown, task: TaskView) => actions(task) },
  ];

  return (
    <Table<TaskView>
      rowKey="taskId"
      size="small"
      data-testid="task-table"
      scroll={{ x: 'max-content' }}
      loading={loading}
      columns={columns}
      dataSource={data?.results ?? []}
      locale={{ emptyText }}
      rowClassName={onOpen ? 'tasks-table__row--open' : undefined}
      onRow={
        onOpen
          ? (task) => ({
              onClick: (e) => {
                // Dialogs of the row's actions render elsewhere in the DOM but bubble here through React.
                const target = e.target as HTMLElement;
                if (!e.currentTarget.contains(target) || target.closest('button, a, .ant-dropdown-trigger')) return;
                onOpen(task);
              },
            })
          : undefined
      }
      pagination={{
        current: page.pageIndex,
        pageSize: page.pageSize,
        total: data?.totalCount ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('page.total', { total }),
      }}
      onChange={(pagination, _filters, sorter) =>
        onChange({ pageIndex: pagination.current ?? 1, pageSize: pagination.pageSize ?? page.pageSize }, sortFromTable(sorter))
      }
    />
  );
}
