import { usePageTitle } from '@/shared/pageTitle';
import { useState } from 'react';
import { Button, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useTaskLive } from '../live';
import { filtersToParams, type TaskFilters } from '../logic';
import { taskPaths, useTasksAllQuery, type TaskView } from '../tasksApi';
import { LiveBadge } from '../components/LiveBadge';
import { TaskDetailDrawer } from '../components/TaskDetailDrawer';
import { TaskFiltersBar } from '../components/TaskFiltersBar';
import { DetailsAndAdminActions, NoTaskAccess, TaskResults, useTaskPaging } from '../components/TaskResults';
import { useTaskRights } from '../components/useTaskRights';
import '../tasks.css';

/**
 * /qaCenter/history: every task in scope, completed and terminated ones included, with every
 * SPEC §3 filter; a row opens its details (stages, history, logs, QA results, labeling history).
 * Rows on the page update live; new tasks come with Refresh or a new search.
 */
export function Component() {
  const { t } = useTranslation('tasks');
  // The page is titled like its menu entry (issue #15).
  const pageTitle = usePageTitle(t('page.historyTitle'));
  const rights = useTaskRights();
  const paging = useTaskPaging();
  const [filters, setFilters] = useState<TaskFilters>({});
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const live = useTaskLive(rights.read);
  const list = useTasksAllQuery(filtersToParams(filters, paging.page, paging.sort), { skip: !rights.read });

  if (!rights.read) return <NoTaskAccess testId="page-taskHistory" />;

  const actions = (task: TaskView) => <DetailsAndAdminActions task={task} admin={rights.admin} onOpen={setDetailOf} />;

  return (
    <div className="tasks-page" data-testid="page-taskHistory">
      <Typography.Title level={4} className="tasks-page__title">
        {pageTitle}
      </Typography.Title>
      <TaskFiltersBar
        extended
        onApply={(f) => {
          setFilters(f);
          paging.firstPage();
        }}
      />
      <div className="tasks-page__toolbar">
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching} data-testid="history-refresh">
          {t('page.refresh')}
        </Button>
        <LiveBadge live={live} />
      </div>
      <TaskResults
        list={list}
        errorPath={taskPaths.tasks}
        paging={paging}
        actions={actions}
        emptyText={t('page.historyEmpty')}
        extraColumns={['inspectionId', 'organizationName', 'inspectionStaffName', 'createTime']}
        onOpen={(task) => setDetailOf(task.taskId)}
      />
      <TaskDetailDrawer taskId={detailOf} onClose={() => setDetailOf(null)} />
    </div>
  );
}
