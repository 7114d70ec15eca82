import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorText } from '@windward/contracts';
import { AssetHarness, turbineBody } from '../testing/asset-harness.js';

/** The platform licence's turbine quota (docs/licence.md), learnt from identity.licence.changed. */
describe('turbines: the licence quota', () => {
  let h: AssetHarness;
  let park: string;
  const count = async () => (await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM asset.turbine'))[0]!.n;
  const create = (name: string) => h.api(`/context/api/v1/plants/${park}/turbines`, { method: 'POST', json: turbineBody(name), locale: 'zh_cn' });
  const refused = async (name: string, status: number, code: string) => {
    const before = await count();
    const r = await create(name);
    assert.equal(r.status, status, JSON.stringify(r.body));
    assert.deepEqual(r.body, { code, message: errorText(code as never, 'zh_cn') });
    assert.equal(await count(), before, 'nothing created');
  };

  before(async () => {
    h = await AssetHarness.start();
    const customer = await h.customer('Licensed Wind');
    park = (await h.api('/context/api/v1/plants', { method: 'POST', json: { windFarmName: 'Licensed Park', customerId: customer } })).body.windFarmId;
  });
  after(async () => h?.stop());

  test('without a licence announced yet, no platform quota applies', async () => {
    assert.equal((await create('NL-1')).status, 201);
    assert.deepEqual((await h.api('/gw/asset/api/v2/licence/usage')).body, { turbinesUsed: 1, maxTurbines: null, status: 'unknown' });
  });

  test('a turbine beyond the licence quota (all customers together) is refused; nothing is created', async () => {
    const other = await h.customer('Other Wind');
    const otherPark = (await h.api('/context/api/v1/plants', { method: 'POST', json: { windFarmName: 'Other Park', customerId: other } })).body.windFarmId;
    assert.equal((await h.api(`/context/api/v1/plants/${otherPark}/turbines`, { method: 'POST', json: turbineBody('OT-1') })).status, 201);
    await h.licence({ maxTurbines: (await count()) + 1 });
    assert.equal((await create('Q-1')).status, 201);
    await refused('Q-2', 409, 'TURBINE_LIMIT_EXCEEDED');
    const used = await count();
    assert.deepEqual((await h.api('/gw/asset/api/v2/licence/usage')).body, { turbinesUsed: used, maxTurbines: used, status: 'valid' });
    // A larger licence lifts the refusal.
    await h.licence({ maxTurbines: (await count()) + 1 });
    assert.equal((await create('Q-2')).status, 201);
  });

  test('an expired or invalid licence refuses new turbines with its own message; existing ones stay readable', async () => {
    await h.licence({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    await refused('E-1', 409, 'LICENCE_EXPIRED');
    assert.equal((await h.api('/gw/asset/api/v2/licence/usage')).body.status, 'expired');
    await h.licence({ valid: false });
    await refused('E-1', 400, 'LICENCE_INVALID');
    const list = await h.api(`/context/api/v1/plants/${park}/turbines`);
    assert.equal(list.status, 200);
    await h.licence();
    assert.equal((await create('E-1')).status, 201);
  });
});
