import { useEffect, useRef, useState } from 'react';
import type { GetRef, Input } from 'antd';
import type { QaStatus } from '../contracts';
import { useQaSubmitMutation } from '@/features/tasks';
import { labelingPaths } from '../labelingApi';
import {
  loadVerdicts,
  qaBody,
  reviewCounts,
  reviewProblem,
  suggestedResult,
  verdictsKey,
  type ReviewProblem,
  type Verdict,
} from '../review';
import type { Finished } from './types';
import type { DraftEditing } from './useDraftEditing';
import { useRefusalText } from './useLabelingWrites';
import type { WorkspaceData } from './useWorkspaceData';

/**
 * The review (QA / FQA): a verdict per defect (kept in localStorage until submitted), the
 * result and its comments, and submitting them.
 */
export function useReview({
  taskId,
  reviewStage,
  onFinished,
  data,
  editing,
}: {
  taskId: string;
  reviewStage: number | null;
  onFinished: (f: Finished) => void;
  data: WorkspaceData;
  editing: DraftEditing;
}) {
  const refusalText = useRefusalText();
  const [submitQa, submitState] = useQaSubmitMutation();
  const { reviewIds, allDefects } = data;
  const { reviewing, selection, openDefect } = editing;

  const storageKey = verdictsKey(taskId, reviewStage ?? 0);
  const [verdicts, setVerdicts] = useState<Record<string, Verdict>>(() => loadVerdicts(localStorage, storageKey));
  useEffect(() => {
    setVerdicts(loadVerdicts(localStorage, storageKey));
  }, [storageKey]);
  const [resultChoice, setResultChoice] = useState<QaStatus | null>(null);
  const [reviewComments, setReviewComments] = useState('');
  const [reviewProblemState, setReviewProblem] = useState<ReviewProblem | null>(null);
  const [reviewRefusal, setReviewRefusal] = useState<string | null>(null);
  const commentRef = useRef<GetRef<typeof Input.TextArea>>(null);
  const counts = reviewCounts(reviewIds, verdicts);
  // Fail is suggested as soon as a defect is rejected, until the reviewer picks a result.
  const result = resultChoice ?? suggestedResult(reviewIds, verdicts);
  const focused = reviewing ? (allDefects.find((d) => d.defectId === selection[0]) ?? null) : null;

  const updateVerdicts = (next: Record<string, Verdict>) => {
    setVerdicts(next);
    setReviewProblem(null);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  const decide = (decision: Verdict['decision']) => {
    // No verdicts once the review stage is over (completed here or in another window).
    if (!focused || !reviewStage) return;
    updateVerdicts({ ...verdicts, [focused.defectId]: { decision, comment: verdicts[focused.defectId]?.comment ?? '' } });
    if (decision === 'rejected') setTimeout(() => commentRef.current?.focus(), 0);
  };
  const comment = (text: string) => {
    if (!focused || !reviewStage || !verdicts[focused.defectId]) return;
    updateVerdicts({ ...verdicts, [focused.defectId]: { ...verdicts[focused.defectId]!, comment: text } });
  };
  const changeComments = (c: string) => {
    setReviewComments(c);
    setReviewProblem(null);
  };
  const chooseResult = (r: QaStatus) => {
    setResultChoice(r);
    setReviewProblem(null);
  };
  const submitReview = async () => {
    if (!reviewStage) return;
    const p = reviewProblem(result, reviewComments, reviewIds, verdicts);
    if (p) {
      setReviewProblem(p);
      if (p.kind !== 'failReason') {
        const d = allDefects.find((x) => x.defectId === p.defectId);
        if (d) openDefect(d);
      }
      return;
    }
    setReviewRefusal(null);
    const r = await submitQa({ id: taskId, submitQaDto: qaBody(reviewStage, result, reviewComments, reviewIds, verdicts) });
    if (r.error) {
      setReviewRefusal(refusalText(r.error, labelingPaths.qa(taskId)));
      return;
    }
    localStorage.removeItem(storageKey);
    onFinished({ kind: 'review', result });
  };

  return {
    verdicts,
    counts,
    result,
    setResultChoice: chooseResult,
    reviewComments,
    changeComments,
    problem: reviewProblemState,
    refusal: reviewRefusal,
    submitting: submitState.isLoading,
    focused,
    commentRef,
    decide,
    comment,
    submitReview,
  };
}

export type Review = ReturnType<typeof useReview>;
