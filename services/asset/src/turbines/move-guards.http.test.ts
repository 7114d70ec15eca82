import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, errorText } from '@windward/contracts';
import { AssetHarness, turbineBody } from '../testing/asset-harness.js';

describe('moving inspections: timeline links (inspection.timeline.*) and one inspection per component and day', () => {
  let h: AssetHarness;
  let park: string;
  const types: Record<string, string> = {};

  const createTurbine = async (name: string) => {
    const r = await h.api(`/context/api/v1/plants/${park}/turbines`, {
      method: 'POST',
      json: turbineBody(name, {
        turbineTypeGuid: types.generator,
        bladeTypeGuid: types.blade,
        towerTypeGuid: types.tower,
      }),
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.turbineId as string;
  };
  const move = (inspectionGuids: string[], targetTurbineId: string, locale?: string) =>
    h.api('/gw/asset/api/v2/turbines/move', { method: 'POST', json: { inspectionGuids, targetTurbineId }, ...(locale ? { locale } : {}) });
  /** Owner of each inspection plus the number of moves published: what a refused move must leave alone. */
  const snapshot = async () => ({
    owners: await h.sql<{ inspection_id: string; turbine_id: string }>(
      'SELECT inspection_id, turbine_id FROM asset.inspection_ref ORDER BY inspection_id',
    ),
    moved: (await h.published(EventTypes.AssetTurbineMoved)).length,
  });
  const ownerOf = async (inspectionId: string) =>
    (await h.sql('SELECT turbine_id FROM asset.inspection_ref WHERE inspection_id = $1', [inspectionId]))[0].turbine_id;

  before(async () => {
    h = await AssetHarness.start();
    const customer = await h.customer('Move Guards Wind');
    park = (await h.api('/context/api/v1/plants', { method: 'POST', json: { windFarmName: 'Moray', customerId: customer } })).body
      .windFarmId;
    for (const [kind, path, body] of [
      ['generator', 'Generator', { name: 'V164', ratedPower: 9500 }],
      ['blade', 'blade', { name: 'V80', bladeManufacturer: 'Vestas', length: 80, width: 5.4 }],
      ['tower', 'tower', { name: 'T105', height: 105 }],
    ] as const) {
      types[kind] = randomUUID();
      const r = await h.api(`/context/api/v1/plants/${park}/${path}-types/${types[kind]}`, { method: 'PUT', json: body });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
  });
  after(async () => h?.stop());

  test('an inspection on either side of a timeline link does not move until the link is removed', async () => {
    const source = await createTurbine('TL-SRC');
    const target = await createTurbine('TL-DST');
    const oldest = await h.inspection(source, park, 1, '2023-05-01T00:00:00.000Z');
    const older = await h.inspection(source, park, 1, '2024-05-01T00:00:00.000Z');
    const newer = await h.inspection(source, park, 1, '2025-05-01T00:00:00.000Z');
    const newest = await h.inspection(source, park, 1, '2026-01-10T00:00:00.000Z');
    await h.timelineLink(newer, older, source);

    const before = await snapshot();
    for (const [guids, linked] of [
      [[older], [older]], // the earlier side of the link
      [[newer], [newer]], // the later side
      [[newest, newer, older], [newer, older].sort()], // one linked inspection among others stops the whole move
    ] as const) {
      const r = await move([...guids], target, 'zh_cn');
      assert.equal(r.status, 409, JSON.stringify(r.body));
      assert.deepEqual(r.body, {
        code: 'INSPECTION_LINKED_FOR_TIMELINE',
        message: errorText('INSPECTION_LINKED_FOR_TIMELINE', 'zh_cn'),
        details: { inspectionGuids: [...linked] },
      });
    }
    const en = await move([older], target);
    assert.equal(en.body.message, errorText('INSPECTION_LINKED_FOR_TIMELINE', 'en_us'));
    assert.deepEqual(await snapshot(), before);

    // A replaced link: inspection links the newer inspection to another earlier one, then unlinks the old pair.
    // Keyed by the pair, asset keeps the new link whatever order the two events come in.
    await h.timelineLink(newer, oldest, source);
    await h.timelineUnlink(newer, older, source);
    const stillLinked = await move([newer], target);
    assert.equal(stillLinked.status, 409);
    assert.deepEqual(stillLinked.body.details, { inspectionGuids: [newer] });
    assert.equal(await ownerOf(newer), source);

    // Older is free now; after removing the remaining link every inspection moves.
    const freed = await move([older], target);
    assert.equal(freed.status, 200, JSON.stringify(freed.body));
    assert.equal(await ownerOf(older), target);
    const oldestLinked = await move([oldest], target);
    assert.equal(oldestLinked.status, 409);
    assert.equal(await ownerOf(oldest), source);
    await h.timelineUnlink(newer, oldest, source);
    const rest = await move([oldest, newer, newest], target);
    assert.equal(rest.status, 200, JSON.stringify(rest.body));
    for (const i of [oldest, newer, newest]) assert.equal(await ownerOf(i), target);
    const moved = await h.published(EventTypes.AssetTurbineMoved);
    assert.equal(moved.length, before.moved + 2);
    assert.deepEqual(moved.at(-1).payload, { inspectionGuids: [oldest, newer, newest], fromTurbineId: source, toTurbineId: target });
  });

  test('a link announced for inspections asset has not placed yet still guards them once they arrive', async () => {
    const source = await createTurbine('EARLY-SRC');
    const target = await createTurbine('EARLY-DST');
    const later = randomUUID();
    const earlier = await h.inspection(source, park, 5, '2024-09-01T00:00:00.000Z');
    // Events may arrive in any order: the link can come before the inspection it names.
    await h.timelineLink(later, earlier, source);
    const before = await snapshot();
    const r = await move([earlier], target);
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'INSPECTION_LINKED_FOR_TIMELINE');
    assert.deepEqual(await snapshot(), before);
  });

  test('the target may not end up with two inspections of one component on the same day (-10009)', async () => {
    const source = await createTurbine('DAY-SRC');
    const target = await createTurbine('DAY-DST');
    // Blade auto (1) and blade manual (2) both inspect the blade's outside; tower (5) and tower auto (11) the tower.
    await h.inspection(target, park, 2, '2025-06-01T00:00:00.000Z');
    await h.inspection(target, park, 5, '2025-06-02T00:00:00.000Z');
    const bladeSameDay = await h.inspection(source, park, 1, '2025-06-01T00:00:00.000Z');
    const towerSameDay = await h.inspection(source, park, 11, '2025-06-02T00:00:00.000Z');
    const nacelleSameDay = await h.inspection(source, park, 3, '2025-06-01T00:00:00.000Z');
    const bladeOtherDay = await h.inspection(source, park, 1, '2025-06-03T00:00:00.000Z');

    const before = await snapshot();
    const one = await move([bladeSameDay], target, 'zh_cn');
    assert.equal(one.status, 409, JSON.stringify(one.body));
    assert.deepEqual(one.body, { code: -10009, message: errorText(-10009, 'zh_cn'), details: { inspectionGuids: [bladeSameDay] } });
    const mixed = await move([nacelleSameDay, towerSameDay, bladeOtherDay], target);
    assert.equal(mixed.status, 409);
    assert.equal(mixed.body.message, errorText(-10009, 'en_us'));
    assert.deepEqual(mixed.body.details, { inspectionGuids: [towerSameDay] });
    assert.deepEqual(await snapshot(), before);

    // Another component on that day, or the same component on another day, moves.
    const ok = await move([nacelleSameDay, bladeOtherDay], target);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(await ownerOf(nacelleSameDay), target);
    assert.equal(await ownerOf(bladeOtherDay), target);
    assert.equal(await ownerOf(bladeSameDay), source);
    assert.equal(await ownerOf(towerSameDay), source);
    const target_ = (await h.api(`/context/api/v1/plants/${park}/turbines/${target}`)).body;
    assert.equal(target_.inspectionCount, 4);
  });
});
