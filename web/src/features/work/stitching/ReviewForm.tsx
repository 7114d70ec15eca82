import { useState } from 'react';
import { Alert, Button, Card, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useQaSubmitMutation, type SubmitQaDto } from '@/features/tasks';
import { QA_STATUS_LABELS, TaskStage, labelOf } from './contracts';
import { qaReady, QA_RESULTS } from './logic';

/** Review of a stitching stage (7 QA, 12 FQA): pass / pass with issue / fail with reasons. */
export function ReviewForm({ taskId, stage, closed }: { taskId: string; stage: number | null; closed: boolean }) {
  const { t } = useTranslation('stitching');
  const locale = useLocale();
  const [result, setResult] = useState<SubmitQaDto['result'] | null>(null);
  const [comments, setComments] = useState('');
  const [submit, sent] = useQaSubmitMutation();
  const failWithout = result === 3 && !comments.trim();
  return (
    <Card size="small" title={t('review.title')} className="stitch-review" data-testid="review-form">
      {stage === null && !closed && <Alert type="warning" showIcon title={t('review.notReviewStage')} data-testid="review-not-stage" />}
      <Radio.Group
        value={result}
        onChange={(e) => setResult(e.target.value as SubmitQaDto['result'])}
        disabled={closed}
        data-testid="review-result"
      >
        {QA_RESULTS.map((r) => (
          <Radio key={r} value={r} data-testid={`review-result-${r}`}>
            {labelOf(QA_STATUS_LABELS, r, locale)}
          </Radio>
        ))}
      </Radio.Group>
      <Input.TextArea
        rows={3}
        value={comments}
        onChange={(e) => setComments(e.target.value)}
        placeholder={t('review.comments')}
        status={failWithout ? 'error' : undefined}
        data-testid="review-comments"
      />
      {failWithout && <Typography.Text type="danger">{t('review.commentsRequired')}</Typography.Text>}
      <Button
        type="primary"
        disabled={closed || !qaReady(result, comments)}
        loading={sent.isLoading}
        onClick={() =>
          void submit({ id: taskId, submitQaDto: { result: result!, comments: comments.trim(), stage: stage ?? TaskStage.STITCHING_QA } })
        }
        data-testid="review-submit"
      >
        {t('review.submit')}
      </Button>
      {sent.isSuccess && <Alert type="success" showIcon title={t('review.submitted')} data-testid="review-done" />}
      {sent.error && <LoadFailedAlert error={sent.error} title={t('review.failed')} testId="review-error" />}
    </Card>
  );
}
