import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeTimeline, TIMELINE_DISTANCE_TOLERANCE_M, type TimelineDefect } from './timeline.js';

const d = (id: string, over: Partial<TimelineDefect> = {}): TimelineDefect => ({
  id,
  bladePosition: 1,
  defectType: 'Erosion',
  distanceToRoot: 40,
  severity: 2,
  sizeLength: 100,
  sizeWidth: 50,
  ...over,
});
const statuses = (r: ReturnType<typeof computeTimeline>) => Object.fromEntries([...r.current].map(([k, v]) => [k, v.status]));

describe('defect timeline (pure)', () => {
  test('without a previous inspection every defect is not applicable and nothing is repaired', () => {
    const r = computeTimeline([d('a'), d('b')], null);
    assert.deepEqual(statuses(r), { a: 'NOT_APPLICABLE', b: 'NOT_APPLICABLE' });
    assert.deepEqual(r.repaired, []);
  });

  test('same blade, type and position within the tolerance: stable, and the pair is remembered', () => {
    const r = computeTimeline([d('c', { distanceToRoot: 40.3, defectType: ' erosion ' })], [d('p')]);
    assert.deepEqual(r.current.get('c'), { status: 'STABLE', previousId: 'p' });
    assert.deepEqual(r.repaired, []);
  });

  test('the tolerance is inclusive at exactly 0.5 m and exclusive beyond', () => {
    assert.equal(TIMELINE_DISTANCE_TOLERANCE_M, 0.5);
    assert.equal(statuses(computeTimeline([d('c', { distanceToRoot: 40.5 })], [d('p')])).c, 'STABLE');
    const far = computeTimeline([d('c', { distanceToRoot: 40.51 })], [d('p')]);
    assert.equal(statuses(far).c, 'NEW');
    assert.deepEqual(far.repaired, ['p']);
  });

  test('higher severity or a size grown by more than 10 % is increased; 10 % exactly and lower severity stay stable', () => {
    const r = computeTimeline(
      [
        d('sev', { bladePosition: 1, severity: 3 }),
        d('size', { bladePosition: 2, sizeLength: 111 }),
        d('ten', { bladePosition: 3, sizeLength: 110 }),
      ],
      [d('p1', { bladePosition: 1 }), d('p2', { bladePosition: 2 }), d('p3', { bladePosition: 3 })],
    );
    assert.deepEqual(statuses(r), { sev: 'INCREASED', size: 'INCREASED', ten: 'STABLE' });
    const lower = computeTimeline([d('c', { severity: 1, sizeLength: 50 })], [d('p')]);
    assert.equal(statuses(lower).c, 'STABLE');
  });

  test('another blade or another type never matches: new + repaired', () => {
    const r = computeTimeline([d('blade2', { bladePosition: 2 }), d('crack', { defectType: 'Crack' })], [d('p')]);
    assert.deepEqual(statuses(r), { blade2: 'NEW', crack: 'NEW' });
    assert.deepEqual(r.repaired, ['p']);
  });

  test('matching is one-to-one and closest first, whatever the input order', () => {
    const prev = [d('p1', { distanceToRoot: 40 }), d('p2', { distanceToRoot: 41 })];
    const cur = [d('c1', { distanceToRoot: 40.4 }), d('c2', { distanceToRoot: 40.1 })];
    for (const order of [cur, [...cur].reverse()]) {
      const r = computeTimeline(order, [...prev].reverse());
      // c2 is closest to p1; c1 is 0.6 m from p2 (beyond tolerance) so it is new; p2 was repaired.
      assert.deepEqual(r.current.get('c2'), { status: 'STABLE', previousId: 'p1' });
      assert.deepEqual(r.current.get('c1'), { status: 'NEW', previousId: null });
      assert.deepEqual(r.repaired, ['p2']);
    }
  });

  test('a defect without blade or distance can only be new; an empty current inspection repairs everything', () => {
    const r = computeTimeline([d('nob', { bladePosition: null }), d('nod', { distanceToRoot: null })], [d('p')]);
    assert.deepEqual(statuses(r), { nob: 'NEW', nod: 'NEW' });
    assert.deepEqual(computeTimeline([], [d('p'), d('q')]).repaired, ['p', 'q']);
  });
});
