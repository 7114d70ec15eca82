import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { TaskStage } from '../contracts';
import { todayUtc } from '../logic';
import { SUMMARY_STAGES, useTasksDashboardQuery, type SummaryStage } from '../tasksApi';
import { stageLabel } from './StageProgress';

/** Dashboard summary keys → stages (SPEC §3: "filtering" is sort and remove). */
export const SUMMARY_STAGE_OF: Record<SummaryStage, number> = {
  upload: TaskStage.UPLOAD,
  autoprocessing: TaskStage.AUTO_PROCESSING,
  filtering: TaskStage.SORT_AND_REMOVE,
  labeling: TaskStage.LABELING,
  labelingQA: TaskStage.LABELING_QA,
  labelingFQA: TaskStage.LABELING_FQA,
  stitching: TaskStage.STITCHING,
  stitchingQA: TaskStage.STITCHING_QA,
  stitchingFQA: TaskStage.STITCHING_FQA,
};

/** A day's (default today's) new and completed tasks and, per stage, the unfinished tasks there and the abnormal ones. */
export function SummaryCards({ date }: { date?: string }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { data } = useTasksDashboardQuery({ date });
  const otherDay = !!date && date !== todayUtc();
  return (
    <Row gutter={[8, 8]} className="tasks-summary" data-testid="task-summary">
      <Col xs={12} md={6} xl={4} xxl={3}>
        <Card size="small">
          <Statistic
            title={otherDay ? t('summary.newOn', { date }) : t('summary.todayNew')}
            value={data?.todayNewTaskCount ?? '–'}
            data-testid="summary-today-new"
          />
        </Card>
      </Col>
      <Col xs={12} md={6} xl={4} xxl={3}>
        <Card size="small">
          <Statistic
            title={otherDay ? t('summary.completedOn', { date }) : t('summary.todayCompleted')}
            value={data?.todayCompletedTaskCount ?? '–'}
            data-testid="summary-today-completed"
          />
        </Card>
      </Col>
      {SUMMARY_STAGES.map((key) => {
        const info = data?.[key];
        return (
          <Col key={key} xs={12} md={6} xl={4} xxl={2}>
            <Card size="small" data-testid={`summary-stage-${key}`}>
              <Statistic title={stageLabel(SUMMARY_STAGE_OF[key], locale)} value={info?.total ?? '–'} />
              <span className={info?.abnormal ? 'tasks-summary__abnormal' : 'tasks-summary__normal'}>
                {t('summary.abnormal', { n: info?.abnormal ?? 0 })}
              </span>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
