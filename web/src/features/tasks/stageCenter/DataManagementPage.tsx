import { usePageTitle } from '@/shared/pageTitle';
import { useState } from 'react';
import { Card, Col, Result, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import { Rights, TaskStage, hasRight } from '../contracts';
import { useTaskLive } from '../live';
import { formatTime, stageStatusColor } from '../logic';
import { useTasksStageCenterQuery, type TasksStageCenterApiArg, type StageCenterPage, type StageCenterItemView } from '../tasksApi';
import { stageLabel, stageStatusLabel } from '../components/StageProgress';
import { AdminActions } from '../actions/AdminActions';
import '../tasks.css';

/** The stages the stage center lists (people's work: 3, 4, 5, 6, 7). */
type StageCenterStage = NonNullable<TasksStageCenterApiArg['taskStageType']>[number];

const COUNTS: {
  key: keyof Pick<StageCenterPage, 'sortAndRemoveCount' | 'labelingCount' | 'labelingQACount' | 'stitchingCount' | 'stitchingQACount'>;
  stage: StageCenterStage;
}[] = [
  { key: 'sortAndRemoveCount', stage: TaskStage.SORT_AND_REMOVE },
  { key: 'labelingCount', stage: TaskStage.LABELING },
  { key: 'labelingQACount', stage: TaskStage.LABELING_QA },
  { key: 'stitchingCount', stage: TaskStage.STITCHING },
  { key: 'stitchingQACount', stage: TaskStage.STITCHING_QA },
];

/** /dataFlowManagement/dataManagement: the task stage center (SPEC §3): active stage rows per stage. */
export function Component() {
  const { t } = useTranslation('tasks');
  // The page is titled like its menu entry (issue #15).
  const pageTitle = usePageTitle(t('stageCenter.title'));
  const locale = useLocale();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const canShow = hasRight(denied, Rights.DATA_MANAGEMENT_SHOW) || hasRight(denied, Rights.QA_SHOW);
  const isAdmin = hasRight(denied, Rights.DATA_MANAGEMENT_EDIT);
  const [stage, setStage] = useState<StageCenterStage | undefined>();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  useTaskLive(canShow);
  const q = useTasksStageCenterQuery({ ...page, taskStageType: stage === undefined ? undefined : [stage] }, { skip: !canShow });
  if (!canShow)
    return (
      <div className="tasks-page" data-testid="page-dataManagement">
        <Result status="403" title={t('page.noAccess')} data-testid="tasks-no-access" />
      </div>
    );

  const columns: TableProps<StageCenterItemView>['columns'] = [
    { key: 'turbineName', dataIndex: 'turbineName', title: t('columns.turbine') },
    { key: 'windfarmName', dataIndex: 'windfarmName', title: t('columns.windfarm') },
    { key: 'stage', dataIndex: 'taskStageType', title: t('columns.stage'), render: (v: number) => stageLabel(v, locale) },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('columns.status'),
      render: (v: number) => <Tag color={stageStatusColor(v)}>{stageStatusLabel(v, locale)}</Tag>,
    },
    { key: 'handler', dataIndex: 'handlerName', title: t('columns.handler'), render: (v: string | null) => v || '–' },
    { key: 'readyTime', dataIndex: 'readyTime', title: t('stageCenter.readyTime'), render: (v: string | null) => formatTime(v, locale) },
    { key: 'deadline', dataIndex: 'deadline', title: t('stageCenter.deadline'), render: (v: string | null) => formatTime(v, locale) },
    ...(isAdmin
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_: unknown, r: StageCenterItemView) => (
              <AdminActions
                target={{
                  taskId: r.taskId,
                  turbineName: r.turbineName ?? '',
                  stage: r.taskStageType,
                  stageStatus: r.status,
                  held: !!(r.handlerId ?? r.handlerName),
                  taskStatus: r.taskStatusType ?? null,
                }}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="tasks-page" data-testid="page-dataManagement">
      <Typography.Title level={4} className="tasks-page__title">
        {pageTitle}
      </Typography.Title>
      <Row gutter={[8, 8]} className="tasks-summary">
        {COUNTS.map((c) => (
          <Col key={c.key} xs={12} md={8} xl={4}>
            <Card
              size="small"
              hoverable
              data-testid={`stage-count-${c.stage}`}
              className={stage === c.stage ? 'ant-card-bordered' : undefined}
              style={stage === c.stage ? { borderColor: '#1677ff' } : undefined}
              onClick={() => {
                setStage((s) => (s === c.stage ? undefined : c.stage));
                setPage((p) => ({ ...p, pageIndex: 1 }));
              }}
            >
              <Statistic title={stageLabel(c.stage, locale)} value={q.data?.[c.key] ?? '–'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Table<StageCenterItemView>
        rowKey="taskStageId"
        size="small"
        data-testid="stage-center-table"
        loading={q.isFetching && !q.data}
        columns={columns}
        dataSource={q.data?.results ?? []}
        locale={{ emptyText: t('stageCenter.empty') }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: q.data?.totalCount ?? 0,
          showTotal: (total) => t('page.total', { total }),
        }}
        onChange={(p) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
      />
    </div>
  );
}
