import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ALL_RIGHTS } from '@windward/contracts';
import { InspectionHarness, jpeg, type Body } from '../testing/inspection-harness.js';
import { EDIT_LOCK_LEASE_SECONDS } from './edit-lock.store.js';

const BASE = '/gw/inspection/api/v2';
const TRI = [
  [10, 10],
  [100, 10],
  [100, 80],
];

describe('labeling edit locks: acquire, heartbeat, expiry, release and the write guard', () => {
  let h: InspectionHarness;
  let insp: Body;
  let image: string;
  const user = (username: string) => h.token({ sub: randomUUID(), username, rights: [...ALL_RIGHTS] });
  const lockUrl = (id = insp.inspectionId) => `${BASE}/inspections/${id}/edit-lock`;
  const acquire = (token: string, locale?: string) => h.api(lockUrl(), { method: 'POST', token, ...(locale ? { locale } : {}) });
  const release = (token: string) => h.api(lockUrl(), { method: 'DELETE', token });
  const lockRow = async () => (await h.sql('SELECT * FROM inspection.edit_lock WHERE inspection_id = $1', [insp.inspectionId]))[0] as Body;
  const expire = () =>
    h.sql(`UPDATE inspection.edit_lock SET expires_at = now() - interval '1 second' WHERE inspection_id = $1`, [insp.inspectionId]);

  before(async () => {
    h = await InspectionHarness.start();
    const park = await h.park('Lock Park');
    insp = await h.inspection(await h.turbine(park.parkId, 'LCK-01', 60), '2025-08-01');
    image = (await h.upload(insp.inspectionId, await jpeg(400, 300), 'a.jpg', { bladePosition: 1, path: 5 })).body.imageId;
  });
  after(async () => h?.stop());

  test('acquire; another user is refused with the holder in both languages; heartbeat renews; release', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const a = await acquire(alice);
    assert.equal(a.status, 200, JSON.stringify(a.body));
    assert.equal(a.body.holderName, 'alice');
    assert.equal(a.body.mine, true);
    assert.equal(a.body.leaseSeconds, EDIT_LOCK_LEASE_SECONDS);
    const lease = (Date.parse(a.body.expiresAt) - Date.parse(a.body.acquiredAt)) / 1000;
    assert.equal(lease, EDIT_LOCK_LEASE_SECONDS);

    const refused = await acquire(bob);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'EDIT_LOCKED');
    assert.match(refused.body.message, /^alice is editing this inspection's labels/);
    assert.equal(refused.body.details.holderName, 'alice');
    assert.equal(Date.parse(refused.body.details.expiresAt), Date.parse(a.body.expiresAt));
    const zh = await acquire(bob, 'zh_cn');
    assert.equal(zh.status, 409);
    assert.match(zh.body.message, /^alice正在编辑该巡检的标注/);
    assert.equal((await lockRow()).holder_name, 'alice', 'the refused acquire changed nothing');

    const seen = await h.api(lockUrl(), { token: bob });
    assert.deepEqual([seen.status, seen.body.locked, seen.body.mine, seen.body.holderName], [200, true, false, 'alice']);

    // Heartbeat: move the lease close to its end, renew, and the lease is a full one again.
    await h.sql(`UPDATE inspection.edit_lock SET expires_at = now() + interval '5 seconds' WHERE inspection_id = $1`, [insp.inspectionId]);
    const before = await lockRow();
    const renewed = await acquire(alice);
    assert.equal(renewed.status, 200);
    const after = await lockRow();
    assert.ok(after.expires_at.getTime() - before.expires_at.getTime() > 30_000, 'the lease was extended');
    assert.equal(after.acquired_at.getTime(), before.acquired_at.getTime(), 'a renewal keeps the acquisition time');

    // Bob cannot release Alice's lock; Alice can, and then Bob acquires.
    assert.equal((await release(bob)).body.code, 'EDIT_LOCKED');
    assert.equal((await lockRow()).holder_name, 'alice');
    assert.equal((await release(alice)).status, 204);
    assert.equal(await lockRow(), undefined);
    assert.equal((await release(alice)).status, 204, 'releasing again is a no-op (pagehide may repeat)');
    assert.equal((await acquire(bob)).status, 200);
    assert.equal((await release(bob)).status, 204);
  });

  test('an expired lock is taken over by the next user', async () => {
    const carol = await user('carol');
    const dave = await user('dave');
    assert.equal((await acquire(carol)).status, 200);
    assert.equal((await acquire(dave)).status, 409);
    await expire();
    assert.equal((await h.api(lockUrl(), { token: dave })).body.locked, false, 'an expired lock is shown as free');
    const taken = await acquire(dave);
    assert.equal(taken.status, 200, JSON.stringify(taken.body));
    assert.equal(taken.body.holderName, 'dave');
    assert.equal((await acquire(carol)).body.code, 'EDIT_LOCKED');
    await release(dave);
  });

  test('defect writes by a non-holder are refused and change nothing; the holder and lock-free writes go through', async () => {
    const erin = await user('erin');
    const frank = await user('frank');
    const created = await h.api(`${BASE}/inspections/${insp.inspectionId}/defects`, {
      method: 'POST',
      token: frank,
      json: { imageId: image, defectType: 'Erosion', polygon: TRI, severity: 2 },
    });
    assert.equal(created.status, 201, 'without a lock writes go through as before');
    const defectId = created.body.defectId as string;
    assert.equal((await acquire(erin)).status, 200);

    const rowOf = async () => (await h.sql('SELECT * FROM inspection.defect WHERE id = $1', [defectId]))[0] as Body;
    const count = async () =>
      (await h.sql('SELECT count(*)::int AS n FROM inspection.defect WHERE inspection_id = $1', [insp.inspectionId]))[0].n;
    const beforeRow = await rowOf();
    const beforeCount = await count();
    const writes: [string, string, unknown][] = [
      ['POST', `${BASE}/inspections/${insp.inspectionId}/defects`, { imageId: image, defectType: 'Crack', polygon: TRI }],
      ['PATCH', `${BASE}/defects/${defectId}`, { severity: 5 }],
      ['PATCH', `${BASE}/defects/bulk`, { defectIds: [defectId], changes: { severity: 4 } }],
      ['DELETE', `${BASE}/defects/${defectId}`, undefined],
      ['POST', `${BASE}/defects/${defectId}/accept`, undefined],
      ['POST', `${BASE}/defects/${defectId}/reject`, undefined],
      ['POST', `${BASE}/inspections/${insp.inspectionId}/suggestions/reject`, {}],
      ['PUT', `${BASE}/images/${image}/labeled`, { labeled: true }],
    ];
    for (const [method, url, json] of writes) {
      const r = await h.api(url, { method, token: frank, ...(json !== undefined ? { json } : {}) });
      assert.deepEqual([r.status, r.body?.code, r.body?.details?.holderName], [409, 'EDIT_LOCKED', 'erin'], `${method} ${url}`);
    }
    assert.equal(await count(), beforeCount);
    assert.deepEqual(await rowOf(), beforeRow);
    assert.equal((await h.sql('SELECT labeled FROM inspection.image WHERE id = $1', [image]))[0].labeled, false);

    const own = await h.api(`${BASE}/defects/${defectId}`, { method: 'PATCH', token: erin, json: { severity: 3 } });
    assert.equal(own.status, 200, 'the holder writes');
    assert.equal((await rowOf()).severity, 3);
    await release(erin);
    const free = await h.api(`${BASE}/defects/${defectId}`, { method: 'PATCH', token: frank, json: { severity: 1 } });
    assert.equal(free.status, 200, 'after release everyone writes again');
  });

  test('10 concurrent acquires by different users: exactly one wins', async () => {
    await h.sql('DELETE FROM inspection.edit_lock');
    const tokens = await Promise.all(Array.from({ length: 10 }, (_, i) => user(`racer-${i}`)));
    const results = await Promise.all(tokens.map((t) => acquire(t)));
    const winners = results.filter((r) => r.status === 200);
    assert.equal(winners.length, 1, JSON.stringify(results.map((r) => r.status)));
    assert.deepEqual(
      results.filter((r) => r.status !== 200).map((r) => [r.status, r.body.code, r.body.details.holderName]),
      Array.from({ length: 9 }, () => [409, 'EDIT_LOCKED', winners[0]!.body.holderName]),
    );
    assert.equal((await lockRow()).holder_name, winners[0]!.body.holderName);
  });

  test('an acquire waits for a write that already passed the lock check, so that write cannot land under the new holder', async () => {
    // An expired lock row (the upsert's update path; a fresh insert already waits on the foreign key).
    await h.sql('DELETE FROM inspection.edit_lock');
    assert.equal((await acquire(await user('dave'))).status, 200);
    await expire();
    const carol = await user('carol');
    // A labeling write in flight: it holds the inspection's row lock and has found no lock holder.
    const write = h.upstream.createQueryRunner();
    await write.connect();
    await write.startTransaction();
    await write.query('SELECT 1 FROM inspection.inspection WHERE id = $1 FOR UPDATE', [insp.inspectionId]);
    let writeCommitted = false;
    const acquiring = acquire(carol).then((r) => ({ r, writeCommitted }));
    // Give a wrong implementation time to grant the lock while the write is still open.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await write.query('UPDATE inspection.image SET labeled = true WHERE id = $1', [image]);
    writeCommitted = true;
    await write.commitTransaction();
    await write.release();
    const { r, writeCommitted: seen } = await acquiring;
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(seen, true, 'the lock was granted while a write that had passed the lock check was still open');
    assert.equal((await lockRow()).holder_name, 'carol');
  });
});
