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

  const defect = async (inspectionId: string, more: Body = {}) => {
    const defectId = randomUUID();
    await h.publish(EventTypes.InspectionDefectCreated, defectId, { defectId, inspectionId, severity: 3, dpsStatus: 0, ...more });
    return defectId;
  };
  const links = () => h.sql('SELECT defect_id, campaign_id, result, notes, result_at FROM delivery.investigation_defect ORDER BY defect_id');
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

  test('the detail: header with dates, defects paged and sorted on the server, outcomes only while under investigation', async () => {
    const [t1, t2] = await h.turbines(park, 'D01', 'D02');
    const i1 = await h.inspection(t1!, park, '2026-04-01');
    const i2 = await h.inspection(t2!, park, '2026-04-02');
    const d1 = await defect(i1, { defectNo: '000101', defectType: 'Erosion', bladePosition: 2, severity: 2 });
    const d2 = await defect(i2, { defectNo: '000102', defectType: 'Crack', bladePosition: 1, severity: 5 });
    const d3 = await defect(i2, { defectNo: '000103', defectType: 'Lightning damage', bladePosition: 3, severity: 4 });
    await eventually(async () => (await h.sql('SELECT 1 FROM delivery.defect_ref WHERE defect_no = $1', ['000103'])).length === 1);
    // An update without the optional fields keeps the number, type and blade.
    await h.publish(EventTypes.InspectionDefectUpdated, d3, { defectId: d3, inspectionId: i2, severity: 4, dpsStatus: 1 });
    const c = (await h.api(`${INV}/campaigns`, { method: 'POST', json: { name: 'Detail', windFarmId: park, defectIds: [d1, d2, d3] } })).body;

    const head = await h.api(`${INV}/campaigns/${c.campaignId}`);
    assert.equal(head.status, 200);
    assert.equal(head.body.name, 'Detail');
    assert.equal(head.body.windFarmName, 'Dogger A');
    assert.equal(head.body.startedAt, null);
    assert.ok(head.body.createdAt);

    const sorted = (field: string, descending: boolean) => h.api(`${INV}/campaigns/${c.campaignId}/defects?fieldToSort=${field}&descending=${descending}&pageSize=2`);
    const bySeverity = await sorted('severity', true);
    assert.equal(bySeverity.body.totalCount, 3);
    assert.deepEqual(bySeverity.body.results.map((d: Body) => d.defectNo), ['000102', '000103']);
    assert.deepEqual(
      (({ turbineName, bladePosition, defectType, result }) => ({ turbineName, bladePosition, defectType, result }))(bySeverity.body.results[0]),
      { turbineName: 'D02', bladePosition: 1, defectType: 'Crack', result: null },
    );
    await eventually(async () => (await h.sql('SELECT 1 FROM delivery.defect_ref WHERE defect_id = $1 AND severity = 4 AND defect_type IS NOT NULL', [d3])).length === 1);
    assert.deepEqual((await sorted('bladePosition', false)).body.results.map((d: Body) => d.bladePosition), [1, 2]);
    assert.deepEqual((await sorted('turbineName', false)).body.results.map((d: Body) => d.turbineName), ['D01', 'D02']);
    assert.deepEqual((await h.api(`${INV}/campaigns/${c.campaignId}/defects?fieldToSort=defectType&descending=false&pageIndex=2&pageSize=2`)).body.results.map((d: Body) => d.defectType), ['Lightning damage']);
    assert.equal((await h.api(`${INV}/campaigns/${c.campaignId}/defects?fieldToSort=password`)).body.code, 'VALIDATION_FAILED');

    const put = (defectId: string, json: Body, token?: string) => h.api(`${INV}/campaigns/${c.campaignId}/defects/${defectId}`, { method: 'PUT', json, ...(token ? { token } : {}) });
    // Not started yet: refused, nothing changed.
    await refused(put(d1, { result: 1, notes: 'seen on site' }), 'INVESTIGATION_RESULT_NOT_EDITABLE');
    await h.api(`${INV}/campaigns/${c.campaignId}/status`, { method: 'PUT', json: { status: 2 } });
    const started = (await h.api(`${INV}/campaigns/${c.campaignId}`)).body;
    assert.ok(started.startedAt);
    // Bad values, a defect of no campaign / of another campaign, no right: refused, nothing changed.
    await refused(put(d1, { result: 4 }), 'VALIDATION_FAILED');
    await refused(put(d1, { notes: 'x'.repeat(2001) }), 'VALIDATION_FAILED');
    await refused(put(defects[0]!, { result: 1 }), 'NOT_FOUND');
    await refused(put(randomUUID(), { result: 1 }), 'NOT_FOUND');
    await refused(put(d1, { result: 1 }, await h.token({ rights: [Rights.INVESTIGATION_CAMPAIGN] })), 'NO_ACCESS_RIGHTS');
    await refused(put(d1, { result: 1 }, await h.token({ rights: [Rights.INVESTIGATION_EDIT], pid: [otherPark] })), 'NOT_FOUND');

    const set = await put(d1, { result: 1, notes: '  Erosion confirmed on leading edge  ' });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual([set.body.result, set.body.notes], [1, 'Erosion confirmed on leading edge']);
    // Leaving a field out keeps it; null clears it.
    assert.deepEqual(((b) => [b.result, b.notes])((await put(d1, { result: 3 })).body), [3, 'Erosion confirmed on leading edge']);
    assert.deepEqual(((b) => [b.result, b.notes])((await put(d1, { notes: null })).body), [3, null]);
    await put(d2, { result: 2 });
    assert.equal((await h.api(`${INV}/campaigns/${c.campaignId}`)).body.resultCount, 2);
    assert.deepEqual((await sorted('result', false)).body.results.map((d: Body) => d.result), [2, 3]);

    // Investigated: final, outcomes stay as they are.
    await h.api(`${INV}/campaigns/${c.campaignId}/status`, { method: 'PUT', json: { status: 3 } });
    assert.ok((await h.api(`${INV}/campaigns/${c.campaignId}`)).body.completedAt);
    await refused(put(d3, { result: 1 }), 'INVESTIGATION_RESULT_NOT_EDITABLE');
    // Out of scope is the same 404 as unknown.
    const scoped = await h.token({ rights: [Rights.INVESTIGATION_CAMPAIGN], pid: [otherPark] });
    assert.equal((await h.api(`${INV}/campaigns/${c.campaignId}`, { token: scoped })).status, 404);
    assert.equal((await h.api(`${INV}/campaigns/${c.campaignId}/defects`, { token: scoped })).status, 404);
  });
});
