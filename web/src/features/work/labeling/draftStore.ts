/**
 * Autosave of the unsaved defect (form values and outline) and of an outline still being drawn:
 * kept in localStorage per task and image, so a reload or a crash loses nothing. Pure functions
 * over a storage, tested without a page.
 */
import type { Draft } from './draft';
import type { Point } from './geometry';

/** Writes wait this long after the last change. */
export const AUTOSAVE_DEBOUNCE_MS = 500;

export interface StoredDraft {
  v: 1;
  /** The defect being edited (null: only an outline in progress). */
  draft: Draft | null;
  /** Points of an outline not closed yet. */
  drawing: Point[];
  savedAt: number;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const draftKey = (taskId: string, imageId: string) => `windward.labeling.draft.${taskId}.${imageId}`;

/** Something worth keeping: an unsaved draft, or points of an outline in progress. */
export function worthKeeping(draft: Draft | null, dirty: boolean, drawing: readonly Point[]): boolean {
  return (draft !== null && dirty) || drawing.length > 0;
}

/** Stores what is worth keeping and forgets the key otherwise (saved or discarded). */
export function writeDraft(
  storage: Storage,
  key: string,
  draft: Draft | null,
  dirty: boolean,
  drawing: readonly Point[],
  now = Date.now(),
) {
  try {
    if (!worthKeeping(draft, dirty, drawing)) storage.removeItem(key);
    else
      storage.setItem(
        key,
        JSON.stringify({ v: 1, draft: dirty ? draft : null, drawing: [...drawing], savedAt: now } satisfies StoredDraft),
      );
  } catch {
    // A full or blocked storage: autosave is a convenience, editing goes on.
  }
}

const isPoint = (p: unknown): p is Point =>
  Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n));

function isDraft(d: unknown): d is Draft {
  if (typeof d !== 'object' || d === null) return false;
  const x = d as Record<string, unknown>;
  return (
    (x.defectId === null || typeof x.defectId === 'string') &&
    typeof x.imageId === 'string' &&
    (x.polygon === null || (Array.isArray(x.polygon) && x.polygon.every(isPoint))) &&
    typeof x.values === 'object' &&
    x.values !== null &&
    typeof (x.values as Record<string, unknown>).defectType === 'string'
  );
}

/** The stored draft of the key, or null when there is none or it is unreadable (then it is dropped). */
export function readDraft(storage: Storage, key: string): StoredDraft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<StoredDraft>;
    if (s.v === 1 && (s.draft === null || isDraft(s.draft)) && Array.isArray(s.drawing) && s.drawing.every(isPoint)) {
      if (s.draft !== null || s.drawing.length > 0) return { v: 1, draft: s.draft, drawing: s.drawing, savedAt: Number(s.savedAt) || 0 };
    }
  } catch {
    // fall through: unreadable
  }
  clearDraft(storage, key);
  return null;
}

export function clearDraft(storage: Storage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // nothing to do
  }
}
