/**
 * Review mode (labeling QA / FQA): the reviewer's verdict per defect, the counters, the
 * suggested overall result and the body of POST /tasks/{id}/qa (docs/task-flow.md).
 */
import { QaStatus } from './contracts';

export interface Verdict {
  decision: 'accepted' | 'rejected';
  comment: string;
}
export type Verdicts = Readonly<Record<string, Verdict>>;

export interface ReviewCounts {
  accepted: number;
  rejected: number;
  unreviewed: number;
}

export function reviewCounts(defectIds: readonly string[], verdicts: Verdicts): ReviewCounts {
  let accepted = 0;
  let rejected = 0;
  for (const id of defectIds) {
    const v = verdicts[id];
    if (v?.decision === 'accepted') accepted++;
    else if (v?.decision === 'rejected') rejected++;
  }
  return { accepted, rejected, unreviewed: defectIds.length - accepted - rejected };
}

/** Fail as soon as one defect is rejected; pass with issue when an accepted one carries a remark. */
export function suggestedResult(defectIds: readonly string[], verdicts: Verdicts): QaStatus {
  const counts = reviewCounts(defectIds, verdicts);
  if (counts.rejected > 0) return QaStatus.FAIL;
  if (defectIds.some((id) => verdicts[id]?.decision === 'accepted' && verdicts[id]!.comment.trim())) return QaStatus.PASS_WITH_ISSUE;
  return QaStatus.PASS;
}

/** A defect's QA result: accepted → pass (pass with issue with a remark), rejected → fail. */
export function defectResult(v: Verdict): QaStatus {
  if (v.decision === 'rejected') return QaStatus.FAIL;
  return v.comment.trim() ? QaStatus.PASS_WITH_ISSUE : QaStatus.PASS;
}

export type ReviewProblem =
  | { kind: 'failReason' }
  | { kind: 'rejectComment'; defectId: string }
  | { kind: 'unreviewed'; count: number; defectId: string };

/**
 * Fail needs reasons; a rejected defect needs its comment (the server refuses both:
 * QA_FAIL_REASON_REQUIRED); pass (with issue) needs a verdict on every defect (the server refuses
 * DEFECTS_UNREVIEWED) — the problem names how many are left and the first of them.
 */
export function reviewProblem(result: QaStatus, comments: string, defectIds: readonly string[], verdicts: Verdicts): ReviewProblem | null {
  const missing = defectIds.find((id) => verdicts[id]?.decision === 'rejected' && !verdicts[id]!.comment.trim());
  if (missing) return { kind: 'rejectComment', defectId: missing };
  if (result === QaStatus.FAIL) return comments.trim() ? null : { kind: 'failReason' };
  const unreviewed = defectIds.filter((id) => !verdicts[id]);
  if (unreviewed.length) return { kind: 'unreviewed', count: unreviewed.length, defectId: unreviewed[0]! };
  return null;
}

/**
 * The QA body: the overall result and reasons, one entry per reviewed defect, and the counts
 * the change rate reads (accepted = correct, rejected = to be modified; a review adds or
 * deletes nothing itself).
 */
export function qaBody(stage: number, result: QaStatus, comments: string, defectIds: readonly string[], verdicts: Verdicts) {
  const counts = reviewCounts(defectIds, verdicts);
  return {
    stage,
    result,
    comments: comments.trim(),
    counts: { added: 0, deleted: 0, modified: counts.rejected, correct: counts.accepted },
    defects: defectIds
      .filter((id) => verdicts[id])
      .map((id) => ({ defectId: id, result: defectResult(verdicts[id]!), comments: verdicts[id]!.comment.trim() })),
  };
}

/** Next/previous item of a list from the current one (J/K); the first (or last) when none is current. */
export function stepInList(ids: readonly string[], current: string | null, delta: 1 | -1): string | null {
  if (!ids.length) return null;
  const i = current === null ? -1 : ids.indexOf(current);
  if (i < 0) return delta > 0 ? ids[0]! : ids[ids.length - 1]!;
  return ids[Math.min(ids.length - 1, Math.max(0, i + delta))]!;
}

/** Where verdicts are kept between reloads of the review (per task and review stage). */
export const verdictsKey = (taskId: string, stage: number) => `labeling.review.${taskId}.${stage}`;

export function loadVerdicts(storage: Pick<Storage, 'getItem'>, key: string): Record<string, Verdict> {
  try {
    const raw = JSON.parse(storage.getItem(key) ?? '{}') as Record<string, unknown>;
    const out: Record<string, Verdict> = {};
    for (const [id, v] of Object.entries(raw)) {
      const x = v as Partial<Verdict>;
      if ((x?.decision === 'accepted' || x?.decision === 'rejected') && typeof x.comment === 'string')
        out[id] = { decision: x.decision, comment: x.comment };
    }
    return out;
  } catch {
    return {};
  }
}
