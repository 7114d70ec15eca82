import { usePageTitle } from '@/shared/pageTitle';
import { useState } from 'react';
import { Alert, App, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import { Rights, hasRight } from '../contracts';
import { useTaskLive } from '../live';
import { errorMessage, filtersToParams, type TaskFilters } from '../logic';
import { taskPaths, useTasksMineQuery, useTasksPickMutation, useTasksPoolQuery, useTasksReleaseMutation, type TaskView } from '../tasksApi';
import { AdminActions, taskAdminTarget } from '../actions/AdminActions';
import { WorkActions } from '../actions/WorkActions';
import { LiveBadge } from './LiveBadge';
import { SummaryCards } from './SummaryCards';
import { TaskDetailDrawer } from './TaskDetailDrawer';
import { TaskFiltersBar } from './TaskFiltersBar';
import { DetailsButton, NoTaskAccess, TaskResults, useTaskPaging } from './TaskResults';
import { useTaskRights } from './useTaskRights';
import '../tasks.css';

/**
 * The task pool or my tasks: filters, server-paged and sorted list, pick / release, details; live.
 * My tasks add the work tool, QA result and re-inspection; the pool adds the admin actions.
 */
export function TaskListScreen({ kind }: { kind: 'pool' | 'mine' }) {
  const { t } = useTranslation('tasks');
  // The page is titled like its menu entry (issue #15).
  const pageTitle = usePageTitle(kind === 'pool' ? t('page.poolTitle') : t('page.mineTitle'));
  const locale = useLocale();
  const { message } = App.useApp();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const canShow = hasRight(denied, Rights.QA_SHOW);
  const canWork = hasRight(denied, Rights.QA_EDIT);
  const rights = useTaskRights();
  const paging = useTaskPaging();
  const [filters, setFilters] = useState<TaskFilters>({});
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ error: unknown; path: string } | null>(null);
  const live = useTaskLive(canShow);
  const params = filtersToParams(filters, paging.page, paging.sort);
  const pool = useTasksPoolQuery(params, { skip: kind !== 'pool' || !canShow });
  const mine = useTasksMineQuery(params, { skip: kind !== 'mine' || !canShow });
  const list = kind === 'pool' ? pool : mine;
  const [pick] = useTasksPickMutation();
  const [release] = useTasksReleaseMutation();

  const act = async (task: TaskView, what: 'pick' | 'release'): Promise<void> => {
    setBusy(task.taskId);
    setRefusal(null);
    const result = what === 'pick' ? await pick({ id: task.taskId }) : await release({ id: task.taskId });
    setBusy(null);
    if (result.error) {
      // Kept raw and translated at render time, so a language switch re-translates it.
      setRefusal({ error: result.error, path: what === 'pick' ? taskPaths.pick(task.taskId) : taskPaths.release(task.taskId) });
    } else
      void message.success(
        what === 'pick' ? t('actions.picked', { name: task.turbineName ?? '' }) : t('actions.released', { name: task.turbineName ?? '' }),
      );
  };

  const pageTestId = kind === 'pool' ? 'page-taskPool' : 'page-myTasks';
  if (!canShow) return <NoTaskAccess testId={pageTestId} />;

  const actions = (task: TaskView) => (
    <Space size={0} wrap={false}>
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
      {canWork && kind === 'mine' && <WorkActions task={task} />}
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
      <DetailsButton task={task} onOpen={setDetailOf} />
      {rights.admin && kind === 'pool' && <AdminActions target={taskAdminTarget(task)} />}
    </Space>
  );

  return (
    <div className="tasks-page" data-testid={pageTestId}>
      <Typography.Title level={4} className="tasks-page__title">
        {pageTitle}
      </Typography.Title>
      {kind === 'pool' && <SummaryCards />}
      <TaskFiltersBar
        manualStagesOnly
        onApply={(f) => {
          setFilters(f);
          paging.firstPage();
        }}
      />
      <div className="tasks-page__toolbar">
        <LiveBadge live={live} />
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
      <TaskResults
        list={list}
        errorPath={kind === 'pool' ? taskPaths.pool : taskPaths.mine}
        paging={paging}
        actions={actions}
        emptyText={kind === 'pool' ? t('page.poolEmpty') : t('page.mineEmpty')}
      />
      <TaskDetailDrawer taskId={detailOf} onClose={() => setDetailOf(null)} />
    </div>
  );
}
