import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, isSeedText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { AssetHarness, type Body } from '../testing/asset-harness.js';

describe("demo data (SEED_DEMO=true) follows identity's demo customers", () => {
  let h: AssetHarness;
  before(async () => {
    h = await AssetHarness.start({ SEED_DEMO: 'true' });
  });
  after(async () => {
    await h?.stop();
    process.env.SEED_DEMO = 'false';
  });

  const parks = async () => (await h.api('/context/api/v1/plants?pageSize=50')).body.results as Body[];

  test('North Sea Wind and Gobi Renewables get parks with coordinates, turbines with 3 blades and component types', async () => {
    const north = await h.customer('North Sea Wind', 200);
    await h.customer('Gobi Renewables', 200);
    await h.customer('Someone Else');
    const list = await parks();
    assert.deepEqual(
      list.map((p) => [p.windFarmName, p.customerName]),
      [
        ['Bayan Obo Steppe', 'Gobi Renewables'],
        ['Dogger Bank North', 'North Sea Wind'],
        ['Hornsea Edge', 'North Sea Wind'],
      ],
    );
    const bayan = list.find((p) => p.windFarmName === 'Bayan Obo Steppe');
    assert.equal(bayan.province, 'Inner Mongolia');
    assert.ok(bayan.latitude > 40 && bayan.longitude > 100);
    for (const p of list) {
      assert.ok(p.turbineCount >= 5 && p.turbineCount <= 10, p.windFarmName);
      const turbines = (await h.api(`/context/api/v2/plants/${p.windFarmId}/all-turbines`)).body;
      for (const t of turbines) {
        assert.equal(t.blades.length, 3);
        assert.ok(t.turbineTypeName && t.bladeTypeName && t.towerTypeName && t.nacelleTypeName && t.foundationTypeName);
        assert.ok(t.blades[0].length > 0);
        // Descriptive names the console shows in both languages (contracts SEED_TEXTS); model codes (B108, SG 14-222 DD) are names.
        for (const name of [t.nacelleTypeName, t.towerTypeName, t.foundationTypeName, ...t.devices.map((d: Body) => d.displayName)]) assert.ok(isSeedText(name), name);
      }
      for (const x of [p.region, p.province, p.city].filter(Boolean)) assert.ok(isSeedText(x), x);
    }
    const created = await h.published(EventTypes.AssetTurbineCreated);
    assert.equal(
      created.length,
      list.reduce((n, p) => n + p.turbineCount, 0),
    );
    // Each demo turbine announces its blades with the blade type's length (inspection's distance-to-root bound).
    const dogger = list.find((p) => p.windFarmName === 'Dogger Bank North');
    const first = (await h.api(`/context/api/v2/plants/${dogger.windFarmId}/all-turbines`)).body[0];
    const announced = created.find((e) => e.payload.turbineId === first.turbineId);
    assert.deepEqual(
      announced.payload.blades,
      first.blades.map((b: Body) => ({ position: b.position, name: b.name, serialNumber: b.serialNumber, length: 108 })),
    );
    for (const e of created) {
      assert.deepEqual(
        e.payload.blades.map((b: Body) => b.position),
        [1, 2, 3],
      );
      assert.ok(e.payload.blades.every((b: Body) => b.length > 0 && b.serialNumber));
    }

    // A second announcement of the same customer (a new event) adds nothing.
    await h.publish(EventTypes.IdentityCustomerCreated, randomUUID(), {
      customerId: north,
      customerName: 'North Sea Wind',
      customerTypeId: 1,
      organizationId: null,
      maxTurbines: 200,
    });
    await eventually(
      async () => (await h.sql(`SELECT count(*)::int AS n FROM asset.handled_event WHERE type = 'identity.customer.created'`))[0].n === 4,
    );
    assert.equal((await parks()).length, 3);
  });
});
