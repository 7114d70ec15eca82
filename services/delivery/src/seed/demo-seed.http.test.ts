import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventTypes } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, DeliveryHarness, type Body } from '../testing/delivery-harness.js';

describe('delivery demo data (SEED_DEMO=true)', () => {
  let h: DeliveryHarness;
  before(async () => {
    h = await DeliveryHarness.start({ SEED_DEMO: 'true' });
  });
  after(async () => h?.stop());

  test('a demo park announced by asset gets one project in progress with an active campaign and a DPR template; announcing it again adds nothing', async () => {
    const customer = await h.customer('North Sea Wind');
    const park = await h.park('Dogger Bank North', customer);
    await eventually(async () => (await h.count('project')) === 1);
    const list = await h.api(`${API}/projects`);
    const p: Body = list.body.results[0];
    assert.equal(p.projectName, `Dogger Bank North blade inspection 2024–${new Date().getUTCFullYear()}`);
    assert.equal(p.projectStatusType, 2);
    assert.deepEqual(p.windFarmIds, [park]);
    assert.ok(p.dprTemplateId);
    const campaigns = await h.api(`${API}/campaigns?projectId=${p.projectId}`);
    assert.equal(campaigns.body.totalCount, 1);
    assert.ok((await h.published(EventTypes.DeliveryProjectCreated)).some((e) => e.key === p.projectId));
    await h.publish(EventTypes.AssetParkUpdated, park, { windFarmId: park, windFarmName: 'Dogger Bank North', customerId: customer, active: true, latitude: null, longitude: null });
    await h.park('Hornsea', customer);
    await eventually(async () => (await h.count('project')) === 2);
    assert.equal(await h.count('dpr_template'), 1);
  });
});
