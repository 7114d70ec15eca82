import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { errorStatus, errorText, type ErrorCode } from '@windward/contracts';
import { API, DeliveryHarness, type Body } from '../testing/delivery-harness.js';

/** SPEC §5 "manual-type projects cannot exceed the turbine quota", with the quota of the platform licence (docs/licence.md). */
describe('projects: the licence quota for manual projects', () => {
  let h: DeliveryHarness;
  let customer: string;
  let park: string;
  let turbines: string[];

  const body = (over: Record<string, unknown> = {}) => ({
    projectName: `L-${randomUUID().slice(0, 8)}`,
    subType: 3,
    customerId: customer,
    windFarmIds: [park],
    externalTurbineIds: turbines,
    projectStartTime: '2026-01-01T00:00:00Z',
    projectCompleteTime: '2026-12-31T00:00:00Z',
    ...over,
  });
  const save = (over: Record<string, unknown> = {}) => h.api(`${API}/projects`, { method: 'POST', json: body(over), locale: 'zh_cn' });
  const refused = async (code: ErrorCode, over: Record<string, unknown> = {}) => {
    const before = await h.count('project');
    const r = await save(over);
    assert.equal(r.status, errorStatus(code), JSON.stringify(r.body));
    assert.deepEqual(r.body, { code, message: errorText(code, 'zh_cn') });
    assert.equal(await h.count('project'), before, 'nothing created');
  };

  before(async () => {
    h = await DeliveryHarness.start();
    customer = await h.customer('Licensed Wind');
    park = await h.park('Licensed Park', customer);
    turbines = await h.turbines(park, 'T1', 'T2', 'T3');
  });
  after(async () => h?.stop());

  test('a manual project with more turbines than the licence allows is refused; nothing is created', async () => {
    await h.licence({ maxTurbines: 2 });
    await refused('TURBINE_LIMIT_EXCEEDED');
    // No turbines listed = every turbine of the parks (3 > 2).
    await refused('TURBINE_LIMIT_EXCEEDED', { externalTurbineIds: [] });
    assert.equal((await save({ externalTurbineIds: turbines.slice(0, 2) })).status, 201);
    // Other project types are not limited by it.
    assert.equal((await save({ subType: 4 })).status, 201);
  });

  test('an expired or invalid licence refuses manual projects with its own message; other types go on', async () => {
    await h.licence({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    await refused('LICENCE_EXPIRED', { externalTurbineIds: [turbines[0]] });
    await h.licence({ valid: false });
    await refused('LICENCE_INVALID', { externalTurbineIds: [turbines[0]] });
    assert.equal((await save({ subType: 4 })).status, 201);
    await h.licence();
    const ok = await save({ externalTurbineIds: [turbines[0]] });
    assert.equal(ok.status, 201, JSON.stringify(ok.body as Body));
  });
});
