import { forwardRef } from 'react';
import { Alert, Button, Descriptions, Input, Radio, Space, Statistic, Typography, type GetRef } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { repairPriorityLabel } from '@/shared/inspection';
import { QA_STATUS_LABELS, QaStatus, labelOf } from '../contracts';
import type { LabelingDefect } from '../labelingApi';
import type { ReviewCounts, ReviewProblem, Verdict } from '../review';
import { SeveritySwatch } from './DefectForm';
import { useSeedText } from '@/shared/useSeedText';

type TextAreaRef = GetRef<typeof Input.TextArea>;

/** The reviewer's verdict on the selected defect (Y accept / N reject with a comment). */
export const DefectVerdict = forwardRef<
  TextAreaRef,
  {
    defect: LabelingDefect | null;
    verdict: Verdict | undefined;
    onDecide: (decision: Verdict['decision']) => void;
    onComment: (comment: string) => void;
    commentMissing: boolean;
    /** The review stage is over (completed here or elsewhere): no more verdicts. */
    disabled?: boolean;
  }
>(function DefectVerdict({ defect, verdict, onDecide, onComment, commentMissing, disabled = false }, ref) {
  const { t } = useTranslation('labeling');
  const st = useSeedText();
  const locale = useLocale();
  if (!defect) return <Typography.Paragraph type="secondary">{t('review.pick')}</Typography.Paragraph>;
  const v = (x: unknown) => (x === null || x === undefined || x === '' ? '–' : String(x));
  return (
    <div className="lbl-form" data-testid="review-defect" data-defect-id={defect.defectId}>
      <Typography.Text strong>{t('review.defectTitle', { no: defect.defectNo })}</Typography.Text>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('form.defectType')}>{st(defect.defectType)}</Descriptions.Item>
        <Descriptions.Item label={t('form.severity')}>
          <SeveritySwatch level={defect.severity} />
        </Descriptions.Item>
        <Descriptions.Item label={t('form.layer')}>{v(st(defect.layer))}</Descriptions.Item>
        <Descriptions.Item label={t('form.affectedPart')}>{v(st(defect.affectedPart))}</Descriptions.Item>
        <Descriptions.Item label={t('form.recommendation')}>{v(st(defect.recommendation))}</Descriptions.Item>
        <Descriptions.Item label={t('form.size')}>
          {t('review.size', { length: v(defect.sizeLength), width: v(defect.sizeWidth) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('form.distanceToRoot')}>{v(defect.distanceToRoot)}</Descriptions.Item>
        <Descriptions.Item label={t('form.chordwise')}>
          {v(defect.chordwiseStart)} – {v(defect.chordwiseEnd)}
        </Descriptions.Item>
        <Descriptions.Item label={t('form.repairPriority')}>
          {defect.repairPriority ? repairPriorityLabel(defect.repairPriority, locale) : '–'}
        </Descriptions.Item>
      </Descriptions>
      <Space>
        <Button
          type={verdict?.decision === 'accepted' ? 'primary' : 'default'}
          icon={<CheckOutlined />}
          onClick={() => onDecide('accepted')}
          disabled={disabled}
          data-testid="verdict-accept"
        >
          {t('review.accept')}
        </Button>
        <Button
          danger
          type={verdict?.decision === 'rejected' ? 'primary' : 'default'}
          icon={<CloseOutlined />}
          onClick={() => onDecide('rejected')}
          disabled={disabled}
          data-testid="verdict-reject"
        >
          {t('review.reject')}
        </Button>
      </Space>
      <Input.TextArea
        ref={ref}
        rows={2}
        value={verdict?.comment ?? ''}
        onChange={(e) => onComment(e.target.value)}
        placeholder={verdict?.decision === 'rejected' ? t('review.commentRequired') : t('review.commentOptional')}
        status={commentMissing ? 'error' : undefined}
        disabled={!verdict || disabled}
        maxLength={1000}
        data-testid="verdict-comment"
      />
    </div>
  );
});

/** Counters and the overall result (pass / pass with issue / fail; fail needs reasons). */
export function ReviewResult({
  counts,
  result,
  onResult,
  comments,
  onComments,
  problem,
  refusal,
  submitting,
  onSubmit,
  disabled,
}: {
  counts: ReviewCounts;
  result: QaStatus;
  onResult: (r: QaStatus) => void;
  comments: string;
  onComments: (c: string) => void;
  problem: ReviewProblem | null;
  refusal: string | null;
  submitting: boolean;
  onSubmit: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('labeling');
  const locale = useLocale();
  return (
    <div className="lbl-form" data-testid="review-result">
      <div className="lbl-review__counters" data-testid="review-counters">
        <Statistic title={t('review.accepted')} value={counts.accepted} data-testid="count-accepted" />
        <Statistic title={t('review.rejected')} value={counts.rejected} data-testid="count-rejected" />
        <Statistic title={t('review.unreviewed')} value={counts.unreviewed} data-testid="count-unreviewed" />
      </div>
      <Radio.Group value={result} onChange={(e) => onResult(e.target.value as QaStatus)} data-testid="review-result-choice">
        {[QaStatus.PASS, QaStatus.PASS_WITH_ISSUE, QaStatus.FAIL].map((r) => (
          <Radio.Button key={r} value={r} data-testid={`result-${r}`}>
            {labelOf(QA_STATUS_LABELS, r, locale)}
          </Radio.Button>
        ))}
      </Radio.Group>
      {counts.rejected > 0 && result !== QaStatus.FAIL && <Alert type="warning" showIcon title={t('review.rejectedButPass')} />}
      {counts.unreviewed > 0 && result !== QaStatus.FAIL && !disabled && (
        <Alert type="warning" showIcon title={t('review.unreviewedBeforePass', { count: counts.unreviewed })} data-testid="review-unreviewed" />
      )}
      <Input.TextArea
        rows={3}
        value={comments}
        onChange={(e) => onComments(e.target.value)}
        placeholder={result === QaStatus.FAIL ? t('review.reasonsRequired') : t('review.reasonsOptional')}
        status={problem?.kind === 'failReason' ? 'error' : undefined}
        maxLength={4000}
        data-testid="review-comments"
      />
      {problem && (
        <Alert
          type="error"
          showIcon
          title={
            problem.kind === 'failReason'
              ? t('review.failReasonMissing')
              : problem.kind === 'unreviewed'
                ? t('review.unreviewedMissing', { count: problem.count })
                : t('review.rejectCommentMissing')
          }
          data-testid="review-problem"
        />
      )}
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="review-refusal" />}
      <Button type="primary" block onClick={onSubmit} loading={submitting} disabled={disabled} data-testid="submit-review">
        {t('review.submit')}
      </Button>
    </div>
  );
}
