import { usePageTitle } from '@/shared/pageTitle';
import { useState } from 'react';
import { DatePicker, Segmented, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useTaskLive } from '../live';
import { todayUtc } from '../logic';
import { taskPaths, useTasksTodayQuery, type TaskView } from '../tasksApi';
import { LiveBadge } from '../components/LiveBadge';
import { SummaryCards } from '../components/SummaryCards';
import { TaskDetailDrawer } from '../components/TaskDetailDrawer';
import { DetailsAndAdminActions, NoTaskAccess, TaskResults, useTaskPaging } from '../components/TaskResults';
import { useTaskRights } from '../components/useTaskRights';
import '../tasks.css';

type TodayKind = 'all' | 'new' | 'completed';

/** /qaCenter/todayTasks: the tasks created and/or completed on a UTC day (default today), with that day's summary; live. */
export function Component() {
  const { t } = useTranslation('tasks');
  // The page is titled like its menu entry (issue #15).
  const pageTitle = usePageTitle(t('page.todayTitle'));
  const rights = useTaskRights();
  const [date, setDate] = useState(todayUtc());
  const [kind, setKind] = useState<TodayKind>('all');
  const paging = useTaskPaging();
  const { page, sort } = paging;
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const live = useTaskLive(rights.read);
  const params = { ...page, ...(sort.fieldToSort ? { fieldToSort: sort.fieldToSort, descending: !!sort.descending } : {}), kind, date };
  const list = useTasksTodayQuery(params, { skip: !rights.read });

  if (!rights.read) return <NoTaskAccess testId="page-todayTasks" />;

  const actions = (task: TaskView) => <DetailsAndAdminActions task={task} admin={rights.admin} onOpen={setDetailOf} />;

  return (
    <div className="tasks-page" data-testid="page-todayTasks">
      <Typography.Title level={4} className="tasks-page__title">
        {pageTitle}
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
              paging.firstPage();
            }}
          />
          <Segmented<TodayKind>
            data-testid="today-kind"
            value={kind}
            onChange={(k) => {
              setKind(k);
              paging.firstPage();
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
      <TaskResults
        list={list}
        errorPath={taskPaths.today}
        paging={paging}
        actions={actions}
        emptyText={t('today.empty')}
        extraColumns={['createTime', 'completeTime']}
        onOpen={(task) => setDetailOf(task.taskId)}
      />
      <TaskDetailDrawer taskId={detailOf} onClose={() => setDetailOf(null)} />
    </div>
  );
}
