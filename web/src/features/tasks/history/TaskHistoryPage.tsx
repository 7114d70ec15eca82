import { useState } from 'react';
import { Alert, Button, Result, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { useTaskLive } from '../live';
import { errorMessage, filtersToParams, type PageState, type SortState, type TaskFilters } from '../logic';
import { taskPaths, useAllTasksQuery, type TaskItem } from '../tasksApi';
import { AdminActions, taskAdminTarget } from '../actions/AdminActions';
import { LiveBadge } from '../components/LiveBadge';
import { TaskDetailDrawer } from '../components/TaskDetailDrawer';
import { TaskFiltersBar } from '../components/TaskFiltersBar';
import { TaskTable } from '../components/TaskTable';
import { useTaskRights } from '../components/useTaskRights';
import '../tasks.css';

/**
 * /qaCenter/history: every task in scope, completed and terminated ones included, with every
 * SPEC §3 filter; a row opens its details (stages, history, logs, QA results, labeling history).
 * Rows on the page update live; new tasks come with Refresh or a new search.
 */
export function Component() {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const rights = useTaskRights();
  const [page, setPage] = useState<PageState>({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortState>({});
  const [filters, setFilters] = useState<TaskFilters>({});
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const live = useTaskLive(rights.read);
  const list = useAllTasksQuery(filtersToParams(filters, page, sort), { skip: !rights.read });

  if (!rights.read)
    return (
      <div className="tasks-page" data-testid="page-taskHistory">
        <Result status="403" title={t('page.noAccess')} data-testid="tasks-no-access" />
      </div>
    );

  const actions = (task: TaskItem) => (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        aria-label={t('actions.detailsOf', { name: task.turbineName ?? '' })}
        onClick={() => setDetailOf(task.taskId)}
      >
        {t('actions.details')}
      </Button>
      {rights.admin && <AdminActions target={taskAdminTarget(task)} />}
    </Space>
  );

  return (
    <div className="tasks-page" data-testid="page-taskHistory">
      <Typography.Title level={4} className="tasks-page__title">
        {t('page.historyTitle')}
      </Typography.Title>
      <TaskFiltersBar
        extended
        onApply={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      />
      <div className="tasks-page__toolbar">
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching} data-testid="history-refresh">
          {t('page.refresh')}
        </Button>
        <LiveBadge live={live} />
      </div>
      {list.error && !list.data && <Alert type="error" showIcon title={errorMessage(list.error, locale, taskPaths.tasks)} />}
      <TaskTable
        data={list.data}
        loading={list.isFetching && !list.data}
        page={page}
        sort={sort}
        onChange={(p, s) => {
          setPage(p);
          setSort(s);
        }}
        actions={actions}
        emptyText={t('page.historyEmpty')}
        extraColumns={['inspectionId', 'organizationName', 'inspectionStaffName', 'createTime']}
        onOpen={(task) => setDetailOf(task.taskId)}
      />
      <TaskDetailDrawer taskId={detailOf} onClose={() => setDetailOf(null)} />
    </div>
  );
}
