import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, Rights, errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { AssetHarness, turbineBody, type Body } from '../testing/asset-harness.js';

describe('turbines over HTTP: rules, rename, move, delete', () => {
  let h: AssetHarness;
  let customer: string;
  let park: string;
  let otherPark: string;
  const types: Record<string, string> = {};
  let otherBladeType: string;

  const base = () => `/context/api/v1/plants/${park}/turbines`;
  const turbineRows = () =>
    h.sql<{ id: string; name: string; serial_number: string; wind_park_id: string }>('SELECT * FROM asset.turbine ORDER BY name');
  const putType = async (parkId: string, kind: string, id: string, body: Record<string, unknown>) => {
    const r = await h.api(`/context/api/v1/plants/${parkId}/${kind}-types/${id}`, { method: 'PUT', json: body });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  };
  const fullBody = (name: string, over: Record<string, unknown> = {}) =>
    turbineBody(name, {
      turbineTypeGuid: types.generator,
      bladeTypeGuid: types.blade,
      nacelleTypeGuid: types.nacelle,
      towerTypeGuid: types.tower,
      foundationTypeGuid: types.foundation,
      ...over,
    });
  const create = (name: string, over: Record<string, unknown> = {}, parkId = park) =>
    h.api(`/context/api/v1/plants/${parkId}/turbines`, { method: 'POST', json: fullBody(name, over) });

  before(async () => {
    h = await AssetHarness.start();
    customer = await h.customer('North Sea Wind', 6);
    park = (await h.api('/context/api/v1/plants', { method: 'POST', json: { windFarmName: 'Hornsea', customerId: customer } })).body
      .windFarmId;
    otherPark = (await h.api('/context/api/v1/plants', { method: 'POST', json: { windFarmName: 'Dogger', customerId: customer } })).body
      .windFarmId;
    for (const kind of ['generator', 'blade', 'nacelle', 'tower', 'foundation']) types[kind] = randomUUID();
    await putType(park, 'Generator', types.generator!, { name: 'SG 8.0', ratedPower: 8000 });
    await putType(park, 'blade', types.blade!, { name: 'B81', bladeManufacturer: 'LM', length: 81.4, width: 4.5 });
    await putType(park, 'nacelle', types.nacelle!, { name: 'N8' });
    await putType(park, 'tower', types.tower!, { name: 'Tubular 100', height: 100 });
    await putType(park, 'foundation', types.foundation!, { name: 'Monopile' });
    otherBladeType = randomUUID();
    await putType(park, 'blade', otherBladeType, { name: 'B75', bladeManufacturer: 'Siemens', length: 75, width: 4 });
  });
  after(async () => h?.stop());

  test('create: blades, types (with blade length), devices and asset configs; asset.turbine.created is published', async () => {
    const drone = randomUUID();
    const r = await create('WTG-01', {
      turbineStatus: 1,
      latitude: 53.9,
      longitude: 1.8,
      devices: [{ guid: drone, bizId: 'D-1', serialNumber: 'M300-1', displayName: 'Drone 1' }, { displayName: 'Crawler' }],
      assetConfigs: [
        { packageType: 1, devices: [drone] },
        { packageType: 5, componentType: 2, devices: [] },
      ],
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const t = r.body;
    assert.equal(t.turbineName, 'WTG-01');
    assert.equal(t.turbineTypeName, 'SG 8.0');
    assert.equal(t.windfarmId, park);
    assert.deepEqual(
      t.blades.map((b: Body) => [b.position, b.name, b.length, b.width]),
      [
        [1, 'A', 81.4, 4.5],
        [2, 'B', 81.4, 4.5],
        [3, 'C', 81.4, 4.5],
      ],
    );
    assert.deepEqual(
      t.devices.map((d: Body) => [d.id, d.displayName, d.guid === drone]),
      [
        [1, 'Drone 1', true],
        [2, 'Crawler', false],
      ],
    );
    assert.deepEqual(t.assetConfigs[0], { packageType: 1, componentType: 1, devices: [t.devices[0]] });
    assert.equal(t.assetConfigs[1].componentType, 2);
    const events = await h.published(EventTypes.AssetTurbineCreated);
    assert.deepEqual(events.at(-1).payload, {
      turbineId: t.turbineId,
      turbineName: 'WTG-01',
      windFarmId: park,
      serialNumber: t.serialNumber,
      // Inspection bounds distance to root by the blade length and tells changed blades by serial.
      blades: [
        { position: 1, name: 'A', serialNumber: 'WTG-01-A', length: 81.4 },
        { position: 2, name: 'B', serialNumber: 'WTG-01-B', length: 81.4 },
        { position: 3, name: 'C', serialNumber: 'WTG-01-C', length: 81.4 },
      ],
    });
    // Without a blade type there is no length to bound by.
    const bare = await h.api(base(), { method: 'POST', json: turbineBody('BARE') });
    assert.equal(bare.status, 201, JSON.stringify(bare.body));
    const bareEvent = (await h.published(EventTypes.AssetTurbineCreated)).at(-1);
    assert.equal(bareEvent.payload.turbineId, bare.body.turbineId);
    assert.deepEqual(
      bareEvent.payload.blades.map((b: Body) => [b.position, b.name, b.length]),
      [
        [1, 'A', null],
        [2, 'B', null],
        [3, 'C', null],
      ],
    );
    assert.equal((await h.api(`${base()}/${bare.body.turbineId}`, { method: 'DELETE' })).status, 204);
  });

  test('turbine names are unique within a park (any case), not across parks', async () => {
    const before = (await turbineRows()).length;
    const dup = await create('wtg-01');
    assert.equal(dup.status, 409);
    assert.deepEqual(dup.body, { code: 'TURBINE_NAME_EXISTS', message: errorText('TURBINE_NAME_EXISTS', 'en_us') });
    assert.equal((await turbineRows()).length, before);
    const elsewhere = await h.api(`/context/api/v1/plants/${otherPark}/turbines`, { method: 'POST', json: turbineBody('WTG-01') });
    assert.equal(elsewhere.status, 201);
  });

  test('turbine serial numbers are unique overall', async () => {
    const [existing] = await turbineRows();
    const before = (await turbineRows()).length;
    const r = await create('WTG-02', { serialNumber: existing!.serial_number.toLowerCase() }, otherPark);
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'TURBINE_SERIAL_EXISTS');
    assert.equal((await turbineRows()).length, before);
  });

  test('exactly 3 blades with unique names and serial numbers', async () => {
    const before = (await turbineRows()).length;
    const two = await create('WTG-03', {
      blades: [
        { name: 'A', serialNumber: '1' },
        { name: 'B', serialNumber: '2' },
      ],
    });
    assert.equal(two.status, 400);
    assert.equal(two.body.code, 'BLADES_PER_TURBINE');
    const names = await create('WTG-03', {
      blades: [
        { name: 'A', serialNumber: '1' },
        { name: 'a ', serialNumber: '2' },
        { name: 'C', serialNumber: '3' },
      ],
    });
    assert.equal(names.status, 409);
    assert.equal(names.body.code, 'BLADE_NAME_SERIAL_REPEATED');
    const serials = await create('WTG-03', {
      blades: [
        { name: 'A', serialNumber: 'X1' },
        { name: 'B', serialNumber: 'x1' },
        { name: 'C', serialNumber: '3' },
      ],
    });
    assert.equal(serials.status, 409);
    assert.equal(serials.body.code, 'BLADE_NAME_SERIAL_REPEATED');
    assert.equal((await turbineRows()).length, before);
  });

  test('type references: unknown → "… configuration does not exist", wrong kind → "… type mismatch"', async () => {
    const before = (await turbineRows()).length;
    const unknownTower = await create('WTG-04', { towerTypeGuid: randomUUID() });
    assert.equal(unknownTower.status, 404);
    assert.equal(unknownTower.body.code, 'TOWER_CONFIG_NOT_EXIST');
    const bladeAsNacelle = await create('WTG-04', { nacelleTypeGuid: types.blade });
    assert.equal(bladeAsNacelle.status, 409);
    assert.equal(bladeAsNacelle.body.code, 'NACELLE_TYPE_MISMATCH');
    const otherParksType = await create('WTG-04', { turbineTypeGuid: types.generator }, otherPark);
    assert.equal(otherParksType.body.code, 'TURBINE_CONFIG_NOT_EXIST');
    const packageVsComponent = await create('WTG-04', { assetConfigs: [{ packageType: 3, componentType: 2 }] });
    assert.equal(packageVsComponent.status, 409);
    assert.equal(packageVsComponent.body.code, 'NACELLE_TYPE_MISMATCH');
    const configWithoutType = await create('WTG-04', { bladeTypeGuid: null, assetConfigs: [{ packageType: 2 }] });
    assert.equal(configWithoutType.status, 404);
    assert.equal(configWithoutType.body.code, 'BLADE_CONFIG_NOT_EXIST');
    const foreignDevice = await create('WTG-04', { assetConfigs: [{ packageType: 1, devices: [randomUUID()] }] });
    assert.equal(foreignDevice.status, 400);
    const unknownPackage = await create('WTG-04', { assetConfigs: [{ packageType: 9 }] });
    assert.equal(unknownPackage.status, 400);
    assert.equal((await turbineRows()).length, before);
  });

  test("the customer's turbine limit (from identity, kept current by identity.customer.updated)", async () => {
    // 2 exist (WTG-01 in each park); the limit is 6.
    for (const n of ['L1', 'L2', 'L3', 'L4']) assert.equal((await create(n)).status, 201);
    const over = await create('L5');
    assert.equal(over.status, 409);
    assert.equal(over.body.code, 'TURBINE_LIMIT_EXCEEDED');
    assert.equal((await turbineRows()).length, 6);
    await h.publish(EventTypes.IdentityCustomerUpdated, customer, {
      customerId: customer,
      customerName: 'North Sea Wind',
      customerTypeId: 1,
      organizationId: null,
      maxTurbines: 7,
    });
    await eventually(
      async () => (await h.sql('SELECT max_turbines FROM asset.customer_ref WHERE customer_id = $1', [customer]))[0].max_turbines === 7,
    );
    assert.equal((await create('L5')).status, 201);
    await h.publish(EventTypes.IdentityCustomerUpdated, customer, {
      customerId: customer,
      customerName: 'North Sea Wind',
      customerTypeId: 1,
      organizationId: null,
      maxTurbines: null,
    });
    await eventually(
      async () => (await h.sql('SELECT max_turbines FROM asset.customer_ref WHERE customer_id = $1', [customer]))[0].max_turbines === null,
    );
  });

  test('update (PUT) keeps the rules, keeps device numbers and publishes updated (and renamed when the name changes)', async () => {
    const list = await h.api(`${base()}?turbineName=WTG-01`);
    const t = list.body.results[0];
    const dup = await h.api(`${base()}/${t.turbineId}`, { method: 'PUT', json: fullBody('L1', { serialNumber: t.serialNumber }) });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, 'TURBINE_NAME_EXISTS');
    const same = await h.api(`${base()}/${t.turbineId}`, {
      method: 'PUT',
      json: fullBody('WTG-01', {
        serialNumber: t.serialNumber,
        devices: [{ guid: t.devices[1].guid, displayName: 'Crawler v2' }, { displayName: 'New' }],
      }),
    });
    assert.equal(same.status, 200, JSON.stringify(same.body));
    assert.deepEqual(
      same.body.devices.map((d: Body) => [d.id, d.displayName]),
      [
        [2, 'Crawler v2'],
        [3, 'New'],
      ],
    );
    const renamed = await h.api(`${base()}/${t.turbineId}`, {
      method: 'PUT',
      json: fullBody('WTG-01R', {
        serialNumber: t.serialNumber,
        bladeTypeGuid: otherBladeType,
        // Blade C was changed: a new serial at position 3.
        blades: [
          { name: 'A', serialNumber: 'WTG-01-A' },
          { name: 'B', serialNumber: 'WTG-01-B' },
          { name: 'C', serialNumber: 'WTG-01-C2' },
        ],
      }),
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const events = await h.published(EventTypes.AssetTurbineRenamed);
    assert.equal(events.at(-1).payload.turbineName, 'WTG-01R');
    const updated = await h.published(EventTypes.AssetTurbineUpdated);
    assert.ok(updated.length >= 2);
    assert.deepEqual(updated.at(-1).payload, {
      turbineId: t.turbineId,
      turbineName: 'WTG-01R',
      windFarmId: park,
      serialNumber: t.serialNumber,
      blades: [
        { position: 1, name: 'A', serialNumber: 'WTG-01-A', length: 75 },
        { position: 2, name: 'B', serialNumber: 'WTG-01-B', length: 75 },
        { position: 3, name: 'C', serialNumber: 'WTG-01-C2', length: 75 },
      ],
    });
    const back = await h.api(`${base()}/${t.turbineId}`, { method: 'PUT', json: fullBody('WTG-01R', { serialNumber: t.serialNumber }) });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.equal((await h.published(EventTypes.AssetTurbineUpdated)).at(-1).payload.blades[0].length, 81.4);
  });

  test("a blade type's new length reaches inspection: every turbine of the type publishes asset.turbine.updated", async () => {
    const users = (await h.api(`${base()}?pageSize=50`)).body.results.filter((x: Body) => x.bladeTypeGuid === types.blade);
    assert.ok(users.length >= 2);
    const count = async () => (await h.published(EventTypes.AssetTurbineUpdated)).length;
    const before = await count();
    // Name and width only: blade lengths unchanged, nothing to announce.
    await putType(park, 'blade', types.blade!, { name: 'B81 rev', bladeManufacturer: 'LM', length: 81.4, width: 4.6 });
    assert.equal(await count(), before);
    await putType(park, 'blade', types.blade!, { name: 'B81 rev', bladeManufacturer: 'LM', length: 82, width: 4.6 });
    const updated = (await h.published(EventTypes.AssetTurbineUpdated)).slice(before);
    assert.deepEqual(updated.map((e: Body) => e.payload.turbineId).sort(), users.map((u: Body) => u.turbineId).sort());
    for (const e of updated) {
      assert.equal(e.key, e.payload.turbineId);
      assert.deepEqual(
        e.payload.blades.map((b: Body) => [b.position, b.length]),
        [
          [1, 82],
          [2, 82],
          [3, 82],
        ],
      );
    }
    // A refused type write (another kind under the id) announces nothing and keeps the length.
    const refused = await h.api(`/context/api/v1/plants/${park}/tower-types/${types.blade}`, {
      method: 'PUT',
      json: { name: 'X', height: 1 },
    });
    assert.equal(refused.status, 409);
    assert.equal(await count(), before + users.length);
    await putType(park, 'blade', types.blade!, { name: 'B81', bladeManufacturer: 'LM', length: 81.4, width: 4.5 });
    assert.equal(await count(), before + 2 * users.length);
  });

  test('a turbine with inspections (or defects) cannot be deleted; an unused one can', async () => {
    const [used, unused] = (await h.api(`${base()}?fieldToSort=turbineName&pageSize=2`)).body.results;
    await h.inspection(used.turbineId, park, 1, '2025-04-01T00:00:00.000Z');
    const refused = await h.api(`${base()}/${used.turbineId}`, { method: 'DELETE', locale: 'zh_cn' });
    assert.equal(refused.status, 409);
    assert.deepEqual(refused.body, { code: 'TURBINE_HAS_DATA', message: errorText('TURBINE_HAS_DATA', 'zh_cn') });
    assert.ok((await turbineRows()).some((r) => r.id === used.turbineId));
    const ok = await h.api(`${base()}/${unused.turbineId}`, { method: 'DELETE' });
    assert.equal(ok.status, 204);
    assert.ok(!(await turbineRows()).some((r) => r.id === unused.turbineId));
    assert.equal((await h.sql('SELECT count(*)::int AS n FROM asset.blade WHERE turbine_id = $1', [unused.turbineId]))[0].n, 0);
    const events = await h.published(EventTypes.AssetTurbineDeleted);
    assert.equal(events.at(-1).payload.id, unused.turbineId);
    const defectCount = async () => (await h.api(`${base()}/${used.turbineId}`)).body.defectCount;
    const [inspectionId] = (await h.api(`${base()}/${used.turbineId}`)).body.inspections.map((i: Body) => i.inspectionId);
    await h.publish(EventTypes.InspectionDefectCreated, 'd-1', { defectId: 'd-1', inspectionId, severity: 3, dpsStatus: 2 });
    await eventually(async () => (await defectCount()) === 1);
    await h.publish(EventTypes.InspectionDefectDeleted, 'd-1', { id: 'd-1' });
    await eventually(async () => (await defectCount()) === 0);
  });

  test('rename (SPEC payload inspectionGuids, turbineName, turbineId) → asset.turbine.renamed', async () => {
    const rows = (await h.api(`${base()}?pageSize=50`)).body.results;
    const t = rows.find((x: Body) => x.inspectionCount > 0);
    const other = rows.find((x: Body) => x.turbineId !== t.turbineId);
    const [inspection] = (await h.api(`${base()}/${t.turbineId}`)).body.inspections;
    const taken = await h.api('/gw/asset/api/v2/turbines/rename', {
      method: 'POST',
      json: { turbineId: t.turbineId, turbineName: other.turbineName.toUpperCase(), inspectionGuids: [] },
    });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, 'TURBINE_NAME_EXISTS');
    const foreign = await h.api('/gw/asset/api/v2/turbines/rename', {
      method: 'POST',
      json: { turbineId: t.turbineId, turbineName: 'Fresh', inspectionGuids: ['not-its-own'] },
    });
    assert.equal(foreign.status, 404);
    assert.equal((await turbineRows()).find((r) => r.id === t.turbineId)!.name, t.turbineName);
    const ok = await h.api('/gw/asset/api/v2/turbines/rename', {
      method: 'POST',
      json: { turbineId: t.turbineId, turbineName: 'Fresh', inspectionGuids: [inspection.inspectionId] },
    });
    assert.equal(ok.status, 200);
    assert.equal((await turbineRows()).find((r) => r.id === t.turbineId)!.name, 'Fresh');
    const events = await h.published(EventTypes.AssetTurbineRenamed);
    assert.deepEqual(events.at(-1).payload, { turbineId: t.turbineId, turbineName: 'Fresh', inspectionGuids: [inspection.inspectionId] });
  });

  test('move inspections: same park only, matching configurations only, target must exist → asset.turbine.moved', async () => {
    const source = (await h.api(`${base()}?turbineName=Fresh`)).body.results[0];
    const [inspection] = (await h.api(`${base()}/${source.turbineId}`)).body.inspections;
    const target = (await create('MOVE-TARGET')).body;
    const odd = (await create('ODD-BLADES', { bladeTypeGuid: otherBladeType })).body;
    const elsewhere = (await h.api(`/context/api/v1/plants/${otherPark}/turbines`)).body.results[0];
    const move = (targetTurbineId: string) =>
      h.api('/gw/asset/api/v2/turbines/move', { method: 'POST', json: { inspectionGuids: [inspection.inspectionId], targetTurbineId } });
    const owner = async () =>
      (await h.sql('SELECT turbine_id FROM asset.inspection_ref WHERE inspection_id = $1', [inspection.inspectionId]))[0].turbine_id;

    const otherPark_ = await move(elsewhere.turbineId);
    assert.equal(otherPark_.status, 400);
    assert.equal(otherPark_.body.code, 'MOVE_WITHIN_SAME_WIND_PARK_ONLY');
    const mismatch = await move(odd.turbineId);
    assert.equal(mismatch.status, 409);
    assert.equal(mismatch.body.code, 'TURBINE_CONFIG_MISMATCH');
    const missing = await move(randomUUID());
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'TARGET_TURBINE_NOT_FOUND');
    assert.equal(await owner(), source.turbineId);

    const ok = await move(target.turbineId);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(await owner(), target.turbineId);
    const events = await h.published(EventTypes.AssetTurbineMoved);
    assert.deepEqual(events.at(-1).payload, {
      inspectionGuids: [inspection.inspectionId],
      fromTurbineId: source.turbineId,
      toTurbineId: target.turbineId,
    });
    // The source has no data left and may now go.
    assert.equal((await h.api(`${base()}/${source.turbineId}`, { method: 'DELETE' })).status, 204);
  });

  test('lists: paged and sorted per park; all-turbines carries inspections with the active one marked', async () => {
    const t = (await h.api(`${base()}?turbineName=MOVE-TARGET`)).body.results[0];
    await h.inspection(t.turbineId, park, 5, '2025-07-01T00:00:00.000Z'); // tower
    await h.inspection(t.turbineId, park, 1, '2025-08-01T00:00:00.000Z');
    const all = await h.api(`/context/api/v2/plants/${park}/all-turbines`);
    const names = all.body.map((x: Body) => x.turbineName);
    assert.deepEqual(names, [...names].sort());
    const mt = all.body.find((x: Body) => x.turbineId === t.turbineId);
    assert.deepEqual(
      mt.inspections.map((i: Body) => [i.packageType, i.isActive]),
      [
        [1, true],
        [5, true],
        [1, false],
      ],
    );

    // Inspection switches the older blade inspection active: asset follows the event, the newer
    // blade inspection stops being "Latest" and the tower one is untouched.
    const older = mt.inspections[2].inspectionId;
    await h.publish(EventTypes.InspectionInspectionUpdated, older, {
      inspectionId: older,
      turbineId: t.turbineId,
      componentType: 1,
      isActive: true,
      pilot: null,
      deviceId: null,
    });
    const activeFlags = async () =>
      (await h.api(`/context/api/v2/plants/${park}/all-turbines`)).body
        .find((x: Body) => x.turbineId === t.turbineId)
        .inspections.map((i: Body) => [i.packageType, i.isActive]);
    await eventually(async () => JSON.stringify(await activeFlags()) === JSON.stringify([[1, false], [5, true], [1, true]]));
    // A created event that says "not active" (an older import) leaves the active one alone.
    await h.inspection(t.turbineId, park, 1, '2025-09-01T00:00:00.000Z', { isActive: false });
    assert.deepEqual(await activeFlags(), [[1, false], [1, false], [5, true], [1, true]]);

    const page = await h.api(`${base()}?pageIndex=2&pageSize=2&fieldToSort=turbineName&descending=true`);
    const full = await h.api(`${base()}?pageSize=100&fieldToSort=turbineName&descending=true`);
    assert.deepEqual(
      page.body.results.map((x: Body) => x.turbineName),
      full.body.results.slice(2, 4).map((x: Body) => x.turbineName),
    );
    assert.equal(page.body.totalCount, full.body.totalCount);

    // The list is read in one statement, single reads through the entities: both give the same view
    // (types with the blade length, blades, counts, last inspection; devices and configs).
    const [inspectionId] = mt.inspections.map((i: Body) => i.inspectionId);
    await h.publish(EventTypes.InspectionDefectCreated, 'd-list', { defectId: 'd-list', inspectionId, severity: 2, dpsStatus: 1 });
    await eventually(async () => (await h.api(`${base()}/${t.turbineId}`)).body.defectCount === 1);
    const listed = (await h.api(`${base()}?pageSize=100&fieldToSort=turbineName&descending=true`)).body.results;
    assert.ok(listed.some((x: Body) => x.blades.length === 3 && x.bladeTypeName && x.blades[0].length !== null));
    assert.ok(listed.some((x: Body) => x.defectCount === 1 && x.inspectionCount === 4 && x.lastInspectionTime === '2025-09-01T00:00:00.000Z'));
    for (const row of listed) {
      const { inspections: _, ...single } = (await h.api(`${base()}/${row.turbineId}`)).body;
      assert.deepEqual(row, single);
    }
    // A page past the end still counts the list.
    const past = await h.api(`${base()}?pageIndex=99&pageSize=50`);
    assert.deepEqual(past.body, { results: [], totalCount: full.body.totalCount });
  });

  test('scope and rights guard every turbine write', async () => {
    const stranger = await h.token({ roles: [90], rights: [...Object.values(Rights)], cid: [randomUUID()] });
    const before = (await turbineRows()).length;
    assert.equal((await h.api(base(), { method: 'POST', token: stranger, json: fullBody('X1') })).status, 404);
    const [t] = (await h.api(base())).body.results;
    assert.equal((await h.api(`${base()}/${t.turbineId}`, { method: 'DELETE', token: stranger })).status, 404);
    assert.equal(
      (
        await h.api('/gw/asset/api/v2/turbines/rename', {
          method: 'POST',
          token: stranger,
          json: { turbineId: t.turbineId, turbineName: 'Stolen' },
        })
      ).status,
      404,
    );
    const reader = await h.token({ roles: [88], rights: [Rights.MENU_MY_ASSET], cid: [customer] });
    assert.equal((await h.api(base(), { token: reader })).status, 200);
    assert.equal((await h.api(base(), { method: 'POST', token: reader, json: fullBody('X1') })).status, 403);
    const adder = await h.token({ roles: [89], rights: [Rights.TURBINE_ADD], cid: [customer] });
    assert.equal((await h.api(`${base()}/${t.turbineId}`, { method: 'DELETE', token: adder })).status, 403);
    assert.equal((await turbineRows()).length, before);
    assert.equal((await turbineRows()).find((r) => r.id === t.turbineId)!.name, t.turbineName);
  });
});
