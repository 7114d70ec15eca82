import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, Rights, errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { AssetHarness, turbineBody, type Body } from '../testing/asset-harness.js';

describe('plants (wind parks) over HTTP', () => {
  let h: AssetHarness;
  let north: string;
  let gobi: string;
  let parkA: string;
  let parkB: string;
  let gobiPark: string;

  const parks = async () =>
    await h.sql<{ id: string; name: string; active: boolean; customer_id: string; latitude: number }>(
      'SELECT * FROM asset.wind_park ORDER BY name',
    );

  before(async () => {
    h = await AssetHarness.start();
    north = await h.customer('North Sea Wind');
    gobi = await h.customer('Gobi Renewables', 3);
  });
  after(async () => h?.stop());

  test('a park needs a customer asset knows (-10007), and nothing is created otherwise', async () => {
    const r = await h.api('/context/api/v1/plants', { method: 'POST', json: { windFarmName: 'Ghost', customerId: randomUUID() } });
    assert.equal(r.status, 404);
    assert.equal(r.body.code, -10007);
    assert.equal((await parks()).length, 0);
  });

  test('create parks with location, customer and capacity; asset.park.created is published', async () => {
    const a = await h.api('/context/api/v1/plants', {
      method: 'POST',
      json: { windFarmName: 'Dogger A', customerId: north, latitude: 54.9, longitude: 2.1, region: 'North Sea', capacity: 480.5 },
    });
    assert.equal(a.status, 201);
    assert.equal(a.body.customerName, 'North Sea Wind');
    assert.equal(a.body.capacity, 480.5);
    assert.equal(a.body.turbineCount, 0);
    parkA = a.body.windFarmId;
    parkB = (await h.api('/context/api/v1/plants', { method: 'POST', json: { windFarmName: 'Dogger B', customerId: north } })).body
      .windFarmId;
    gobiPark = (
      await h.api('/context/api/v1/plants', {
        method: 'POST',
        json: { windFarmName: 'Bayan', customerId: gobi, province: 'Inner Mongolia', city: 'Baotou' },
      })
    ).body.windFarmId;
    const events = await h.published(EventTypes.AssetParkCreated);
    assert.deepEqual(events.map((e) => e.payload.windFarmName).sort(), ['Bayan', 'Dogger A', 'Dogger B']);
  });

  test("the same park name twice for one customer is refused in the caller's language; nothing changes", async () => {
    const r = await h.api('/context/api/v1/plants', {
      method: 'POST',
      locale: 'zh_cn',
      json: { windFarmName: ' dogger a ', customerId: north },
    });
    assert.equal(r.status, 409);
    assert.deepEqual(r.body, { code: 'WIND_PARK_NAME_EXISTS', message: errorText('WIND_PARK_NAME_EXISTS', 'zh_cn') });
    assert.equal((await parks()).length, 3);
  });

  test('update (PUT /{id}) changes the park and publishes asset.park.updated; renaming onto another park is refused', async () => {
    const ok = await h.api(`/context/api/v1/plants/${parkA}`, {
      method: 'PUT',
      json: {
        windFarmName: 'Dogger Alpha',
        customerId: north,
        latitude: 55,
        longitude: 2.2,
        province: null,
        city: 'Offshore',
        region: 'North Sea',
        capacity: 500,
      },
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.windFarmName, 'Dogger Alpha');
    assert.equal(ok.body.city, 'Offshore');
    const updated = await h.published(EventTypes.AssetParkUpdated);
    assert.equal(updated.at(-1).payload.windFarmName, 'Dogger Alpha');

    const dup = await h.api(`/context/api/v1/plants/${parkA}`, { method: 'PUT', json: { windFarmName: 'Dogger B', customerId: north } });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, 'WIND_PARK_NAME_EXISTS');
    const row = (await parks()).find((p) => p.id === parkA)!;
    assert.equal(row.name, 'Dogger Alpha');
    assert.equal(row.latitude, 55);
  });

  test('moving a park to a customer whose turbine quota it would exceed is refused', async () => {
    for (const n of ['T1', 'T2'])
      assert.equal((await h.api(`/context/api/v1/plants/${parkB}/turbines`, { method: 'POST', json: turbineBody(n) })).status, 201);
    assert.equal((await h.api(`/context/api/v1/plants/${gobiPark}/turbines`, { method: 'POST', json: turbineBody('G1') })).status, 201);
    // Gobi allows 3 turbines and has 1; Dogger B brings 2 more: fine. Then nothing else fits.
    const r = await h.api(`/context/api/v1/plants/${parkA}`, { method: 'PUT', json: { windFarmName: 'Dogger Alpha', customerId: gobi } });
    assert.equal(r.status, 200, 'an empty park moves freely');
    await h.api(`/context/api/v1/plants/${parkA}/turbines`, { method: 'POST', json: turbineBody('A1') });
    await h.api(`/context/api/v1/plants/${parkA}/turbines`, { method: 'POST', json: turbineBody('A2') });
    const refused = await h.api(`/context/api/v1/plants/${parkB}`, { method: 'PUT', json: { windFarmName: 'Dogger B', customerId: gobi } });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'TURBINE_LIMIT_EXCEEDED');
    assert.equal((await parks()).find((p) => p.id === parkB)!.customer_id, north);
    // Put park A back for the scope tests below.
    assert.equal(
      (await h.api(`/context/api/v1/plants/${parkA}`, { method: 'PUT', json: { windFarmName: 'Dogger Alpha', customerId: north } })).status,
      200,
    );
  });

  test('activate / deactivate (PUT /{id}/active) publishes asset.park.updated; the list filters on it', async () => {
    const off = await h.api(`/context/api/v1/plants/${parkB}/active`, { method: 'PUT', json: { active: false } });
    assert.equal(off.status, 200);
    assert.equal(off.body.active, false);
    const list = await h.api('/context/api/v1/plants?active=true&pageSize=50');
    assert.ok(!list.body.results.some((p: Body) => p.windFarmId === parkB));
    const events = await h.published(EventTypes.AssetParkUpdated);
    assert.equal(events.at(-1).payload.active, false);
    const bad = await h.api(`/context/api/v1/plants/${parkB}/active`, { method: 'PUT', json: { active: 'maybe' } });
    assert.equal(bad.status, 400);
    assert.equal((await parks()).find((p) => p.id === parkB)!.active, false);
    await h.api(`/context/api/v1/plants/${parkB}/active`, { method: 'PUT', json: { active: true } });
  });

  test('the list pages and sorts on the server and carries customer name and turbine count', async () => {
    const page1 = await h.api('/context/api/v1/plants?pageIndex=1&pageSize=2&fieldToSort=windFarmName&descending=true');
    assert.equal(page1.body.totalCount, 3);
    assert.deepEqual(
      page1.body.results.map((p: Body) => p.windFarmName),
      ['Dogger B', 'Dogger Alpha'],
    );
    assert.equal(page1.body.results[0].turbineCount, 2);
    const page2 = await h.api('/context/api/v1/plants?pageIndex=2&pageSize=2&fieldToSort=windFarmName&descending=true');
    assert.deepEqual(
      page2.body.results.map((p: Body) => [p.windFarmName, p.customerName]),
      [['Bayan', 'Gobi Renewables']],
    );
    const badSort = await h.api('/context/api/v1/plants?fieldToSort=password');
    assert.equal(badSort.status, 400);
    // The list query is a DTO: unknown fields and malformed filters are refused, not ignored.
    const unknown = await h.api('/context/api/v1/plants?pageSize=2&colour=green');
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'VALIDATION_FAILED');
    assert.equal((await h.api('/context/api/v1/plants?customerIds=not-a-uuid')).status, 400);
    assert.equal((await h.api('/context/api/v1/plants?active=maybe')).status, 400);
    const both = await h.api(`/context/api/v1/plants?customerIds=${north},${gobi}&pageSize=50`);
    assert.equal(both.body.totalCount, 3);
  });

  test("a customer user sees and changes only its own customer's parks; others answer 404 and stay unchanged", async () => {
    const ca = await h.token({ roles: [90], rights: [Rights.ASSET_CONFIG_EDIT, Rights.MENU_MY_ASSET], cid: [north] });
    const list = await h.api('/context/api/v1/plants?pageSize=50', { token: ca });
    assert.deepEqual(list.body.results.map((p: Body) => p.windFarmName).sort(), ['Dogger Alpha', 'Dogger B']);
    assert.equal((await h.api(`/context/api/v1/plants/${gobiPark}`, { token: ca })).status, 404);
    assert.equal((await h.api('/context/api/v1/plants/not-a-uuid', { token: ca })).status, 404, 'not a UUID: the same 404');
    const put = await h.api(`/context/api/v1/plants/${gobiPark}`, {
      method: 'PUT',
      token: ca,
      json: { windFarmName: 'Hijacked', customerId: gobi },
    });
    assert.equal(put.status, 404);
    const create = await h.api('/context/api/v1/plants', { method: 'POST', token: ca, json: { windFarmName: 'Sneaky', customerId: gobi } });
    assert.equal(create.status, 403);
    assert.equal((await parks()).find((p) => p.id === gobiPark)!.name, 'Bayan');
    assert.equal((await parks()).length, 3);
    // Park scope narrows further.
    const onePark = await h.token({ roles: [88], rights: [], cid: [north], pid: [parkB] });
    const narrowed = await h.api('/context/api/v1/plants', { token: onePark });
    assert.deepEqual(
      narrowed.body.results.map((p: Body) => p.windFarmId),
      [parkB],
    );
  });

  test('writes need the asset configuration right', async () => {
    const reader = await h.token({ roles: [88], rights: [Rights.MENU_MY_ASSET], cid: null });
    const r = await h.api('/context/api/v1/plants', {
      method: 'POST',
      token: reader,
      json: { windFarmName: 'Reader Park', customerId: north },
    });
    assert.equal(r.status, 403);
    const p = await h.api(`/context/api/v1/plants/${parkA}/active`, { method: 'PUT', token: reader, json: { active: false } });
    assert.equal(p.status, 403);
    assert.equal((await parks()).length, 3);
    assert.equal((await parks()).find((x) => x.id === parkA)!.active, true);
  });

  test('last-inspection-info: "Last Inspection Time Does Not Exist" until inspection events arrive, then the newest', async () => {
    const none = await h.api(`/context/api/v1/plants/${parkA}/last-inspection-info`);
    assert.equal(none.status, 404);
    assert.equal(none.body.code, 'LAST_INSPECTION_TIME_NOT_EXIST');
    assert.equal(none.body.message, errorText('LAST_INSPECTION_TIME_NOT_EXIST', 'en_us'));
    const [t] = (await h.api(`/context/api/v1/plants/${parkA}/turbines`)).body.results;
    await h.inspection(t.turbineId, parkA, 1, '2025-05-01T08:00:00.000Z');
    const newest = await h.inspection(t.turbineId, parkA, 5, '2025-06-10T08:00:00.000Z');
    const r = await h.api(`/context/api/v1/plants/${parkA}/last-inspection-info`);
    assert.equal(r.status, 200);
    assert.equal(r.body.lastInspectionTime, '2025-06-10T08:00:00.000Z');
    assert.equal(r.body.inspectionId, newest);
    const list = await h.api(`/context/api/v1/plants?windParkIds=${parkA}`);
    assert.equal(list.body.results[0].lastInspectionTime, '2025-06-10T08:00:00.000Z');
  });

  test("projects of a park and turbines of a project come from delivery's events", async () => {
    const projectId = randomUUID();
    await h.publish(EventTypes.DeliveryProjectCreated, projectId, {
      projectId,
      projectName: 'Dogger 2025',
      status: 1,
      projectType: 2,
      windFarmIds: [parkA, parkB],
    });
    const projects = await eventually(async () => {
      const r = await h.api(`/context/api/v2/plants/${parkB}/projects`);
      return r.body.totalCount === 1 ? r.body : null;
    });
    assert.equal(projects.results[0].projectName, 'Dogger 2025');
    const all = await h.api(`/context/api/v1/projects/${projectId}/turbines`);
    assert.deepEqual(all.body.results.map((t: Body) => t.turbineName).sort(), ['A1', 'A2', 'T1', 'T2']);
    // A status change without the optional fields keeps the parks; a turbine list narrows the project.
    const a1 = all.body.results.find((t: Body) => t.turbineName === 'A1').turbineId;
    await h.publish(EventTypes.DeliveryProjectStatusChanged, projectId, { projectId, projectName: 'Dogger 2025', status: 2 });
    await h.publish(EventTypes.DeliveryProjectUpdated, projectId, { projectId, projectName: 'Dogger 2025', status: 2, turbineIds: [a1] });
    const narrowed = await eventually(async () => {
      const r = await h.api(`/context/api/v1/projects/${projectId}/turbines`);
      return r.body.totalCount === 1 ? r.body : null;
    });
    assert.equal(narrowed.results[0].turbineName, 'A1');
    // Out of scope: a Gobi user sees none of the project's parks → the same 404 as an unknown project.
    const gobiUser = await h.token({ roles: [88], rights: [], cid: [gobi] });
    assert.equal((await h.api(`/context/api/v1/projects/${projectId}/turbines`, { token: gobiUser })).status, 404);
    assert.equal((await h.api(`/context/api/v1/projects/${randomUUID()}/turbines`)).status, 404);
    await h.publish(EventTypes.DeliveryProjectDeleted, projectId, { id: projectId });
    await eventually(async () => (await h.api(`/context/api/v2/plants/${parkB}/projects`)).body.totalCount === 0);
  });
});
