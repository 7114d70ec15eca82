import { describe, expect, it } from 'vitest';
import { mapViewState } from '@/shared/viewer/geometry';
import {
  clampToImage,
  closePolygon,
  closesAtFirst,
  moveVertex,
  pickPolygon,
  pointInPolygon,
  polygonArea,
  removeVertex,
  screenToImage,
  sizeFromPolygon,
  type Point,
} from './geometry';
import { canRedo, canUndo, createHistory, record, redo, seal, undo } from './undo';
import {
  DEFAULT_SHORTCUTS,
  SHORTCUTS_STORAGE_KEY,
  actionFor,
  assignShortcut,
  comboLabel,
  comboOf,
  fromTextField,
  loadShortcuts,
  normalizeCombo,
  saveShortcuts,
} from './shortcuts';
import { defectResult, qaBody, reviewCounts, reviewProblem, stepInList, suggestedResult, type Verdicts } from './review';
import { draftBody, draftProblem, newDraft } from './draft';
import { bulkChanges } from './components/BulkEditPanel';

const SQUARE: Point[] = [
  [0, 0],
  [100, 0],
  [100, 100],
  [0, 100],
];

describe('geometry', () => {
  it('point in polygon: inside, outside, on an edge, in a concave notch', () => {
    expect(pointInPolygon([50, 50], SQUARE)).toBe(true);
    expect(pointInPolygon([150, 50], SQUARE)).toBe(false);
    expect(pointInPolygon([100, 40], SQUARE)).toBe(true);
    const u: Point[] = [
      [0, 0],
      [30, 0],
      [30, 60],
      [70, 60],
      [70, 0],
      [100, 0],
      [100, 100],
      [0, 100],
    ];
    expect(pointInPolygon([50, 30], u)).toBe(false);
    expect(pointInPolygon([50, 80], u)).toBe(true);
  });

  it('picks the smallest polygon under the point, or none', () => {
    const small: Point[] = [
      [40, 40],
      [60, 40],
      [60, 60],
    ];
    const polys = [
      { id: 'big', points: SQUARE },
      { id: 'small', points: small },
    ];
    expect(pickPolygon(polys, [55, 45])).toBe('small');
    expect(pickPolygon(polys, [10, 90])).toBe('big');
    expect(pickPolygon(polys, [200, 200])).toBeNull();
    expect(polygonArea(SQUARE)).toBe(10000);
  });

  it('closes a drawn outline: merges the double-click duplicate, drops a last point on the first, refuses fewer than 3 or no area', () => {
    const clicked: Point[] = [
      [10, 10],
      [50, 10],
      [50, 40],
      [50, 40.2],
      [10.1, 10],
    ];
    expect(closePolygon(clicked)).toEqual([
      [10, 10],
      [50, 10],
      [50, 40],
    ]);
    expect(
      closePolygon([
        [0, 0],
        [5, 5],
      ]),
    ).toBeNull();
    expect(
      closePolygon([
        [0, 0],
        [5, 5],
        [10, 10],
      ]),
    ).toBeNull();
  });

  it('closing by clicking near the first point is measured in screen pixels', () => {
    const pts: Point[] = [
      [10, 10],
      [50, 10],
      [50, 40],
    ];
    expect(closesAtFirst(pts, [13, 10], 2)).toBe(true); // 3 px in the image = 6 px on screen
    expect(closesAtFirst(pts, [13, 10], 4)).toBe(false); // 12 px on screen
    expect(closesAtFirst(pts.slice(0, 2), [10, 10], 1)).toBe(false);
  });

  it('maps screen to image pixels, keeps points on the image, moves and removes vertices', () => {
    expect(screenToImage([110, 60], { scale: 0.5, tx: 10, ty: 20 })).toEqual([200, 80]);
    expect(clampToImage([-3, 50.1234], 400, 300)).toEqual([0, 50.12]);
    expect(clampToImage([500, 400], 400, 300)).toEqual([400, 300]);
    expect(moveVertex(SQUARE, 1, [90, 5])[1]).toEqual([90, 5]);
    expect(removeVertex(SQUARE, 0)).toHaveLength(3);
    expect(removeVertex(SQUARE.slice(0, 3), 0)).toBeNull();
  });

  it('size from the outline: longer side is the length, mm per pixel → m, 3 decimals; unknown pixel size → none', () => {
    const p: Point[] = [
      [0, 0],
      [250, 0],
      [250, 40],
      [0, 40],
    ];
    expect(sizeFromPolygon(p, 0.8)).toEqual({ sizeLength: 0.2, sizeWidth: 0.032 });
    expect(sizeFromPolygon(p, 0.333)).toEqual({ sizeLength: 0.083, sizeWidth: 0.013 });
    expect(sizeFromPolygon(p, null)).toBeNull();
    expect(sizeFromPolygon(p, 0)).toBeNull();
  });

  it('viewport carry-over: the next image gets the same zoom and the same share of width and height', () => {
    const view = { zoom: 4, center: { x: 0.25, y: 0.1 } };
    // 2400 × 800 (aspect 1/3) → 1200 × 800 (aspect 2/3): the centre stays at 25 % across and 30 % down
    const next = mapViewState(view, 1 / 3, 2 / 3);
    expect(next.zoom).toBe(4);
    expect(next.center.x).toBe(0.25);
    expect(next.center.y / (2 / 3)).toBeCloseTo(0.1 / (1 / 3));
  });
});

describe('undo stack', () => {
  it('records, undoes, redoes; a new change drops the redo branch', () => {
    let h = createHistory(0);
    h = record(h, 1);
    h = record(h, 2);
    expect([h.present, canUndo(h), canRedo(h)]).toEqual([2, true, false]);
    h = undo(h);
    h = undo(h);
    expect([h.present, canUndo(h), canRedo(h)]).toEqual([0, false, true]);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(1);
    h = record(h, 5);
    expect([h.present, canRedo(h), h.past]).toEqual([5, false, [0, 1]]);
  });

  it('coalesces changes with the same key until sealed; an unchanged value records nothing', () => {
    let h = createHistory('');
    h = record(h, 'a', 'field:type');
    h = record(h, 'ab', 'field:type');
    h = record(h, 'abc', 'field:type');
    expect(h.past).toEqual(['']);
    h = seal(h);
    h = record(h, 'abcd', 'field:type');
    expect(h.past).toEqual(['', 'abc']);
    expect(record(h, h.present)).toBe(h);
    expect(undo(undo(h)).present).toBe('');
  });

  it('keeps at most the limit of steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 10; i++) h = record(h, i, null, 3);
    expect(h.past).toEqual([7, 8, 9]);
  });
});

describe('shortcut map', () => {
  const key = (k: string, m: Partial<KeyboardEvent> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...m,
  });

  it('reads key presses as combinations and finds their action', () => {
    const map = loadShortcuts({ getItem: () => null });
    expect(comboOf(key('V'))).toBe('v');
    expect(comboOf(key('?', { shiftKey: true }))).toBe('?');
    expect(comboOf(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('ctrl+shift+z');
    expect(comboOf(key('s', { metaKey: true }))).toBe('ctrl+s');
    expect(comboOf(key('Shift', { shiftKey: true }))).toBeNull();
    expect(actionFor(map, 'v')).toBe('toolSelect');
    expect(actionFor(map, 'p')).toBe('toolPolygon');
    expect(actionFor(map, 'ArrowRight')).toBe('nextImage');
    expect(actionFor(map, 'd')).toBe('nextImage');
    expect(actionFor(map, 'a')).toBe('previousImage');
    expect(actionFor(map, '3')).toBe('severity3');
    expect(actionFor(map, 'ctrl+s')).toBe('save');
    expect(actionFor(map, 'ctrl+z')).toBe('undo');
    expect(actionFor(map, 'ctrl+shift+z')).toBe('redo');
    expect(actionFor(map, '?')).toBe('help');
    expect(actionFor(map, 'x')).toBeNull();
  });

  it('keeps custom keys in storage (only what differs), refuses a key another action uses, resets', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const map = loadShortcuts(storage);
    const conflict = assignShortcut(map, 'toolPolygon', 'v');
    expect(conflict).toEqual({ conflict: 'toolSelect' });
    const ok = assignShortcut(map, 'toolPolygon', 'Shift+Ctrl+G');
    if (!('map' in ok)) throw new Error('expected a map');
    saveShortcuts(ok.map, storage);
    expect(JSON.parse(store.get(SHORTCUTS_STORAGE_KEY)!)).toEqual({ toolPolygon: ['ctrl+shift+g'] });
    const again = loadShortcuts(storage);
    expect(actionFor(again, 'ctrl+shift+g')).toBe('toolPolygon');
    expect(actionFor(again, 'p')).toBeNull();
    saveShortcuts(loadShortcuts({ getItem: () => null }), storage);
    expect(store.has(SHORTCUTS_STORAGE_KEY)).toBe(false);
    // a broken entry gives the defaults
    expect(loadShortcuts({ getItem: () => '{not json' }).save).toEqual(DEFAULT_SHORTCUTS.save);
    expect(normalizeCombo('Cmd+S')).toBe('ctrl+s');
    expect(comboLabel('ctrl+shift+z')).toBe('Ctrl + Shift + Z');
  });

  it('knows text fields (where only save and cancel apply)', () => {
    const input = document.createElement('input');
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(fromTextField(input)).toBe(true);
    expect(fromTextField(document.createElement('textarea'))).toBe(true);
    expect(fromTextField(box)).toBe(false);
    expect(fromTextField(document.body)).toBe(false);
  });
});

describe('review', () => {
  const ids = ['a', 'b', 'c'];
  it('counts verdicts and suggests the result: fail on a rejection, pass with issue on a remark', () => {
    expect(reviewCounts(ids, {})).toEqual({ accepted: 0, rejected: 0, unreviewed: 3 });
    const v: Verdicts = { a: { decision: 'accepted', comment: '' }, b: { decision: 'rejected', comment: 'too big' } };
    expect(reviewCounts(ids, v)).toEqual({ accepted: 1, rejected: 1, unreviewed: 1 });
    expect(suggestedResult(ids, v)).toBe(3);
    expect(suggestedResult(ids, { a: { decision: 'accepted', comment: 'edge a bit off' } })).toBe(2);
    expect(suggestedResult(ids, { a: { decision: 'accepted', comment: ' ' } })).toBe(1);
    expect(defectResult({ decision: 'rejected', comment: 'x' })).toBe(3);
  });

  it('refuses a fail without reasons and a rejection without a comment', () => {
    expect(reviewProblem(3, '  ', ids, {})).toEqual({ kind: 'failReason' });
    expect(reviewProblem(1, '', ids, { c: { decision: 'rejected', comment: '' } })).toEqual({ kind: 'rejectComment', defectId: 'c' });
    expect(reviewProblem(3, 'wrong type', ids, { c: { decision: 'rejected', comment: 'crack, not erosion' } })).toBeNull();
  });

  it('refuses a pass (or pass with issue) while defects are unreviewed: how many, and the first of them', () => {
    const v: Verdicts = { b: { decision: 'accepted', comment: '' } };
    expect(reviewProblem(1, '', ids, v)).toEqual({ kind: 'unreviewed', count: 2, defectId: 'a' });
    expect(reviewProblem(2, '', ids, { ...v, a: { decision: 'accepted', comment: 'ok' } })).toEqual({ kind: 'unreviewed', count: 1, defectId: 'c' });
    // Fail goes back to labeling anyway: it needs reasons, not a verdict on every defect.
    expect(reviewProblem(3, 'redo blade B', ids, v)).toBeNull();
    const all: Verdicts = { a: { decision: 'accepted', comment: '' }, b: { decision: 'accepted', comment: '' }, c: { decision: 'accepted', comment: '' } };
    expect(reviewProblem(1, '', ids, all)).toBeNull();
  });

  it('builds the QA body with per-defect results and the change-rate counts', () => {
    const v: Verdicts = { a: { decision: 'accepted', comment: '' }, c: { decision: 'rejected', comment: ' crack ' } };
    expect(qaBody(5, 3, ' type wrong ', ids, v)).toEqual({
      stage: 5,
      result: 3,
      comments: 'type wrong',
      counts: { added: 0, deleted: 0, modified: 1, correct: 1 },
      defects: [
        { defectId: 'a', result: 1, comments: '' },
        { defectId: 'c', result: 3, comments: 'crack' },
      ],
    });
  });

  it('J/K move through the list and stop at its ends', () => {
    expect(stepInList(ids, null, 1)).toBe('a');
    expect(stepInList(ids, null, -1)).toBe('c');
    expect(stepInList(ids, 'a', 1)).toBe('b');
    expect(stepInList(ids, 'c', 1)).toBe('c');
    expect(stepInList([], null, 1)).toBeNull();
  });
});

describe('defect draft and bulk changes', () => {
  it('a polygon first, then a defect type; distance to root, decimals and chordwise order as the server checks them', () => {
    const d = newDraft('img');
    expect(draftProblem(d, 60)?.code).toBe('POLYGON_REQUIRED');
    const drawn = { ...d, polygon: SQUARE };
    expect(draftProblem(drawn, 60)?.code).toBe('LABELING_REQUIRED');
    const typed = { ...drawn, values: { ...drawn.values, defectType: 'Erosion' } };
    expect(draftProblem(typed, 60)).toBeNull();
    expect(draftProblem({ ...typed, values: { ...typed.values, distanceToRoot: 60.5 } }, 60)?.code).toBe(-13013);
    expect(draftProblem({ ...typed, values: { ...typed.values, distanceToRoot: -5.01 } }, 60)?.code).toBe(-13013);
    expect(draftProblem({ ...typed, values: { ...typed.values, distanceToRoot: 12.345 } }, 60)?.code).toBe('DECIMAL_PLACES_EXCEEDED');
    expect(draftProblem({ ...typed, values: { ...typed.values, sizeLength: 0.0001 } }, 60)?.code).toBe('DECIMAL_PLACES_EXCEEDED');
    expect(draftProblem({ ...typed, values: { ...typed.values, chordwiseStart: 0.6, chordwiseEnd: 0.5 } }, 60)?.code).toBe(
      'MIN_GREATER_THAN_MAX',
    );
    expect(draftBody({ ...typed, values: { ...typed.values, layer: '  ', affectedPart: ' Shell ' } })).toMatchObject({
      imageId: 'img',
      defectType: 'Erosion',
      layer: null,
      affectedPart: 'Shell',
    });
  });

  it('bulk edit sends only the ticked fields; an emptied text becomes null', () => {
    expect(bulkChanges(new Set(['severity', 'layer']), { severity: 4, layer: ' ', defectType: 'x' })).toEqual({ severity: 4, layer: null });
    expect(bulkChanges(new Set(), { severity: 1 })).toEqual({});
  });
});
