import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { startTestPlatform, type TestPlatform } from './harness.js';

/** Response bodies are checked by assertions, not by types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

interface Park {
  windFarmId: string;
  windFarmName: string;
  customerName: string;
  turbineCount: number;
}

describe('asset registry through the gateway (demo data seeded)', () => {
  let p: TestPlatform;
  let admin: string;
  let parks: Park[];

  const json = async <T = Body>(path: string, init: Parameters<TestPlatform['api']>[1] = {}) => {
    const r = await p.api(path, init);
    return { status: r.status, body: (await r.json().catch(() => undefined)) as T };
  };

  before(async () => {
    p = await startTestPlatform();
    admin = await p.login('admin', 'Wind@2026');
    // Identity seeds the demo customers; asset seeds their parks when the customer events arrive.
    parks = await eventually(async () => {
      const r = await json<{ results: Park[] }>('/context/api/v1/plants?pageSize=50', { token: admin });
      return r.body.results.length === 3 ? r.body.results : null;
    }, 30000);
  });
  after(async () => {
    await p?.stop();
  });

  test('demo parks: two in the North Sea for North Sea Wind, one in Inner Mongolia for Gobi Renewables, each with turbines', async () => {
    assert.deepEqual(
      parks.map((x) => [x.windFarmName, x.customerName]),
      [
        ['Bayan Obo Steppe', 'Gobi Renewables'],
        ['Dogger Bank North', 'North Sea Wind'],
        ['Hornsea Edge', 'North Sea Wind'],
      ],
    );
    for (const park of parks) assert.ok(park.turbineCount >= 5 && park.turbineCount <= 10);
  });

  test('the customer admin of North Sea Wind sees only its parks in the registry and in every park list', async () => {
    const ca = await p.login('customer-admin', 'Demo@2026');
    const mine = (await json<{ results: Park[] }>('/context/api/v1/plants?pageSize=50', { token: ca })).body.results;
    assert.deepEqual(
      mine.map((x) => x.windFarmName),
      ['Dogger Bank North', 'Hornsea Edge'],
    );
    const all = (await json<Body[]>('/gw/asset/api/v2/windPark/allPermittedProjectFarms', { token: ca })).body;
    assert.deepEqual(
      all.map((x) => x.windFarmName),
      ['Dogger Bank North', 'Hornsea Edge'],
    );
    const gobi = parks.find((x) => x.customerName === 'Gobi Renewables')!;
    assert.equal((await p.api(`/context/api/v2/plants/${gobi.windFarmId}/all-turbines`, { token: ca })).status, 404);
    // Customer roles read assets; they do not configure them.
    const denied = await p.api('/context/api/v1/plants', {
      method: 'POST',
      token: ca,
      json: { windFarmName: 'Sneaky', customerId: randomUUID() },
    });
    assert.equal(denied.status, 403);
  });

  test('component types, turbine rules and rename work through the gateway; refusals change nothing', async () => {
    const park = parks.find((x) => x.windFarmName === 'Hornsea Edge')!;
    const typeId = randomUUID();
    const put = await p.api(`/context/api/v1/plants/${park.windFarmId}/Generator-types/${typeId}`, {
      method: 'PUT',
      token: admin,
      json: { name: 'SG 8.0 retrofit', ratedPower: 8200 },
    });
    assert.equal(put.status, 200);
    const generators = (await json(`/context/api/v1/plants/${park.windFarmId}/generator-types`, { token: admin })).body;
    assert.ok(generators.results.some((t: Body) => t.typeId === typeId));

    const [first] = (await json(`/context/api/v1/plants/${park.windFarmId}/turbines?pageSize=1`, { token: admin })).body.results;
    const blades = [
      { name: 'A', serialNumber: 'E2E-A' },
      { name: 'B', serialNumber: 'E2E-B' },
      { name: 'C', serialNumber: 'E2E-C' },
    ];
    const dup = await json(`/context/api/v1/plants/${park.windFarmId}/turbines`, {
      method: 'POST',
      token: admin,
      locale: 'zh_cn',
      json: { turbineName: first.turbineName, blades },
    });
    assert.equal(dup.status, 409);
    assert.deepEqual(dup.body, { code: 'TURBINE_NAME_EXISTS', message: errorText('TURBINE_NAME_EXISTS', 'zh_cn') });
    const count = async () => (await json(`/context/api/v1/plants/${park.windFarmId}`, { token: admin })).body.turbineCount;
    assert.equal(await count(), park.turbineCount);

    const created = await json(`/context/api/v1/plants/${park.windFarmId}/turbines`, {
      method: 'POST',
      token: admin,
      json: { turbineName: 'HSE-99', turbineTypeGuid: typeId, blades },
    });
    assert.equal(created.status, 201);
    assert.equal(await count(), park.turbineCount + 1);
    const renamed = await json('/gw/asset/api/v2/turbines/rename', {
      method: 'POST',
      token: admin,
      json: { turbineId: created.body.turbineId, turbineName: 'HSE-100', inspectionGuids: [] },
    });
    assert.equal(renamed.status, 200);
    const gone = await p.api(`/context/api/v1/plants/${park.windFarmId}/turbines/${created.body.turbineId}`, {
      method: 'DELETE',
      token: admin,
    });
    assert.equal(gone.status, 204);
    assert.equal(await count(), park.turbineCount);
  });

  test('last inspection, park lists, inspection data configs and menus answer through the gateway', async () => {
    // Every demo park has demo inspections (the settled demo data); a new park has none yet.
    const park = parks.find((x) => x.windFarmName === 'Dogger Bank North')!;
    const last = await json(`/context/api/v1/plants/${park.windFarmId}/last-inspection-info`, { token: admin });
    assert.equal(last.status, 200);
    assert.equal(last.body.windFarmId, park.windFarmId);
    assert.equal(String(last.body.lastInspectionTime).slice(0, 10), '2025-06-10');
    const customerId0 = (await json(`/context/api/v1/plants/${park.windFarmId}`, { token: admin })).body.customerId;
    const fresh = await json('/context/api/v1/plants', { method: 'POST', token: admin, json: { windFarmName: `Uninspected ${randomUUID().slice(0, 8)}`, customerId: customerId0 } });
    assert.equal(fresh.status, 201);
    const none = await json(`/context/api/v1/plants/${fresh.body.windFarmId}/last-inspection-info`, { token: admin });
    assert.equal(none.status, 404);
    assert.equal(none.body.code, 'LAST_INSPECTION_TIME_NOT_EXIST');
    const configs = (await json<Body[]>('/gw/asset/api/v2/inspectionDataConfig/all', { token: admin })).body;
    const lps = configs.find((c) => c.name === 'LPS');
    assert.ok(lps?.id);
    const inspected = await json(`/gw/asset/api/v2/farm/inspectedFarms?componentTypes=0&inspectionDataConfigId=${lps.id}`, {
      token: admin,
    });
    assert.equal(inspected.status, 200);
    assert.deepEqual(inspected.body, []);
    const menus = (await json<Body[]>('/gw/asset/api/v2/menu/all', { token: admin, locale: 'zh_cn' })).body;
    assert.ok(menus.some((m) => m.name === '我的资产'));
    const customerId = (await json(`/context/api/v1/plants/${park.windFarmId}`, { token: admin })).body.customerId;
    const ids = (await json<number[]>(`/gw/asset/api/v2/menu/customer/${customerId}/menuIds`, { token: admin })).body;
    assert.equal(ids.length, menus.length);
    for (const path of ['windPark/permittedProjectFarms', 'windPark/permittedCampaignParks', 'windPark/permittedOperationProjectParks']) {
      const r = await json(`/gw/asset/api/v2/${path}`, { token: admin });
      assert.equal(r.status, 200, path);
      assert.ok(Array.isArray(r.body), path);
    }
    // Delivery seeds one demo project per demo park (docs/delivery.md); asset lists it from delivery.project.created.
    const projects = await json<{ results: Body[] }>(`/context/api/v2/plants/${park.windFarmId}/projects`, { token: admin });
    assert.deepEqual(
      projects.body.results.map((x) => x.projectName),
      [`Dogger Bank North blade inspection 2024–${new Date().getUTCFullYear()}`],
    );
  });

  test('the demo licence (identity) reaches asset by event: quota and status as asset enforces them (docs/licence.md)', async () => {
    const licence = (await json('/context/api/v1/licence', { token: admin })).body;
    assert.equal(licence.status, 'valid');
    assert.equal(licence.customer, 'Windward Demo');
    const usage = await eventually(async () => {
      const r = await json('/gw/asset/api/v2/licence/usage', { token: admin });
      return r.body?.maxTurbines === licence.maxTurbines ? r.body : null;
    }, 30000);
    assert.equal(usage.status, 'valid');
    assert.ok(usage.turbinesUsed > 0 && usage.turbinesUsed <= usage.maxTurbines);
    const ca = await p.login('customer-admin', 'Demo@2026');
    assert.equal((await json('/context/api/v1/licence', { token: ca })).status, 403);
  });
});
