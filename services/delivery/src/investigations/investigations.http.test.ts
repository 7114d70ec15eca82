import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, Rights, errorStatus, type ErrorCode } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, DeliveryHarness, type Body } from '../testing/delivery-harness.js';

const INV = `${API}/investigation`;

describe('investigations over HTTP', () => {
  let h: DeliveryHarness;
  let park: string;
  let otherPark: string;
  let defects: string[];
  let otherDefect: string;

  const defect = async (inspectionId: string) => {
    const defectId = randomUUID();
    await h.publish(EventTypes.InspectionDefectCreated, defectId, { defectId, inspectionId, severity: 3, dpsStatus: 0 });
    return defectId;
  };
  const links = () => h.sql('SELECT defect_id, campaign_id FROM delivery.investigation_defect ORDER BY defect_id');
  const refused = async (req: Promise<{ status: number; body: Body }>, code: ErrorCode) => {
    const before = { campaigns: await h.sql('SELECT id, name, status FROM delivery.investigation_campaign ORDER BY id'), links: await links() };
    const r = await req;
    assert.equal(r.status, errorStatus(code), JSON.stringify(r.body));
    assert.equal(r.body.code, code);
    assert.deepEqual({ campaigns: await h.sql('SELECT id, name, status FROM delivery.investigation_campaign ORDER BY id'), links: await links() }, before);
  };

  before(async () => {
    h = await DeliveryHarness.start();
    const customer = await h.customer('North Sea Wind');
    park = await h.park('Dogger A', customer);
    otherPark = await h.park('Dogger B', customer);
    const [t1] = await h.turbines(park, 'A01');
    const [t2] = await h.turbines(otherPark, 'B01');
    const i1 = await h.inspection(t1!, park, '2026-03-01');
    const i2 = await h.inspection(t2!, otherPark, '2026-03-01');
    defects = [await defect(i1), await defect(i1), await defect(i1)];
    otherDefect = await defect(i2);
    await eventually(async () => (await h.count('defect_ref')) === 4);
  });
  after(async () => h?.stop());

  test('the pool lists defects no campaign holds; the park list counts them', async () => {
    const pool = await h.api(`${INV}/pool?windFarmId=${park}`);
    assert.equal(pool.status, 200);
    assert.equal(pool.body.totalCount, 3);
    assert.equal(pool.body.results[0].turbineName, 'A01');
    const parks = await h.api(`${INV}/plan/windParks`);
    assert.deepEqual(parks.body.map((p: Body) => [p.windFarmName, p.poolDefectCount, p.campaignCount]), [['Dogger A', 3, 0], ['Dogger B', 1, 0]]);
  });

  test('a defect is in one campaign only; defects of another park are refused; nothing changes', async () => {
    const c = await h.api(`${INV}/campaigns`, { method: 'POST', json: { name: 'Cracks A', windFarmId: park, defectIds: [defects[0], defects[1]] } });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    assert.equal(c.body.status, 1);
    assert.equal((await h.api(`${INV}/pool?windFarmId=${park}`)).body.totalCount, 1);
    await refused(h.api(`${INV}/campaigns`, { method: 'POST', json: { name: 'Again', windFarmId: park, defectIds: [defects[1], defects[2]] } }), 'DEFECTS_IN_OTHER_INVESTIGATION_CAMPAIGN');
    await refused(h.api(`${INV}/campaigns/${c.body.campaignId}/defects`, { method: 'POST', json: { defectIds: [otherDefect] } }), 'VALIDATION_FAILED');
    await refused(h.api(`${INV}/campaigns`, { method: 'POST', json: { name: ' cracks a ', windFarmId: park, defectIds: [] } }), 'SAME_CAMPAIGN_NAME_EXISTS');
  });

  test('started: its defects stay and it cannot be deleted; investigated is final', async () => {
    const c = (await h.api(`${INV}/campaigns`, { method: 'POST', json: { name: 'Lifecycle', windFarmId: otherPark, defectIds: [otherDefect] } })).body;
    assert.equal((await h.api(`${INV}/campaigns/${c.campaignId}/status`, { method: 'PUT', json: { status: 2 } })).body.status, 2);
    await refused(h.api(`${INV}/campaigns/${c.campaignId}/defects/${otherDefect}`, { method: 'DELETE' }), 'DEFECT_IN_INVESTIGATION_CANNOT_BE_REMOVED');
    await refused(h.api(`${INV}/campaigns/${c.campaignId}`, { method: 'DELETE' }), 'STARTED_INVESTIGATION_CAMPAIGN_CANNOT_BE_DELETED');
    assert.equal((await h.api(`${INV}/campaigns/${c.campaignId}/status`, { method: 'PUT', json: { status: 3 } })).body.status, 3);
    await refused(h.api(`${INV}/campaigns/${c.campaignId}/status`, { method: 'PUT', json: { status: 2 } }), 'CAMPAIGN_STATUS_CANNOT_GO_BACK');
  });

  test('a pending campaign gives its defects back when one is removed or it is deleted', async () => {
    const c = (await h.api(`${INV}/campaigns`, { method: 'POST', json: { name: 'Pending', windFarmId: park, defectIds: [defects[2]] } })).body;
    assert.deepEqual((await h.api(`${INV}/campaigns/${c.campaignId}/defects/${defects[2]}`, { method: 'DELETE' })).body.defectIds, []);
    assert.equal((await h.api(`${INV}/campaigns/${c.campaignId}`, { method: 'DELETE' })).status, 204);
    assert.equal((await h.api(`${INV}/pool?windFarmId=${park}`)).body.totalCount, 1);
  });

  test('rights and park scope', async () => {
    const viewer = await h.token({ rights: [Rights.INVESTIGATION_POOL] });
    await refused(h.api(`${INV}/campaigns`, { method: 'POST', token: viewer, json: { name: 'Nope', windFarmId: park, defectIds: [] } }), 'NO_ACCESS_RIGHTS');
    const scoped = await h.token({ rights: [Rights.INVESTIGATION_CAMPAIGN, Rights.INVESTIGATION_POOL], pid: [otherPark] });
    const list = await h.api(`${INV}/campaigns`, { token: scoped });
    assert.ok(list.body.results.every((c: Body) => c.windFarmId === otherPark));
    assert.ok((await h.api(`${INV}/pool`, { token: scoped })).body.results.every((d: Body) => d.windFarmId === otherPark));
  });
});
