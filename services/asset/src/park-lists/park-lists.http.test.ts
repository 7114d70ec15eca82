import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, PackageType } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { AssetHarness, turbineBody, type Body } from '../testing/asset-harness.js';

const LPS_CONFIG = '7d1c0000-0000-4000-8000-000000000000';

describe('park lists, inspection data configs (SPEC §7)', () => {
  let h: AssetHarness;
  let north: string;
  let gobi: string;
  const park: Record<string, string> = {};
  const turbine: Record<string, string> = {};
  let caToken: string;

  const names = (list: Body[]) => list.map((p) => p.windFarmName);

  before(async () => {
    h = await AssetHarness.start();
    north = await h.customer('North Sea Wind');
    gobi = await h.customer('Gobi Renewables');
    for (const [name, customerId] of [
      ['Dogger', north],
      ['Hornsea', north],
      ['Bayan', gobi],
      ['Closed', north],
    ] as const) {
      park[name] = (await h.api('/context/api/v1/plants', { method: 'POST', json: { windFarmName: name, customerId } })).body.windFarmId;
      turbine[name] = (
        await h.api(`/context/api/v1/plants/${park[name]}/turbines`, { method: 'POST', json: turbineBody(`${name}-1`) })
      ).body.turbineId;
    }
    await h.api(`/context/api/v1/plants/${park.Closed}/active`, { method: 'PUT', json: { active: false } });
    // Dogger: blade external + LPS; Hornsea: tower + blade internal + nacelle; Bayan: blade + foundation; Closed: blade.
    await h.inspection(turbine.Dogger!, park.Dogger!, PackageType.BLADE_AUTO, '2025-03-01T00:00:00.000Z');
    await h.inspection(turbine.Dogger!, park.Dogger!, PackageType.BLADE_MANUAL, '2025-04-01T00:00:00.000Z');
    await h.inspection(turbine.Dogger!, park.Dogger!, PackageType.OTHER, '2025-02-01T00:00:00.000Z');
    await h.inspection(turbine.Hornsea!, park.Hornsea!, PackageType.TOWER_AUTO, '2025-05-01T00:00:00.000Z');
    await h.inspection(turbine.Hornsea!, park.Hornsea!, PackageType.BLADE_INNER_AUTO, '2025-05-02T00:00:00.000Z');
    await h.inspection(turbine.Hornsea!, park.Hornsea!, PackageType.NACELLE, '2025-05-03T00:00:00.000Z');
    await h.inspection(turbine.Bayan!, park.Bayan!, PackageType.BLADE_AUTO, '2025-06-01T00:00:00.000Z');
    await h.inspection(turbine.Bayan!, park.Bayan!, PackageType.FOUNDATION, '2025-06-02T00:00:00.000Z');
    await h.inspection(turbine.Closed!, park.Closed!, PackageType.BLADE_AUTO, '2025-06-03T00:00:00.000Z');
    caToken = await h.token({ roles: [90], rights: [], cid: [north] });
  });
  after(async () => h?.stop());

  test('inspectedFarms follows the part-1 coding: 1 blade, 2 tower, 3 foundation, 4 nacelle, 5 blade internal, anything else LPS', async () => {
    const list = async (q: string, token?: string) =>
      (await h.api(`/gw/asset/api/v2/farm/inspectedFarms?${q}`, token ? { token } : {})).body;
    assert.deepEqual(names(await list('componentTypes=1')), ['Bayan', 'Dogger']);
    assert.deepEqual(names(await list('componentTypes=2')), ['Hornsea']);
    assert.deepEqual(names(await list('componentTypes=3')), ['Bayan']);
    assert.deepEqual(names(await list('componentTypes=4')), ['Hornsea']);
    assert.deepEqual(names(await list('componentTypes=5')), ['Hornsea']);
    for (const other of ['0', '6', '99', 'x', ''])
      assert.deepEqual(names(await list(`componentTypes=${other}`)), ['Dogger'], `componentTypes=${other}`);
    assert.deepEqual(names(await list(`componentTypes=0&inspectionDataConfigId=${LPS_CONFIG}`)), ['Dogger']);
    assert.deepEqual(names(await list('componentTypes=2,3')), ['Bayan', 'Hornsea']);
    const dogger = (await list('componentTypes=1')).find((p: Body) => p.windFarmName === 'Dogger');
    assert.equal(dogger.id, park.Dogger);
    assert.equal(dogger.lastInspectionTime, '2025-04-01T00:00:00.000Z');
    assert.equal(dogger.inspectionLabel, 'Dogger (2025-04-01)');
    assert.ok('projectId' in dogger);
    // Scope: the customer admin of North Sea Wind never sees Bayan.
    assert.deepEqual(names(await list('componentTypes=1', caToken)), ['Dogger']);
    // A config of another component narrows to inspections made under it.
    const bladeConfig = (await h.api('/gw/asset/api/v2/inspectionDataConfig/all')).body.find((c: Body) => c.name === 'Blade').id;
    assert.deepEqual(names(await list(`componentTypes=1&inspectionDataConfigId=${bladeConfig}`)), ['Bayan', 'Dogger']);
    assert.deepEqual(names(await list(`componentTypes=2&inspectionDataConfigId=${bladeConfig}`)), []);
    assert.equal((await h.api(`/gw/asset/api/v2/farm/inspectedFarms?componentTypes=1&inspectionDataConfigId=nope`)).status, 404);
  });

  test('inspectionDataConfig/all: {id, name} entries, the LPS one supplies the LPS config id', async () => {
    const all = (await h.api('/gw/asset/api/v2/inspectionDataConfig/all')).body;
    assert.deepEqual(
      all.map((c: Body) => c.name),
      ['Blade', 'Blade Internal', 'Tower', 'Nacelle', 'Foundation', 'LPS'],
    );
    assert.equal(all.find((c: Body) => c.name === 'LPS').id, LPS_CONFIG);
  });

  test("project park lists come from delivery's projects and the caller's scope; inactive parks never show", async () => {
    const running = randomUUID();
    const finished = randomUUID();
    const om = randomUUID();
    await h.publish(EventTypes.DeliveryProjectCreated, running, {
      projectId: running,
      projectName: 'Dogger 2025',
      status: 2,
      windFarmIds: [park.Dogger!, park.Bayan!],
      campaignTypes: [1, 4],
    });
    await h.publish(EventTypes.DeliveryProjectCreated, finished, {
      projectId: finished,
      projectName: 'Hornsea 2024',
      status: 3,
      windFarmIds: [park.Hornsea!, park.Closed!],
    });
    await h.publish(EventTypes.DeliveryProjectCreated, om, {
      projectId: om,
      projectName: 'Hornsea O&M',
      status: 1,
      operation: true,
      windFarmIds: [park.Hornsea!],
      campaignTypes: [6],
    });
    await eventually(async () => (await h.sql('SELECT count(*)::int AS n FROM asset.project_ref'))[0].n === 3);
    const get = async (path: string, token?: string) => (await h.api(`/gw/asset/api/v2/${path}`, token ? { token } : {})).body;

    const permitted = await get('windPark/permittedProjectFarms');
    assert.deepEqual(names(permitted), ['Bayan', 'Dogger', 'Hornsea']);
    assert.equal(permitted.find((p: Body) => p.windFarmName === 'Hornsea').projectId, om, 'the finished project does not count');
    assert.deepEqual(names(await get('windPark/permittedProjectFarms', caToken)), ['Dogger', 'Hornsea']);

    const all = await get('windPark/allPermittedProjectFarms');
    assert.deepEqual(names(all), ['Bayan', 'Dogger', 'Hornsea']);
    assert.deepEqual(names(await get('windPark/allPermittedProjectFarms', caToken)), ['Dogger', 'Hornsea']);
    assert.equal(all.find((p: Body) => p.windFarmName === 'Dogger').projectId, running);

    assert.deepEqual(names(await get('windPark/permittedCampaignParks')), ['Bayan', 'Dogger', 'Hornsea']);
    assert.deepEqual(names(await get('windPark/permittedCampaignParks?campaignType=6')), ['Hornsea']);
    assert.deepEqual(names(await get('windPark/permittedCampaignParks?campaignType=4', caToken)), ['Dogger']);

    const operation = await get('windPark/permittedOperationProjectParks');
    assert.deepEqual(names(operation), ['Hornsea']);
    assert.equal(operation[0].projectId, om);
    const gobiUser = await h.token({ roles: [90], rights: [], cid: [gobi] });
    assert.deepEqual(names(await get('windPark/permittedOperationProjectParks', gobiUser)), []);
    const onePark = await h.token({ roles: [88], rights: [], cid: [north], pid: [park.Hornsea!] });
    assert.deepEqual(names(await get('windPark/allPermittedProjectFarms', onePark)), ['Hornsea']);
    assert.deepEqual(names(await get('farm/inspectedFarms?componentTypes=1', onePark)), []);
    const nobody = await h.token({ roles: [4], rights: [], cid: [] });
    assert.deepEqual(await get('windPark/allPermittedProjectFarms', nobody), []);
  });
});
