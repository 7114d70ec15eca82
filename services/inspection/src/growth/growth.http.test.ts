import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, Rights } from '@windward/contracts';
import { InspectionHarness, jpeg, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';
const TRI = [
  [10, 10],
  [100, 10],
  [100, 80],
];

describe('defect growth: a defect linked across three inspections, its rate per month, suggestions accepted or dismissed', () => {
  let h: InspectionHarness;
  let parkId: string;
  const heads: Record<string, string> = {};

  /** A turbine with three linked inspections two months apart, one defect each of these sizes (m). */
  const chain = async (name: string, lengths: number[]) => {
    const t = await h.turbine(parkId, name, 60);
    let previous: string | null = null;
    let last = '';
    for (const [n, length] of lengths.entries()) {
      const insp = await h.inspection(t, ['2025-01-01', '2025-03-02', '2025-05-01'][n]!);
      const image = (await h.upload(insp.inspectionId, await jpeg(200, 150), 'a.jpg', { bladePosition: 1, path: 5 })).body.imageId;
      const d = await h.api(`${BASE}/inspections/${insp.inspectionId}/defects`, {
        method: 'POST',
        json: { imageId: image, defectType: 'Erosion', polygon: TRI, severity: 2, repairPriority: 3, distanceToRoot: 20, sizeLength: length, sizeWidth: 0.1 },
      });
      assert.equal(d.status, 201, JSON.stringify(d.body));
      if (previous) {
        const l: { status: number; body: Body } = await h.api(`${BASE}/inspections/${insp.inspectionId}/timeline-link`, { method: 'PUT', json: { previousInspectionId: previous } });
        assert.equal(l.status, 200, JSON.stringify(l.body));
      }
      previous = insp.inspectionId;
      last = d.body.defectId;
    }
    return last;
  };

  before(async () => {
    h = await InspectionHarness.start();
    ({ parkId } = await h.park('Growth park'));
    heads.fast = await chain('G-01', [0.1, 0.2, 0.4]);
    heads.slow = await chain('G-02', [0.1, 0.1, 0.105]);
    heads.dismiss = await chain('G-03', [0.1, 0.15, 0.3]);
  });
  after(async () => h?.stop());

  test('growth per month over the chain, fastest first; a suggestion only above the rate', async () => {
    const r = await h.api(`${BASE}/growth/parks/${parkId}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.rate, 10);
    assert.deepEqual(r.body.results.map((g: Body) => g.defectId), [heads.fast, heads.dismiss, heads.slow]);
    const fast = r.body.results[0];
    assert.deepEqual(fast.history.map((p: Body) => [p.inspectionDate, p.size]), [['2025-01-01', 0.01], ['2025-03-02', 0.02], ['2025-05-01', 0.04]]);
    const months = (Date.parse('2025-05-01') - Date.parse('2025-01-01')) / 86_400_000 / 30.4375;
    assert.equal(fast.months, Math.round(months * 100) / 100);
    assert.equal(fast.sizeGrowthPctPerMonth, Math.round((300 / months) * 100) / 100);
    assert.deepEqual([fast.suggestedSeverity, fast.suggestedPriority, fast.decision], [3, 2, null]);
    const slow = r.body.results[2];
    assert.ok(slow.sizeGrowthPctPerMonth < 10);
    assert.deepEqual([slow.suggestedSeverity, slow.suggestedPriority], [null, null]);
    // A higher rate: nothing suggested.
    const strict = await h.api(`${BASE}/growth/parks/${parkId}?rate=1000`);
    assert.ok(strict.body.results.every((g: Body) => g.suggestedSeverity === null));
  });

  test('accept: the defect is upgraded and its event published; dismiss: nothing changes; no suggestion → 409', async () => {
    const events = (await h.published(EventTypes.InspectionDefectUpdated)).length;
    const noRight = await h.token({ rights: [Rights.MENU_DATA_INSIGHT], cid: null, pid: null });
    assert.equal((await h.api(`${BASE}/growth/defects/${heads.fast}/accept`, { method: 'POST', json: {}, token: noRight })).status, 403);
    let r = await h.api(`${BASE}/growth/defects/${heads.fast}/accept`, { method: 'POST', json: {} });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual([r.body.severity, r.body.repairPriority, r.body.decision, r.body.suggestedSeverity], [3, 2, 'ACCEPTED', null]);
    const d = (await h.api(`${BASE}/defects/${heads.fast}`)).body;
    assert.deepEqual([d.severity, d.repairPriority], [3, 2]);
    assert.equal((await h.published(EventTypes.InspectionDefectUpdated)).length, events + 1);
    // The park's list is kept per park version: each decision is a change of the park.
    const decisions = async () =>
      Object.fromEntries(((await h.api(`${BASE}/growth/parks/${parkId}`)).body.results as Body[]).map((g) => [g.defectId, [g.decision, g.suggestedSeverity]]));
    const before = await decisions();
    assert.deepEqual(before[heads.fast], ['ACCEPTED', null]);
    assert.equal(before[heads.dismiss][0], null);
    assert.notEqual(before[heads.dismiss][1], null);

    r = await h.api(`${BASE}/growth/defects/${heads.dismiss}/dismiss`, { method: 'POST', json: {} });
    assert.equal(r.status, 200);
    assert.equal(r.body.decision, 'DISMISSED');
    assert.deepEqual((await decisions())[heads.dismiss], ['DISMISSED', null]);
    assert.deepEqual(
      [(await h.api(`${BASE}/defects/${heads.dismiss}`)).body.severity, (await h.published(EventTypes.InspectionDefectUpdated)).length],
      [2, events + 1],
    );
    for (const id of [heads.fast, heads.dismiss, heads.slow]) {
      r = await h.api(`${BASE}/growth/defects/${id}/accept`, { method: 'POST', json: {} });
      assert.equal(r.status, 409, id);
      assert.equal(r.body.code, 'ILLEGAL_TRANSITION');
    }
    assert.equal((await h.api(`${BASE}/defects/${heads.slow}`)).body.severity, 2);
    assert.equal((await h.api(`${BASE}/growth/defects/${randomUUID()}/accept`, { method: 'POST', json: {} })).status, 404);
  });
});
