import { useState } from 'react';
import { Alert, Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import type { PageResult } from '../contracts';
import { errorMessage, type PageState, type SortState } from '../logic';
import type { TaskView } from '../tasksApi';
import { AdminActions, taskAdminTarget } from '../actions/AdminActions';
import { TaskTable, type TaskTableProps } from './TaskTable';

/** Page and sort of a server-paged task list; `firstPage` after a new filter. */
export function useTaskPaging() {
  const [page, setPage] = useState<PageState>({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortState>({});
  return {
    page,
    sort,
    firstPage: (): void => setPage((p) => ({ ...p, pageIndex: 1 })),
    onChange: (p: PageState, s: SortState): void => {
      setPage(p);
      setSort(s);
    },
  };
}

/** A task list page the user may not read. */
export function NoTaskAccess({ testId }: { testId: string }) {
  const { t } = useTranslation('tasks');
  return (
    <div className="tasks-page" data-testid={testId}>
      <Result status="403" title={t('page.noAccess')} data-testid="tasks-no-access" />
    </div>
  );
}

/** The row action that opens a task's details. */
export function DetailsButton({ task, onOpen }: { task: TaskView; onOpen: (taskId: string) => void }) {
  const { t } = useTranslation('tasks');
  return (
    <Button type="link" size="small" aria-label={t('actions.detailsOf', { name: task.turbineName ?? '' })} onClick={() => onOpen(task.taskId)}>
      {t('actions.details')}
    </Button>
  );
}

/** The row actions of the read-only lists (history, today): details, and the admin's actions. */
export function DetailsAndAdminActions({ task, admin, onOpen }: { task: TaskView; admin: boolean; onOpen: (taskId: string) => void }) {
  return (
    <Space size={0}>
      <DetailsButton task={task} onOpen={onOpen} />
      {admin && <AdminActions target={taskAdminTarget(task)} />}
    </Space>
  );
}

/** The task table, with the load failure above it while there is nothing loaded to show. */
export function TaskResults({
  list,
  errorPath,
  paging,
  ...table
}: {
  list: { data?: PageResult<TaskView>; error?: unknown; isFetching: boolean };
  errorPath: string;
  paging: ReturnType<typeof useTaskPaging>;
} & Pick<TaskTableProps, 'actions' | 'emptyText' | 'extraColumns' | 'onOpen'>) {
  const locale = useLocale();
  return (
    <>
      {list.error && !list.data && <Alert type="error" showIcon title={errorMessage(list.error, locale, errorPath)} />}
      <TaskTable data={list.data} loading={list.isFetching && !list.data} page={paging.page} sort={paging.sort} onChange={paging.onChange} {...table} />
    </>
  );
}
