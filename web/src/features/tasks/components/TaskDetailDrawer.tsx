import { Alert, Descriptions, Drawer, Steps, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { PACKAGE_TYPE_LABELS, TASK_STATUS_LABELS, TaskStageStatus, labelOf, type PackageType, type TaskStatus } from '../contracts';
import { errorMessage, formatDay, formatTime, stageStatusColor, taskStatusColor } from '../logic';
import { taskPaths, useTaskHistoryQuery, useTaskQuery, type TaskHistoryItem, type TaskStageRow } from '../tasksApi';
import { stageLabel, stageStatusLabel } from './StageProgress';

function stepStatusOf(row: TaskStageRow): 'wait' | 'process' | 'finish' | 'error' {
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

/** A task's details: its fields, its stages in SPEC §4 order (skipped ones left out) and its history. */
export function TaskDetailDrawer({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const task = useTaskQuery(taskId ?? '', { skip: !taskId });
  const history = useTaskHistoryQuery(taskId ?? '', { skip: !taskId });
  const d = task.data;
  const stages = (d?.stages ?? []).filter((s) => s.status !== TaskStageStatus.SKIP);

  const columns: TableProps<TaskHistoryItem & { key: string }>['columns'] = [
    { key: 'time', title: t('history.time'), dataIndex: 'time', render: (v: string) => formatTime(v, locale) },
    { key: 'stage', title: t('history.stage'), dataIndex: 'stage', render: (v: number | null) => (v == null ? '–' : stageLabel(v, locale)) },
    { key: 'handler', title: t('history.handler'), dataIndex: 'handlerName', render: (v: string | null) => v || '–' },
    {
      key: 'status',
      title: t('history.status'),
      dataIndex: 'stageStatus',
      render: (v: number | null) => (v == null ? '–' : <Tag color={stageStatusColor(v)}>{stageStatusLabel(v, locale)}</Tag>),
    },
    { key: 'message', title: t('history.message'), dataIndex: 'message', render: (v: string | null) => v || '–' },
  ];

  return (
    <Drawer open={!!taskId} onClose={onClose} size={760} title={t('detail.title')} destroyOnHidden>
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
                content: [stageStatusLabel(s.status, locale), s.handlerName, s.errorMessage || s.progressMessage].filter(Boolean).join(' · '),
              }))}
            />
          </>
        )}
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('detail.history')}
        </Typography.Title>
        <Table<TaskHistoryItem & { key: string }>
          size="small"
          rowKey="key"
          data-testid="task-history"
          loading={history.isFetching}
          columns={columns}
          dataSource={(history.data?.results ?? []).map((r, i) => ({ ...r, key: `${i}-${r.time}` }))}
          pagination={false}
          locale={{ emptyText: t('history.empty') }}
        />
      </div>
    </Drawer>
  );
}
