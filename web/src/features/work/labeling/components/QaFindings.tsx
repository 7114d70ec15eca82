import { Alert, Button, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { formatDateTime } from '@/shared/utils/format';
import { QaStatus, TaskStage } from '../contracts';
import type { QaResultView } from '@/features/tasks';
import type { LabelingDefect } from '../labelingApi';

/**
 * The last failed review of the labeling (QA or FQA), if the task came back with one: the
 * task-level result row and the defect rows recorded with it (same stage, same time).
 */
export function lastFailedReview(results: readonly QaResultView[]): { task: QaResultView; defects: QaResultView[] } | null {
  const reviews = results.filter((r) => r.reviewedStageType === TaskStage.LABELING && r.defectId === null);
  const last = reviews[reviews.length - 1];
  if (!last || last.result !== QaStatus.FAIL) return null;
  const defects = results.filter(
    (r) => r.defectId !== null && r.taskStageType === last.taskStageType && r.time === last.time && r.result === QaStatus.FAIL,
  );
  return { task: last, defects };
}

/** The reviewer's reasons for sending the labeling back, shown to the labeler. */
export function QaFindings({
  results,
  defects,
  onPick,
}: {
  results: readonly QaResultView[];
  defects: readonly LabelingDefect[];
  onPick: (defectId: string) => void;
}) {
  const { t } = useTranslation('labeling');
  const locale = useLocale();
  const failed = lastFailedReview(results);
  if (!failed) return null;
  const byId = new Map(defects.map((d) => [d.defectId, d]));
  return (
    <Alert
      type="error"
      showIcon
      data-testid="qa-findings"
      title={t('findings.title', { reviewer: failed.task.reviewerName ?? '–', time: formatDateTime(failed.task.time, locale) })}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="qa-findings-reasons">
            {failed.task.comments}
          </Typography.Paragraph>
          {failed.defects.length > 0 && (
            <List
              size="small"
              dataSource={failed.defects}
              renderItem={(r) => {
                const d = byId.get(r.defectId!);
                return (
                  <List.Item data-testid="qa-finding">
                    {d ? (
                      <Button type="link" size="small" onClick={() => onPick(d.defectId)}>
                        #{d.defectNo}
                      </Button>
                    ) : (
                      <Typography.Text type="secondary">{t('findings.gone')}</Typography.Text>
                    )}
                    <span>{r.comments}</span>
                  </List.Item>
                );
              }}
            />
          )}
        </>
      }
    />
  );
}
