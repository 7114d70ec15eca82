import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Descriptions, Drawer, Steps, Table, Tabs, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import {
  LABELING_HISTORY_ACTION_LABELS,
  PACKAGE_TYPE_LABELS,
  QA_STATUS_LABELS,
  QaStatus,
  TASK_STATUS_LABELS,
  TaskStageStatus,
  labelOf,
  taskLogText,
  type LabelingHistoryAction,
  type PackageType,
  type TaskStatus,
} from '../contracts';
import { errorMessage, formatDay, formatTime, stageStatusColor, taskStatusColor } from '../logic';
import {
  taskPaths,
  useQaLabelingHistoryQuery,
  useQaResultsQuery,
  useTasksGetQuery,
  useTasksHistoryQuery,
  useTasksLogsQuery,
  type LabelingHistoryView,
  type QaResultView,
  type TaskHistoryView,
  type TaskLogView,
  type TaskStageView,
} from '../tasksApi';
import { stageLabel, stageStatusLabel } from './StageProgress';

type DetailTab = 'history' | 'logs' | 'qa' | 'labeling';

const QA_COLORS: Record<number, string> = { [QaStatus.PASS]: 'success', [QaStatus.PASS_WITH_ISSUE]: 'warning', [QaStatus.FAIL]: 'error' };

/** SPEC §3 task logs (DP, AFS, rosbag with drone id and file uri). */
function LogsTable({ taskId }: { taskId: string }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const q = useTasksLogsQuery({ id: taskId });
  const columns: TableProps<TaskLogView>['columns'] = [
    { key: 'logName', dataIndex: 'logName', title: t('logs.name') },
    { key: 'logType', dataIndex: 'logType', title: t('logs.type'), render: (v: string) => <Tag>{v}</Tag> },
    { key: 'droneId', dataIndex: 'droneId', title: t('logs.droneId'), render: (v: string | null) => v || '–' },
    {
      key: 'logFileUri',
      dataIndex: 'logFileUri',
      title: t('logs.fileUri'),
      render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('history.time'), render: (v: string | null) => formatTime(v, locale) },
  ];
  return (
    <>
      {q.error && <Alert type="error" showIcon title={errorMessage(q.error, locale, taskPaths.logs(taskId))} />}
      <Table<TaskLogView>
        size="small"
        rowKey="logId"
        data-testid="task-logs"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.results ?? []}
        pagination={false}
        locale={{ emptyText: t('logs.empty') }}
      />
    </>
  );
}

/** QA / FQA results: task-level rows and per-defect rows, with the reasons a failing review gave. */
function QaResultsTable({ taskId }: { taskId: string }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const q = useQaResultsQuery({ id: taskId });
  const columns: TableProps<QaResultView>['columns'] = [
    { key: 'time', dataIndex: 'time', title: t('history.time'), render: (v: string) => formatTime(v, locale) },
    { key: 'stage', dataIndex: 'taskStageType', title: t('history.stage'), render: (v: number) => stageLabel(v, locale) },
    {
      key: 'result',
      dataIndex: 'result',
      title: t('qa.result'),
      render: (v: number) => <Tag color={QA_COLORS[v]}>{labelOf(QA_STATUS_LABELS, v as QaStatus, locale)}</Tag>,
    },
    { key: 'defectId', dataIndex: 'defectId', title: t('qa.defect'), render: (v: string | null) => v ?? t('qa.wholeTask') },
    { key: 'comments', dataIndex: 'comments', title: t('qa.comments'), render: (v: string | null) => v || '–' },
    { key: 'reviewer', dataIndex: 'reviewerName', title: t('qa.reviewer'), render: (v: string | null) => v || '–' },
    { key: 'labeler', dataIndex: 'labelerName', title: t('qa.labeler'), render: (v: string | null) => v || '–' },
    {
      key: 'counts',
      title: t('qa.countsTitle'),
      render: (_: unknown, r: QaResultView) =>
        r.defectId
          ? '–'
          : t('qa.countsText', {
              added: r.counts.added,
              deleted: r.counts.deleted,
              modified: r.counts.modified,
              correct: r.counts.correct,
            }),
    },
  ];
  return (
    <>
      {q.error && <Alert type="error" showIcon title={errorMessage(q.error, locale, taskPaths.qa(taskId))} />}
      <Table<QaResultView>
        size="small"
        rowKey="qaResultId"
        data-testid="task-qa-results"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.results ?? []}
        pagination={false}
        locale={{ emptyText: t('qa.empty') }}
      />
    </>
  );
}

/** SPEC §3 labeling history: the history entries with a labeling action. */
function LabelingHistoryTable({ taskId }: { taskId: string }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const q = useQaLabelingHistoryQuery({ id: taskId });
  const columns: TableProps<LabelingHistoryView & { key: string }>['columns'] = [
    { key: 'time', dataIndex: 'time', title: t('history.time'), render: (v: string) => formatTime(v, locale) },
    {
      key: 'action',
      dataIndex: 'action',
      title: t('history.action'),
      render: (v: string) => labelOf(LABELING_HISTORY_ACTION_LABELS, v as LabelingHistoryAction, locale) ?? v,
    },
    {
      key: 'stage',
      dataIndex: 'stage',
      title: t('history.stage'),
      render: (v: number | null) => (v == null ? '–' : stageLabel(v, locale)),
    },
    { key: 'operator', dataIndex: 'operatorName', title: t('history.operator'), render: (v: string | null) => v || '–' },
    { key: 'message', dataIndex: 'message', title: t('history.message'), render: (_: unknown, r: LabelingHistoryView) => taskLogText(r, locale) || '–' },
  ];
  return (
    <>
      {q.error && <Alert type="error" showIcon title={errorMessage(q.error, locale, taskPaths.labelingHistory(taskId))} />}
      <Table<LabelingHistoryView & { key: string }>
        size="small"
        rowKey="key"
        data-testid="task-labeling-history"
        loading={q.isFetching}
        columns={columns}
        dataSource={(q.data?.results ?? []).map((r, i) => ({ ...r, key: `${i}-${r.time}` }))}
        pagination={false}
        locale={{ emptyText: t('history.empty') }}
      />
    </>
  );
}

function stepStatusOf(row: TaskStageView): 'wait' | 'process' | 'finish' | 'error' {
  switch (row.status) {
    case TaskStageStatus.COMPLETED:
      return 'finish';
    case TaskStageStatus.PROCESSING:
    case TaskStageStatus.READY:
      return 'process';
    case TaskStageStatus.ERROR:
    case TaskStageStatus.OVERTIME:
      return 'error';
    default:
      return 'wait';
  }
}

/** A task's details: its fields, its stages in SPEC §4 order (skipped ones left out), its history, logs, QA results and labeling history. */
export function TaskDetailDrawer({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const [tab, setTab] = useState<DetailTab>('history');
  const task = useTasksGetQuery(taskId ? { id: taskId } : skipToken);
  // The whole history at once (500 entries are far more than a task gathers).
  const history = useTasksHistoryQuery(taskId ? { id: taskId, pageIndex: 1, pageSize: 500 } : skipToken);
  const d = task.data;
  const stages = (d?.stages ?? []).filter((s) => s.status !== TaskStageStatus.SKIP);

  const columns: TableProps<TaskHistoryView & { key: string }>['columns'] = [
    { key: 'time', title: t('history.time'), dataIndex: 'time', render: (v: string) => formatTime(v, locale) },
    {
      key: 'stage',
      title: t('history.stage'),
      dataIndex: 'stage',
      render: (v: number | null) => (v == null ? '–' : stageLabel(v, locale)),
    },
    { key: 'handler', title: t('history.handler'), dataIndex: 'handlerName', render: (v: string | null) => v || '–' },
    {
      key: 'status',
      title: t('history.status'),
      dataIndex: 'stageStatus',
      render: (v: number | null) => (v == null ? '–' : <Tag color={stageStatusColor(v)}>{stageStatusLabel(v, locale)}</Tag>),
    },
    { key: 'message', title: t('history.message'), dataIndex: 'message', render: (_: unknown, r: TaskHistoryView) => taskLogText(r, locale) || '–' },
  ];

  return (
    <Drawer
      open={!!taskId}
      onClose={onClose}
      size={860}
      title={t('detail.title')}
      destroyOnHidden
      afterOpenChange={(open) => !open && setTab('history')}
    >
      <div data-testid="task-detail">
        {task.error && <Alert type="error" showIcon title={errorMessage(task.error, locale, taskPaths.task(taskId ?? ''))} />}
        {d && (
          <>
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={t('columns.inspectionId')}>{d.inspectionId ?? '–'}</Descriptions.Item>
              <Descriptions.Item label={t('columns.status')}>
                <Tag color={taskStatusColor(d.taskStatusType)}>{labelOf(TASK_STATUS_LABELS, d.taskStatusType as TaskStatus, locale)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.customer')}>{d.customerName ?? '–'}</Descriptions.Item>
              <Descriptions.Item label={t('columns.windfarm')}>{d.windfarmName ?? '–'}</Descriptions.Item>
              <Descriptions.Item label={t('columns.turbine')}>{d.turbineName ?? '–'}</Descriptions.Item>
              <Descriptions.Item label={t('columns.packageType')}>
                {d.packageType == null ? '–' : labelOf(PACKAGE_TYPE_LABELS, d.packageType as PackageType, locale)}
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.inspectionDate')}>{formatDay(d.inspectionDate)}</Descriptions.Item>
              <Descriptions.Item label={t('columns.uploadedTime')}>{formatTime(d.uploadedTime, locale)}</Descriptions.Item>
              <Descriptions.Item label={t('columns.handler')}>{d.handlebyNames.join(', ') || '–'}</Descriptions.Item>
              <Descriptions.Item label={t('columns.updateTime')}>{formatTime(d.updateTime, locale)}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('detail.stages')}
            </Typography.Title>
            <Steps
              size="small"
              orientation="vertical"
              data-testid="task-stages"
              items={stages.map((s) => ({
                key: s.taskStageId,
                title: stageLabel(s.taskStageType, locale),
                status: stepStatusOf(s),
                content: [stageStatusLabel(s.status, locale), s.handlerName, s.errorMessage || s.progressMessage]
                  .filter(Boolean)
                  .join(' · '),
              }))}
            />
          </>
        )}
        <Tabs
          style={{ marginTop: 16 }}
          activeKey={tab}
          onChange={(k) => setTab(k as DetailTab)}
          items={[
            {
              key: 'history',
              label: t('detail.history'),
              children: (
                <Table<TaskHistoryView & { key: string }>
                  size="small"
                  rowKey="key"
                  data-testid="task-history"
                  loading={history.isFetching}
                  columns={columns}
                  dataSource={(history.data?.results ?? []).map((r, i) => ({ ...r, key: `${i}-${r.time}` }))}
                  pagination={false}
                  locale={{ emptyText: t('history.empty') }}
                />
              ),
            },
            // The other tabs load when opened.
            { key: 'logs', label: t('detail.logs'), children: taskId && tab === 'logs' ? <LogsTable taskId={taskId} /> : null },
            { key: 'qa', label: t('detail.qa'), children: taskId && tab === 'qa' ? <QaResultsTable taskId={taskId} /> : null },
            {
              key: 'labeling',
              label: t('detail.labelingHistory'),
              children: taskId && tab === 'labeling' ? <LabelingHistoryTable taskId={taskId} /> : null,
            },
          ]}
        />
      </div>
    </Drawer>
  );
}
