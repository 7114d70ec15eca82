import { useState } from 'react';
import { Alert, Button, DatePicker, Result, Segmented, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { useTaskLive } from '../live';
import { errorMessage, todayUtc, type PageState, type SortState } from '../logic';
import { taskPaths, useTodayTasksQuery, type TaskItem } from '../tasksApi';
import { AdminActions, taskAdminTarget } from '../actions/AdminActions';
import { LiveBadge } from '../components/LiveBadge';
import { SummaryCards } from '../components/SummaryCards';
import { TaskDetailDrawer } from '../components/TaskDetailDrawer';
import { TaskTable } from '../components/TaskTable';
import { useTaskRights } from '../components/useTaskRights';
import '../tasks.css';

type TodayKind = 'all' | 'new' | 'completed';

/** /qaCenter/todayTasks: the tasks created and/or completed on a UTC day (default today), with that day's summary; live. */
export function Component() {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const rights = useTaskRights();
  const [date, setDate] = useState(todayUtc());
  const [kind, setKind] = useState<TodayKind>('all');
  const [page, setPage] = useState<PageState>({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortState>({});
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const live = useTaskLive(rights.read);
  const params = { ...page, ...(sort.fieldToSort ? { fieldToSort: sort.fieldToSort, descending: !!sort.descending } : {}), kind, date };
  const list = useTodayTasksQuery(params, { skip: !rights.read });

  if (!rights.read)
    return (
      <div className="tasks-page" data-testid="page-todayTasks">
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
    <div className="tasks-page" data-testid="page-todayTasks">
      <Typography.Title level={4} className="tasks-page__title">
        {t('page.todayTitle')}
      </Typography.Title>
      <SummaryCards date={date} />
      <div className="tasks-page__toolbar">
        <Space wrap>
          <DatePicker
            aria-label={t('today.date')}
            data-testid="today-date"
            allowClear={false}
            value={dayjs(date)}
            onChange={(d) => {
              if (!d) return;
              setDate(d.format('YYYY-MM-DD'));
              setPage((p) => ({ ...p, pageIndex: 1 }));
            }}
          />
          <Segmented<TodayKind>
            data-testid="today-kind"
            value={kind}
            onChange={(k) => {
              setKind(k);
              setPage((p) => ({ ...p, pageIndex: 1 }));
            }}
            options={[
              { value: 'all', label: t('today.all') },
              { value: 'new', label: t('today.new') },
              { value: 'completed', label: t('today.completed') },
            ]}
          />
          <Typography.Text type="secondary">{t('today.utcNote')}</Typography.Text>
        </Space>
        <LiveBadge live={live} />
      </div>
      {list.error && !list.data && <Alert type="error" showIcon title={errorMessage(list.error, locale, taskPaths.today)} />}
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
        emptyText={t('today.empty')}
        extraColumns={['createTime', 'completeTime']}
        onOpen={(task) => setDetailOf(task.taskId)}
      />
      <TaskDetailDrawer taskId={detailOf} onClose={() => setDetailOf(null)} />
    </div>
  );
}
