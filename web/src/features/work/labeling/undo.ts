/**
 * Undo/redo of the edits made before a save (polygon points, vertex moves, form fields):
 * an immutable history of snapshots. Changes with the same `key` in a row (typing in one
 * field) coalesce into one step.
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** Key of the last recorded change; the next change with the same key replaces it. */
  lastKey: string | null;
}

export const HISTORY_LIMIT = 200;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null };
}

/** A new present. Unchanged (`Object.is`) → the same history; a redo branch is dropped. */
export function record<T>(h: History<T>, next: T, key: string | null = null, limit = HISTORY_LIMIT): History<T> {
  if (Object.is(next, h.present)) return h;
  if (key !== null && key === h.lastKey && h.past.length > 0) return { past: h.past, present: next, future: [], lastKey: key };
  const past = [...h.past, h.present];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, present: next, future: [], lastKey: key };
}

export const canUndo = <T>(h: History<T>) => h.past.length > 0;
export const canRedo = <T>(h: History<T>) => h.future.length > 0;

export function undo<T>(h: History<T>): History<T> {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future], lastKey: null };
}

export function redo<T>(h: History<T>): History<T> {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1), lastKey: null };
}

/** Stops coalescing: the next change becomes its own step (e.g. when a field loses focus). */
export function seal<T>(h: History<T>): History<T> {
  return h.lastKey === null ? h : { ...h, lastKey: null };
}
