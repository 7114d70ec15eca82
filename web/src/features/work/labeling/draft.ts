/**
 * The defect being edited before it is saved: its outline and form values, the client-side
 * rules (the server checks them again with the same catalogue codes) and the request body.
 */
import { checkDecimal3, checkDistanceToRoot, checkMinMax, type ErrorCode } from './contracts';
import type { Point } from './geometry';
import type { LabelingDefect } from './labelingApi';

export interface DraftValues {
  defectType: string;
  severity: number | null;
  layer: string;
  affectedPart: string;
  recommendation: string;
  sizeLength: number | null;
  sizeWidth: number | null;
  distanceToRoot: number | null;
  chordwiseStart: number | null;
  chordwiseEnd: number | null;
  repairPriority: number | null;
}

export interface Draft {
  /** null: a new defect. */
  defectId: string | null;
  imageId: string;
  polygon: Point[] | null;
  values: DraftValues;
}

export const EMPTY_VALUES: DraftValues = {
  defectType: '',
  severity: null,
  layer: '',
  affectedPart: '',
  recommendation: '',
  sizeLength: null,
  sizeWidth: null,
  distanceToRoot: null,
  chordwiseStart: null,
  chordwiseEnd: null,
  repairPriority: null,
};

export function newDraft(imageId: string, values: Partial<DraftValues> = {}): Draft {
  return { defectId: null, imageId, polygon: null, values: { ...EMPTY_VALUES, ...values } };
}

export function draftFromDefect(d: LabelingDefect): Draft {
  return {
    defectId: d.defectId,
    imageId: d.imageId,
    polygon: d.polygon.map((p) => [p[0], p[1]] as Point),
    values: {
      defectType: d.defectType ?? '',
      severity: d.severity,
      layer: d.layer ?? '',
      affectedPart: d.affectedPart ?? '',
      recommendation: d.recommendation ?? '',
      sizeLength: d.sizeLength,
      sizeWidth: d.sizeWidth,
      distanceToRoot: d.distanceToRoot,
      chordwiseStart: d.chordwiseStart,
      chordwiseEnd: d.chordwiseEnd,
      repairPriority: d.repairPriority,
    },
  };
}

/** Two drafts describe the same defect state (nothing to save). */
export function sameDraft(a: Draft | null, b: Draft | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface DraftProblem {
  code: ErrorCode;
  field: keyof DraftValues | 'polygon';
  params?: Record<string, string | number>;
}

/**
 * SPEC §5: a polygon must be drawn first; labeling (a defect type) is required before saving;
 * distance to root within -5 m .. the blade length with 2 decimals; sizes and chordwise
 * positions with 3 decimals, not negative, start ≤ end.
 */
export function draftProblem(d: Draft, bladeLength: number | null): DraftProblem | null {
  if (!d.polygon || d.polygon.length < 3) return { code: 'POLYGON_REQUIRED', field: 'polygon' };
  const v = d.values;
  if (!v.defectType.trim()) return { code: 'LABELING_REQUIRED', field: 'defectType' };
  if (v.distanceToRoot !== null) {
    const r = checkDistanceToRoot(v.distanceToRoot, bladeLength);
    if (!r.ok) return { code: r.code, field: 'distanceToRoot', params: r.params as Record<string, string | number> | undefined };
  }
  for (const field of ['sizeLength', 'sizeWidth', 'chordwiseStart', 'chordwiseEnd'] as const) {
    const n = v[field];
    if (n === null) continue;
    const r = checkDecimal3(String(n));
    if (!r.ok) return { code: r.code, field, params: r.params as Record<string, string | number> | undefined };
    if (n < 0) return { code: 'VALIDATION_FAILED', field };
  }
  const mm = checkMinMax(v.chordwiseStart, v.chordwiseEnd);
  if (!mm.ok) return { code: mm.code, field: 'chordwiseStart' };
  return null;
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** The body of POST /inspections/{id}/defects or PATCH /defects/{id}. */
export function draftBody(d: Draft) {
  const v = d.values;
  return {
    imageId: d.imageId,
    polygon: d.polygon,
    defectType: v.defectType.trim(),
    severity: v.severity,
    layer: orNull(v.layer),
    affectedPart: orNull(v.affectedPart),
    recommendation: orNull(v.recommendation),
    sizeLength: v.sizeLength,
    sizeWidth: v.sizeWidth,
    distanceToRoot: v.distanceToRoot,
    chordwiseStart: v.chordwiseStart,
    chordwiseEnd: v.chordwiseEnd,
    repairPriority: v.repairPriority,
  };
}
