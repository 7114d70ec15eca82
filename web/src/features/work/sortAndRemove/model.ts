import type { SarData, SarImage, SarPath, SaveImage } from './sortAndRemoveApi';

/*
 * The tool's working state, free of React: the server's answer (`paths`, `images`, `serverPathOf`)
 * and what the user did on top of it (`order` per path, `edits` per image), plus focus and
 * selection. Every change returns a new state; unchanged parts keep their references, so a
 * strip or thumbnail subscribed to its own slice re-renders only when that slice changes.
 */

/** Attribute changes of one image not saved yet. */
export interface Edit {
  isActive?: boolean;
  distanceToRoot?: number | null;
  keyPartTag?: string | null;
}

export interface SarState {
  data: SarData;
  /** Path guids in display order (the server's gallery order). */
  pathIds: string[];
  paths: Record<string, SarPath>;
  images: Record<string, SarImage>;
  /** Where the server has each image. */
  serverPathOf: Record<string, string>;
  /** Image ids per path, as the user arranged them. */
  order: Record<string, string[]>;
  /** Where the user has each image. */
  pathOf: Record<string, string>;
  edits: Record<string, Edit>;
  /** The focused image (preview, keyboard) and the current path (also when it is empty). */
  focus: string | null;
  focusPath: string | null;
  selected: Record<string, true>;
  /** Start of a shift-click range. */
  anchor: string | null;
}

const EDIT_KEYS = ['isActive', 'distanceToRoot', 'keyPartTag'] as const;

export function initState(data: SarData): SarState {
  const s = fromServer(data);
  const first = s.pathIds.find((p) => s.order[p]!.length > 0) ?? s.pathIds[0] ?? null;
  const focus = first ? (s.order[first]![0] ?? null) : null;
  return {
    ...s,
    order: { ...s.order },
    pathOf: { ...s.serverPathOf },
    edits: {},
    focus,
    focusPath: first,
    selected: focus ? { [focus]: true } : {},
    anchor: focus,
  };
}

function fromServer(data: SarData) {
  const paths: Record<string, SarPath> = {};
  const images: Record<string, SarImage> = {};
  const serverPathOf: Record<string, string> = {};
  const order: Record<string, string[]> = {};
  for (const p of data.paths) {
    paths[p.pathGuid] = p;
    order[p.pathGuid] = p.images.map((i) => i.guid);
    for (const img of p.images) {
      images[img.guid] = img;
      serverPathOf[img.guid] = p.pathGuid;
    }
  }
  return { data, pathIds: data.paths.map((p) => p.pathGuid), paths, images, serverPathOf, order };
}

/**
 * Takes a new server answer (after a save, a delete or a refetch) while keeping the user's
 * unsaved arrangement: images stay where the user put them, deleted ones go, new ones join their
 * server path. Edits of `committed` images (sent with isEdit) and edits equal to the new server
 * values are dropped.
 */
export function rebase(s: SarState, data: SarData, committed: readonly string[] = []): SarState {
  if (data === s.data) return s;
  const next = fromServer(data);
  const order: Record<string, string[]> = {};
  const placed = new Set<string>();
  for (const p of next.pathIds) {
    const kept = (s.order[p] ?? next.order[p]!).filter((id) => id in next.images && !placed.has(id));
    kept.forEach((id) => placed.add(id));
    order[p] = kept;
  }
  // Images the user had in a path that no longer exists, and images new to us: their server path.
  for (const p of next.pathIds) {
    for (const id of next.order[p]!) {
      if (placed.has(id)) continue;
      order[p]!.push(id);
      placed.add(id);
    }
  }
  for (const p of next.pathIds) if (sameList(order[p]!, s.order[p])) order[p] = s.order[p]!;
  const pathOf: Record<string, string> = {};
  for (const p of next.pathIds) for (const id of order[p]!) pathOf[id] = p;
  const drop = new Set(committed);
  const edits: Record<string, Edit> = {};
  for (const [id, e] of Object.entries(s.edits)) {
    if (drop.has(id) || !(id in next.images)) continue;
    const kept = normalise(e, next.images[id]!);
    if (kept) edits[id] = kept;
  }
  const alive = (id: string | null) => (id && id in next.images ? id : null);
  const focus = alive(s.focus);
  const selected: Record<string, true> = {};
  for (const id of Object.keys(s.selected)) if (id in next.images) selected[id] = true;
  const focusPath = focus ? pathOf[focus]! : s.focusPath && s.focusPath in next.paths ? s.focusPath : (next.pathIds[0] ?? null);
  return { ...next, order, pathOf, edits, focus, focusPath, selected, anchor: alive(s.anchor) };
}

function sameList(a: readonly string[], b: readonly string[] | undefined): boolean {
  return !!b && a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Keeps only the fields that differ from the server; null when nothing does. */
function normalise(e: Edit, img: SarImage): Edit | null {
  const out: Edit = {};
  for (const k of EDIT_KEYS) if (k in e && e[k] !== img[k]) (out as Record<string, unknown>)[k] = e[k];
  return Object.keys(out).length ? out : null;
}

/** The image as the user sees it: server values with unsaved edits on top. */
export function valueOf(s: SarState, id: string): SarImage {
  const img = s.images[id]!;
  const e = s.edits[id];
  return e ? { ...img, ...e } : img;
}

/** Unsaved changes in a path: another order or set of images than the server's, or edited images. */
export function isDirty(s: SarState, pathGuid: string): boolean {
  const local = s.order[pathGuid] ?? [];
  const server = s.paths[pathGuid]?.images ?? [];
  if (local.length !== server.length || local.some((id, i) => id !== server[i]!.guid)) return true;
  return local.some((id) => id in s.edits);
}

/** Paths that still need a Save before the stage can be submitted (empty paths never do). */
export function pathsToSave(s: SarState): string[] {
  return s.pathIds.filter((p) => (s.order[p]?.length ?? 0) > 0 && (isDirty(s, p) || !s.paths[p]!.saved));
}

/**
 * The body of "save path P": every image the user has in P (new order, attribute edits), and
 * for each image that left P the whole list of the path it went to (so its order there is
 * complete and has no duplicate positions). Only P's own images and those that left it carry
 * their edits (`isEdit`); the other images of a receiving path only send their position.
 */
export function saveBody(s: SarState, pathGuid: string): SaveImage[] {
  const item = (id: string, index: number, target: string | undefined, withEdit: boolean): SaveImage => {
    const v = valueOf(s, id);
    return {
      guid: id,
      sortIndex: index,
      distanceToRoot: v.distanceToRoot,
      isActive: v.isActive,
      keyPartTag: v.keyPartTag,
      isEdit: withEdit && id in s.edits,
      ...(target ? { pathGuid: target } : {}),
    };
  };
  const out = (s.order[pathGuid] ?? []).map((id, i) => item(id, i, undefined, true));
  const leftFrom = Object.keys(s.serverPathOf).filter((id) => s.serverPathOf[id] === pathGuid && s.pathOf[id] !== pathGuid);
  const receivers = [...new Set(leftFrom.map((id) => s.pathOf[id]!))].sort((a, b) => s.pathIds.indexOf(a) - s.pathIds.indexOf(b));
  const left = new Set(leftFrom);
  for (const q of receivers) (s.order[q] ?? []).forEach((id, i) => out.push(item(id, i, q, left.has(id))));
  return out;
}

/** Images a save of this body commits with their edits. */
export const committedBy = (body: readonly SaveImage[]) => body.filter((i) => i.isEdit).map((i) => i.guid);

// ------------------------------------------------------------------ focus and selection

export type ClickMode = 'single' | 'toggle' | 'range';

export function click(s: SarState, id: string, mode: ClickMode): SarState {
  const path = s.pathOf[id];
  if (!path) return s;
  if (mode === 'toggle') {
    const selected = { ...s.selected };
    if (selected[id]) delete selected[id];
    else selected[id] = true;
    return { ...s, selected, focus: id, focusPath: path, anchor: id };
  }
  if (mode === 'range' && s.anchor && s.pathOf[s.anchor] === path) {
    const list = s.order[path]!;
    const [a, b] = [list.indexOf(s.anchor), list.indexOf(id)].sort((x, y) => x - y) as [number, number];
    const selected: Record<string, true> = {};
    for (const x of list.slice(a, b + 1)) selected[x] = true;
    return { ...s, selected, focus: id, focusPath: path };
  }
  return { ...s, selected: { [id]: true }, focus: id, focusPath: path, anchor: id };
}

/** ←/→: the previous or next image of the current path. */
export function stepImage(s: SarState, delta: number): SarState {
  const path = s.focusPath;
  if (!path) return s;
  const list = s.order[path]!;
  if (!list.length) return s;
  const i = s.focus ? list.indexOf(s.focus) : -1;
  const next = list[Math.min(list.length - 1, Math.max(0, i < 0 ? 0 : i + delta))]!;
  return next === s.focus ? s : click(s, next, 'single');
}

/** ↑/↓: the previous or next path, at the same position (or its last image). */
export function stepPath(s: SarState, delta: number): SarState {
  if (!s.pathIds.length) return s;
  const at = s.focusPath ? s.pathIds.indexOf(s.focusPath) : -1;
  const target = s.pathIds[Math.min(s.pathIds.length - 1, Math.max(0, at + delta))]!;
  if (target === s.focusPath) return s;
  const from = s.focusPath && s.focus ? s.order[s.focusPath]!.indexOf(s.focus) : 0;
  const list = s.order[target]!;
  const id = list[Math.min(Math.max(0, from), list.length - 1)];
  if (!id) return { ...s, focus: null, focusPath: target, selected: {}, anchor: null };
  return click(s, id, 'single');
}

/** Selected images in display order (the focused one when nothing is selected). */
export function selection(s: SarState): string[] {
  const ids = Object.keys(s.selected);
  if (!ids.length) return s.focus ? [s.focus] : [];
  const rank = (id: string) => s.pathIds.indexOf(s.pathOf[id]!) * 1e6 + s.order[s.pathOf[id]!]!.indexOf(id);
  return ids.filter((id) => id in s.pathOf).sort((a, b) => rank(a) - rank(b));
}

// ------------------------------------------------------------------ arranging

/**
 * Moves images (in the given order) into `toPath`, before `beforeId` (null = at the end).
 * Dropping a selection onto one of its own images inserts before the next image not moved.
 */
export function moveImages(s: SarState, ids: readonly string[], toPath: string, beforeId: string | null): SarState {
  if (!(toPath in s.order) || !ids.length) return s;
  const moving = new Set(ids.filter((id) => id in s.pathOf));
  if (!moving.size) return s;
  let before = beforeId;
  if (before && moving.has(before)) {
    const list = s.order[toPath]!;
    before = list.slice(list.indexOf(before)).find((x) => !moving.has(x)) ?? null;
  }
  const order = { ...s.order };
  const pathOf = { ...s.pathOf };
  for (const p of new Set([...moving].map((id) => s.pathOf[id]!))) order[p] = order[p]!.filter((x) => !moving.has(x));
  const target = [...order[toPath]!];
  const at = before ? target.indexOf(before) : -1;
  const list = [...moving];
  target.splice(at < 0 ? target.length : at, 0, ...list);
  order[toPath] = target;
  for (const id of list) pathOf[id] = toPath;
  for (const p of Object.keys(order)) if (sameList(order[p]!, s.order[p])) order[p] = s.order[p]!;
  const focus = s.focus && moving.has(s.focus) ? s.focus : list[0]!;
  return { ...s, order, pathOf, focus, focusPath: toPath };
}

/** Alt+←/→: the focused image one place earlier or later in its path. */
export function shiftFocused(s: SarState, delta: number): SarState {
  if (!s.focus) return s;
  const path = s.pathOf[s.focus]!;
  const list = s.order[path]!;
  const i = list.indexOf(s.focus);
  const j = i + delta;
  if (j < 0 || j >= list.length) return s;
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return { ...s, order: { ...s.order, [path]: next } };
}

/** Alt+↑/↓: the selection to the end of the previous or next path. */
export function shiftToPath(s: SarState, delta: number): SarState {
  if (!s.focusPath) return s;
  const target = s.pathIds[s.pathIds.indexOf(s.focusPath) + delta];
  if (!target) return s;
  return moveImages(s, selection(s), target, null);
}

// ------------------------------------------------------------------ attributes

function setEdit(s: SarState, ids: readonly string[], patch: Edit): SarState {
  const edits = { ...s.edits };
  for (const id of ids) {
    const img = s.images[id];
    if (!img) continue;
    const e = normalise({ ...edits[id], ...patch }, img);
    if (e) edits[id] = e;
    else delete edits[id];
  }
  return { ...s, edits };
}

/** Space: deactivates the selection, or activates it when every selected image is inactive. */
export function toggleActive(s: SarState, ids: readonly string[]): SarState {
  if (!ids.length) return s;
  const anyActive = ids.some((id) => valueOf(s, id).isActive);
  return setEdit(s, ids, { isActive: !anyActive });
}

export const setDistance = (s: SarState, ids: readonly string[], value: number | null) => setEdit(s, ids, { distanceToRoot: value });

export const setKeyPartTag = (s: SarState, ids: readonly string[], value: string | null) =>
  setEdit(s, ids, { keyPartTag: value && value.trim() ? value.trim() : null });
