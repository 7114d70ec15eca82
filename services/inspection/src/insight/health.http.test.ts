import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { HealthLevel, Rights } from '@windward/contracts';
import { InspectionHarness, jpeg, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';
const TRI = [
  [10, 10],
  [100, 10],
  [100, 80],
];
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * SPEC §9 health scoring on hand-built parks: every branch of the rule (excellent, adequate,
 * poor, unknown), exactly 30 %, the past-year window, and what does not count (DPS-deleted,
 * suggestions, repaired defects).
 */
describe('health care: SPEC §9 scoring per turbine and park over the past year', () => {
  let h: InspectionHarness;
  let photo: Buffer;

  /** A turbine of the park with one inspection `days` ago holding defects of these severities. */
  const turbine = async (parkId: string, name: string, severities: (number | null)[], days = 10, extra: Record<string, unknown> = {}) => {
    const t = await h.turbine(parkId, name, 60);
    if (severities.length === 1 && severities[0] === null) return t; // no O&M at all
    const insp = await h.inspection(t, daysAgo(days));
    const image = (await h.upload(insp.inspectionId, photo, 'a.jpg', { bladePosition: 1, path: 5 })).body.imageId;
    for (const severity of severities) {
      const r = await h.api(`${BASE}/inspections/${insp.inspectionId}/defects`, {
        method: 'POST',
        json: { imageId: image, defectType: 'Erosion', polygon: TRI, severity, ...extra },
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    }
    return t;
  };
  const health = async (parkId: string) => {
    const r = await h.api(`${BASE}/health/parks/${parkId}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body as Body;
  };

  before(async () => {
    h = await InspectionHarness.start();
    photo = await jpeg(200, 150);
  });
  after(async () => h?.stop());

  test('excellent: no counted defect above level 2 (a DPS-deleted level 5 and a repaired level 4 do not count)', async () => {
    const { parkId } = await h.park('Excellent park');
    await turbine(parkId, 'E-01', [2, 0]);
    await turbine(parkId, 'E-02', []);
    const deleted = await turbine(parkId, 'E-03', [5]);
    await h.sql(`UPDATE inspection.defect SET dps_status = 0 WHERE turbine_id = $1`, [deleted]);
    const repaired = await turbine(parkId, 'E-04', [4]);
    await h.sql(
      `INSERT INTO inspection.repair_mark (defect_id, campaign_id, repair_status, repaired_at) SELECT id, $2, 3, now() FROM inspection.defect WHERE turbine_id = $1`,
      [repaired, randomUUID()],
    );
    const b = await health(parkId);
    assert.equal(b.level, HealthLevel.EXCELLENT);
    assert.equal(b.inspectedTurbines, 4);
    assert.equal(b.turbinesAboveLevel2, 0);
    assert.deepEqual(
      b.turbines.map((t: Body) => [t.turbineName, t.level, t.maxSeverity]),
      [
        ['E-01', 'EXCELLENT', 2],
        ['E-02', 'EXCELLENT', null],
        ['E-03', 'EXCELLENT', null],
        ['E-04', 'EXCELLENT', null],
      ],
    );
    assert.equal(b.windowFrom, new Date(new Date().setUTCFullYear(new Date().getUTCFullYear() - 1)).toISOString().slice(0, 10));
  });

  test('adequate: defects above level 2, fewer than 30 % of turbines at level 4 or higher (1 of 4 = 25 %)', async () => {
    const { parkId } = await h.park('Adequate park');
    await turbine(parkId, 'A-01', [3, 1]);
    await turbine(parkId, 'A-02', [4]);
    await turbine(parkId, 'A-03', [1]);
    await turbine(parkId, 'A-04', []);
    const b = await health(parkId);
    assert.equal(b.level, HealthLevel.ADEQUATE);
    assert.deepEqual([b.turbinesAboveLevel2, b.turbinesLevel4OrHigher, b.level4Share], [2, 1, 0.25]);
    assert.deepEqual(
      b.turbines.map((t: Body) => t.level),
      ['ADEQUATE', 'POOR', 'EXCELLENT', 'EXCELLENT'],
    );
  });

  test('poor at exactly 30 % (3 of 10 inspected turbines at level 4+); a turbine without O&M is unknown and not in the share', async () => {
    const { parkId } = await h.park('Thirty percent park');
    for (let n = 1; n <= 10; n++) await turbine(parkId, `P-${String(n).padStart(2, '0')}`, n <= 3 ? [n === 1 ? 5 : 4] : [3]);
    await turbine(parkId, 'P-11', [null]);
    let b = await health(parkId);
    assert.deepEqual([b.turbineCount, b.inspectedTurbines, b.turbinesLevel4OrHigher, b.level4Share], [11, 10, 3, 0.3]);
    assert.equal(b.level, HealthLevel.POOR);
    assert.equal(b.turbines.find((t: Body) => t.turbineName === 'P-11').level, HealthLevel.UNKNOWN);
    // One fewer (2 of 10 = 20 %): adequate.
    await h.sql(`UPDATE inspection.defect d SET severity = 3 FROM inspection.turbine_ref t WHERE t.turbine_id = d.turbine_id AND t.name = 'P-03'`);
    b = await health(parkId);
    assert.equal(b.level, HealthLevel.ADEQUATE);
  });

  test('unknown: no O&M in the past year (a level 5 defect 370 days ago does not count; 360 days ago it does)', async () => {
    const { parkId } = await h.park('Stale park');
    await turbine(parkId, 'S-01', [5], 370);
    await turbine(parkId, 'S-02', [null]);
    let b = await health(parkId);
    assert.equal(b.level, HealthLevel.UNKNOWN);
    assert.deepEqual([b.inspectedTurbines, b.turbines[0].level, b.turbines[0].maxSeverity], [0, 'UNKNOWN', null]);
    const recent = await turbine(parkId, 'S-03', [5], 360);
    b = await health(parkId);
    assert.equal(b.level, HealthLevel.POOR);
    assert.equal(b.turbines.find((t: Body) => t.turbineId === recent).level, HealthLevel.POOR);
    const empty = await h.park('Empty park');
    assert.equal((await health(empty.parkId)).level, HealthLevel.UNKNOWN);
  });

  test('park list with levels in the caller scope; a foreign park is 404', async () => {
    const r = await h.api(`${BASE}/health/parks`);
    assert.equal(r.status, 200);
    const byName = Object.fromEntries(r.body.results.map((p: Body) => [p.name, p.level]));
    assert.equal(byName['Excellent park'], 'EXCELLENT');
    assert.equal(byName['Thirty percent park'], 'ADEQUATE');
    const scoped = await h.token({ rights: [Rights.MENU_DATA_INSIGHT], cid: [randomUUID()], pid: null });
    assert.equal((await h.api(`${BASE}/health/parks`, { token: scoped })).body.results.length, 0);
    const any = r.body.results[0].windFarmId;
    assert.equal((await h.api(`${BASE}/health/parks/${any}`, { token: scoped })).status, 404);
  });

  test('data insight: counts by type, severity, component, turbine and blade zone; leading-edge erosion by inspection', async () => {
    const { parkId } = await h.park('Insight park');
    await turbine(parkId, 'I-01', [1, 3], 10, { distanceToRoot: 12 });
    await turbine(parkId, 'I-02', [5], 10, { distanceToRoot: 33, defectType: 'Crack' });
    const r = await h.api(`${BASE}/insights/parks/${parkId}?zoneM=10`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const b = r.body;
    assert.deepEqual(b.bySeverity, { severities: [0, 1, 0, 1, 0, 1], unrated: 0, total: 3 });
    assert.deepEqual(b.byType.map((t: Body) => [t.key, t.total]), [['Erosion', 2], ['Crack', 1]]);
    assert.deepEqual(b.byComponent.map((t: Body) => [t.key, t.total]), [['1', 3]]);
    assert.deepEqual(b.perTurbine.map((t: Body) => [t.turbineName, t.severities]), [['I-01', [0, 1, 0, 1, 0, 0]], ['I-02', [0, 0, 0, 0, 0, 1]]]);
    assert.deepEqual(b.bladeZones.map((z: Body) => [z.zone, z.total]), [[10, 2], [30, 1]]);
    // Erosion on path 5 (LE): I-01's two defects.
    assert.deepEqual(b.leadingEdgeErosion.park.map((z: Body) => [z.zone, z.total]), [[10, 2]]);
    assert.deepEqual(b.leadingEdgeErosion.turbines.map((t: Body) => t.turbineName), ['I-01']);
    assert.equal((await h.api(`${BASE}/insights/parks/${randomUUID()}`)).status, 404);
  });
  test('kept answers: concurrent asks agree, and each kind of change of the park shows at once', async () => {
    const { parkId } = await h.park('Kept park');
    const k1 = await turbine(parkId, 'K-01', [3], 10, { distanceToRoot: 12 });
    const k2 = await turbine(parkId, 'K-02', [1], 10, { distanceToRoot: 12 });
    const insight = async () => {
      const r = await h.api(`${BASE}/insights/parks/${parkId}?zoneM=10`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body as Body;
    };
    const first = await Promise.all(Array.from({ length: 8 }, insight));
    for (const b of first) assert.deepEqual(b, first[0]);
    assert.deepEqual(first[0].bySeverity.severities, [0, 1, 0, 1, 0, 0]);
    assert.deepEqual((await health(parkId)).turbines.map((t: Body) => [t.turbineName, t.maxSeverity]), [['K-01', 3], ['K-02', 1]]);

    // A defect's severity (a defect row).
    await h.sql(`UPDATE inspection.defect SET severity = 5 WHERE turbine_id = $1`, [k2]);
    assert.deepEqual((await insight()).bySeverity.severities, [0, 0, 0, 1, 0, 1]);
    assert.equal((await health(parkId)).level, HealthLevel.POOR);
    // A repair mark: K-02's defect no longer counts.
    await h.sql(
      `INSERT INTO inspection.repair_mark (defect_id, campaign_id, repair_status, repaired_at) SELECT id, $2, 3, now() FROM inspection.defect WHERE turbine_id = $1`,
      [k2, randomUUID()],
    );
    assert.deepEqual((await insight()).bySeverity.severities, [0, 0, 0, 1, 0, 0]);
    assert.equal((await health(parkId)).level, HealthLevel.ADEQUATE);
    // A turbine reference renamed (as asset's event does) and one deleted.
    await h.sql(`UPDATE inspection.turbine_ref SET name = 'K-01 renamed' WHERE turbine_id = $1`, [k1]);
    assert.deepEqual((await health(parkId)).turbines.map((t: Body) => t.turbineName), ['K-01 renamed', 'K-02']);
    await h.sql(`UPDATE inspection.turbine_ref SET deleted = true WHERE turbine_id = $1`, [k2]);
    assert.deepEqual((await health(parkId)).turbines.map((t: Body) => t.turbineName), ['K-01 renamed']);
    // An inspection no longer active: its defects leave the insight.
    await h.sql(`UPDATE inspection.inspection SET is_active = false WHERE turbine_id = $1`, [k1]);
    assert.equal((await insight()).bySeverity.total, 0);
    // The park list, kept under the versions of every park it lists, follows too.
    const listed = (await h.api(`${BASE}/health/parks`)).body.results.find((p: Body) => p.windFarmId === parkId);
    assert.deepEqual([listed.turbineCount, listed.level], [1, (await health(parkId)).level]);
  });
});
