import { describe, expect, it, vi } from 'vitest';
import {
  click,
  committedBy,
  initState,
  isDirty,
  moveImages,
  pathsToSave,
  rebase,
  saveBody,
  selection,
  setDistance,
  shiftFocused,
  stepPath,
  toggleActive,
} from './model';
import { SpentTimer, formatDuration } from './spentTime';
import { image, sarData } from './testing/fakeServer';
import type { SarData } from './sortAndRemoveApi';

describe('sort-and-remove state', () => {
  it('starts on the first image, clean; unsaved paths are those never saved', () => {
    const s = initState(sarData());
    expect([s.focus, s.focusPath, Object.keys(s.selected)]).toEqual(['a', 'p-le', ['a']]);
    expect(s.pathIds.map((p) => isDirty(s, p))).toEqual([false, false, false]);
    expect(pathsToSave(s)).toEqual(['p-le', 'p-te']);
  });

  it('shift-click selects a range within a path; ctrl-click toggles; selection keeps display order', () => {
    let s = initState(sarData());
    s = click(s, 'c', 'single');
    s = click(s, 'a', 'range');
    expect(selection(s)).toEqual(['a', 'b', 'c']);
    s = click(s, 'b', 'toggle');
    s = click(s, 'e', 'toggle');
    expect(selection(s)).toEqual(['a', 'c', 'e']);
    // A range across paths falls back to a single image.
    s = click(s, 'f', 'range');
    expect(selection(s)).toEqual(['f']);
  });

  it('moving a selection before one of its own images inserts before the next image not moved', () => {
    let s = initState(sarData());
    s = moveImages(s, ['a', 'b'], 'p-le', 'b');
    expect(s.order['p-le']).toEqual(['a', 'b', 'c']);
    s = moveImages(s, ['a', 'e'], 'p-le', 'c');
    expect(s.order['p-le']).toEqual(['b', 'a', 'e', 'c']);
    expect(s.order['p-te']).toEqual(['d']);
    expect([s.pathOf.e, s.focusPath]).toEqual(['p-le', 'p-le']);
    expect(isDirty(s, 'p-te')).toBe(true);
  });

  it('the save body of a path carries the whole list of every path its images went to; only edited images have isEdit', () => {
    let s = initState(sarData());
    s = moveImages(s, ['b'], 'p-ps', null);
    s = toggleActive(s, ['f']);
    s = toggleActive(s, ['b']);
    const body = saveBody(s, 'p-le');
    expect(body.map((i) => [i.guid, i.sortIndex, i.pathGuid ?? null, i.isEdit, i.isActive])).toEqual([
      ['a', 0, null, false, true],
      ['c', 1, null, false, true],
      ['f', 0, 'p-ps', false, false],
      ['b', 1, 'p-ps', true, false],
    ]);
    expect(committedBy(body)).toEqual(['b']);
    // Moving an image back where it was leaves nothing to save for that path.
    const moved = moveImages(initState(sarData()), ['b'], 'p-ps', null);
    expect(isDirty(moved, 'p-le')).toBe(true);
    expect(isDirty(moveImages(moved, ['b'], 'p-le', 'c'), 'p-le')).toBe(false);
  });

  it('a new server answer keeps the unsaved arrangement, drops committed and deleted images, adds new ones', () => {
    let s = initState(sarData());
    s = moveImages(s, ['d'], 'p-le', null);
    s = setDistance(s, ['a', 'e'], 3);
    const server: SarData = sarData();
    server.paths[0]!.images = [image('a', 0, { distanceToRoot: 3 }), image('c', 2), image('g', 3)];
    const next = rebase(s, server, ['a']);
    expect(next.order['p-le']).toEqual(['a', 'c', 'd', 'g']);
    expect(Object.keys(next.edits)).toEqual(['e']);
    expect(next.images.b).toBeUndefined();
    expect(rebase(next, server)).toBe(next);
    // Edits equal to the new server values disappear by themselves.
    const same = sarData();
    same.paths[1]!.images[1] = image('e', 1, { distanceToRoot: 3 });
    expect(rebase(s, same).edits.e).toBeUndefined();
  });

  it('toggling deactivates a mixed selection and activates a fully inactive one; undoing an edit removes it', () => {
    let s = initState(sarData());
    s = toggleActive(s, ['a']);
    s = toggleActive(s, ['a', 'b']);
    expect([s.edits.a, s.edits.b]).toEqual([{ isActive: false }, { isActive: false }]);
    s = toggleActive(s, ['a', 'b']);
    expect(s.edits).toEqual({});
  });

  it('Alt+arrows: the focused image swaps with its neighbour; paths change by keyboard at the same position', () => {
    let s = click(initState(sarData()), 'b', 'single');
    s = shiftFocused(s, 1);
    expect(s.order['p-le']).toEqual(['a', 'c', 'b']);
    expect(shiftFocused(s, 1)).toBe(s);
    s = stepPath(s, 1);
    expect(s.focus).toBe('e');
    s = stepPath(s, 1);
    expect([s.focus, s.focusPath]).toEqual(['f', 'p-ps']);
  });
});

describe('spent time', () => {
  it("counts visible seconds only, reports a minute at a time, stops when the stage is no longer the caller's", async () => {
    let visible = true;
    const sent: number[] = [];
    let accept = true;
    const timer = new SpentTimer(
      async (s) => {
        sent.push(s);
        return accept;
      },
      vi.fn(),
      () => visible,
    );
    for (let i = 0; i < 59; i++) timer.tick();
    visible = false;
    for (let i = 0; i < 30; i++) timer.tick();
    expect([timer.elapsed, sent]).toEqual([59, []]);
    visible = true;
    timer.tick();
    await timer.flush();
    expect(sent).toEqual([60]);
    timer.tick();
    timer.tick();
    accept = false;
    await timer.flush();
    expect(sent).toEqual([60, 2]);
    timer.tick();
    await timer.flush();
    expect([timer.elapsed, sent]).toEqual([62, [60, 2]]);
  });

  it('keeps seconds a failed connection could not deliver', async () => {
    const send = vi.fn<(s: number) => Promise<boolean>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(true);
    const timer = new SpentTimer(send, vi.fn(), () => true);
    timer.tick();
    await timer.flush();
    timer.tick();
    await timer.flush();
    expect(send.mock.calls.map((c) => c[0])).toEqual([1, 2]);
  });

  it('formats hours, minutes and seconds', () => {
    expect([formatDuration(0), formatDuration(3725), formatDuration(36000)]).toEqual(['00:00:00', '01:02:05', '10:00:00']);
  });
});
