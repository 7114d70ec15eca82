import { useState } from 'react';
import { Alert, App, Badge, Button, Result, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/store';
import { useLocale } from '@/shared/useLocale';
import { PACKAGE_TYPE_LABELS, Rights, TASK_STATUS_LABELS, hasRight, labelOf, type PackageType, type TaskStatus } from '../contracts';
import { useTaskLive } from '../live';
import {
  errorMessage,
  filtersToParams,
  formatDay,
  formatTime,
  sortFromTable,
  sortOrderOf,
  taskStatusColor,
  type SortState,
  type TaskFilters,
} from '../logic';
import {
  taskPaths,
  useMyTasksQuery,
  usePickTaskMutation,
  useReleaseTaskMutation,
  useTaskPoolQuery,
  type TaskItem,
  type TaskListKind,
} from '../tasksApi';
import { StageProgress } from './StageProgress';
import { SummaryCards } from './SummaryCards';
import { TaskDetailDrawer } from './TaskDetailDrawer';
import { TaskFiltersBar } from './TaskFiltersBar';
import '../tasks.css';

/** The task pool or my tasks: filters, server-paged and sorted list, pick / release, details; live. */
export function TaskListScreen({ kind }: { kind: TaskListKind }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { message } = App.useApp();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const canShow = hasRight(denied, Rights.QA_SHOW);
  const canWork = hasRight(denied, Rights.QA_EDIT);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortState>({});
  const [filters, setFilters] = useState<TaskFilters>({});
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ error: unknown; path: string } | null>(null);
  const live = useTaskLive(canShow);
  const params = filtersToParams(filters, page, sort);
  const pool = useTaskPoolQuery(params, { skip: kind !== 'pool' || !canShow });
  const mine = useMyTasksQuery(params, { skip: kind !== 'mine' || !canShow });
  const list = kind === 'pool' ? pool : mine;
  const [pick] = usePickTaskMutation();
  const [release] = useReleaseTaskMutation();

  const act = async (task: TaskItem, what: 'pick' | 'release'): Promise<void> => {
    setBusy(task.taskId);
    setRefusal(null);
    const result = what === 'pick' ? await pick(task.taskId) : await release(task.taskId);
    setBusy(null);
    if (result.error) {
      // Kept raw and translated at render time, so a language switch re-translates it.
      setRefusal({ error: result.error, path: what === 'pick' ? taskPaths.pick(task.taskId) : taskPaths.release(task.taskId) });
    } else void message.success(what === 'pick' ? t('actions.picked', { name: task.turbineName ?? '' }) : t('actions.released', { name: task.turbineName ?? '' }));
  };

  const pageTestId = kind === 'pool' ? 'page-taskPool' : 'page-myTasks';
  if (!canShow)
    return (
      <div className="tasks-page" data-testid={pageTestId}>
        <Result status="403" title={t('page.noAccess')} data-testid="tasks-no-access" />
      </div>
    );

  const columns: TableProps<TaskItem>['columns'] = [
    { key: 'turbineName', dataIndex: 'turbineName', title: t('columns.turbine'), sorter: true, sortOrder: sortOrderOf('turbineName', sort) },
    { key: 'windfarmName', dataIndex: 'windfarmName', title: t('columns.windfarm'), sorter: true, sortOrder: sortOrderOf('windfarmName', sort) },
    { key: 'customerName', dataIndex: 'customerName', title: t('columns.customer'), sorter: true, sortOrder: sortOrderOf('customerName', sort) },
    {
      key: 'taskStageTypes',
      title: t('columns.stage'),
      sorter: true,
      sortOrder: sortOrderOf('taskStageTypes', sort),
      render: (_, task) => <StageProgress task={task} />,
    },
    {
      key: 'taskStatusType',
      dataIndex: 'taskStatusType',
      title: t('columns.status'),
      sorter: true,
      sortOrder: sortOrderOf('taskStatusType', sort),
      render: (v: number) => <Tag color={taskStatusColor(v)}>{labelOf(TASK_STATUS_LABELS, v as TaskStatus, locale)}</Tag>,
    },
    {
      key: 'packageType',
      dataIndex: 'packageType',
      title: t('columns.packageType'),
      sorter: true,
      sortOrder: sortOrderOf('packageType', sort),
      render: (v: number | null) => (v == null ? '–' : labelOf(PACKAGE_TYPE_LABELS, v as PackageType, locale)),
    },
    { key: 'handler', title: t('columns.handler'), render: (_, task) => task.handlebyNames.join(', ') || '–' },
    {
      key: 'inspectionDate',
      dataIndex: 'inspectionDate',
      title: t('columns.inspectionDate'),
      sorter: true,
      sortOrder: sortOrderOf('inspectionDate', sort),
      render: (v: string | null) => formatDay(v),
    },
    {
      key: 'uploadedTime',
      dataIndex: 'uploadedTime',
      title: t('columns.uploadedTime'),
      sorter: true,
      sortOrder: sortOrderOf('uploadedTime', sort),
      render: (v: string | null) => formatTime(v, locale),
    },
    {
      key: 'updateTime',
      dataIndex: 'updateTime',
      title: t('columns.updateTime'),
      sorter: true,
      sortOrder: sortOrderOf('updateTime', sort),
      render: (v: string | null) => formatTime(v, locale),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, task) => (
        <Space size={0}>
          {canWork && kind === 'pool' && (
            <Button
              type="link"
              size="small"
              loading={busy === task.taskId}
              aria-label={t('actions.pickOf', { name: task.turbineName ?? '' })}
              onClick={() => void act(task, 'pick')}
            >
              {t('actions.pick')}
            </Button>
          )}
          {canWork && kind === 'mine' && (
            <Button
              type="link"
              size="small"
              loading={busy === task.taskId}
              aria-label={t('actions.releaseOf', { name: task.turbineName ?? '' })}
              onClick={() => void act(task, 'release')}
            >
              {t('actions.release')}
            </Button>
          )}
          <Button type="link" size="small" aria-label={t('actions.detailsOf', { name: task.turbineName ?? '' })} onClick={() => setDetailOf(task.taskId)}>
            {t('actions.details')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="tasks-page" data-testid={pageTestId}>
      <Typography.Title level={4} className="tasks-page__title">
        {kind === 'pool' ? t('page.poolTitle') : t('page.mineTitle')}
      </Typography.Title>
      {kind === 'pool' && <SummaryCards />}
      <TaskFiltersBar
        manualStagesOnly
        onApply={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      />
      <div className="tasks-page__toolbar">
        <Badge
          status={live === 'live' ? 'success' : live === 'connecting' ? 'processing' : 'default'}
          text={t(`live.${live}`)}
          data-testid="live-status"
          data-live={live}
        />
      </div>
      {refusal && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          style={{ marginBottom: 8 }}
          data-testid="task-refusal"
          title={errorMessage(refusal.error, locale, refusal.path)}
        />
      )}
      {list.error && !list.data && <Alert type="error" showIcon title={errorMessage(list.error, locale, kind === 'pool' ? taskPaths.pool : taskPaths.mine)} />}
      <Table<TaskItem>
        rowKey="taskId"
        size="small"
        data-testid="task-table"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching && !list.data}
        columns={columns}
        dataSource={list.data?.results ?? []}
        locale={{ emptyText: kind === 'pool' ? t('page.poolEmpty') : t('page.mineEmpty') }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: list.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('page.total', { total }),
        }}
        onChange={(pagination, _filters, sorter) => {
          setSort(sortFromTable(sorter));
          setPage({ pageIndex: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
        }}
      />
      <TaskDetailDrawer taskId={detailOf} onClose={() => setDetailOf(null)} />
    </div>
  );
}
