import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { API, RepairHarness, type Body } from '../testing/repair-harness.js';

let h: RepairHarness;
let campaign: Body;
let defectId: string;
let recordId: string;
before(async () => {
  h = await RepairHarness.start();
  const p = await h.park('Photo park');
  [defectId] = await h.defects(p, 1) as [string];
  campaign = await h.campaign(await h.plan([defectId]), [defectId]);
  const r = await h.api(`${API}/campaigns/${campaign.id}/defects/${defectId}/records`, {
    method: 'POST',
    json: { repairDate: '2026-04-02', distanceToRoot: 12, outcome: 2 },
  });
  recordId = r.body.id;
});
after(async () => {
  await h?.stop();
});

const jpeg = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer();
const form = (bytes: Buffer | null, name: string, kind = 'before') => {
  const f = new FormData();
  if (bytes) f.append('file', new Blob([new Uint8Array(bytes)]), name);
  f.append('kind', kind);
  return f;
};
const url = () => `${API}/campaigns/${campaign.id}/defects/${defectId}/records/${recordId}/photos`;

test('before and after photos are stored in the shared file store, listed on the record and read back', async () => {
  const bytes = await jpeg();
  const before = await h.api(url(), { form: form(bytes, 'before.jpg', 'before') });
  assert.equal(before.status, 201, JSON.stringify(before.body));
  assert.deepEqual([before.body.kind, before.body.format, before.body.width, before.body.height], ['before', 'jpeg', 64, 48]);
  const png = await sharp(bytes).png().toBuffer();
  const after = await h.api(url(), { form: form(png, 'after.png', 'after') });
  assert.equal(after.status, 201);
  const records = await h.api(`${API}/campaigns/${campaign.id}/defects/${defectId}/records`);
  assert.deepEqual(records.body[0].photos.map((p: Body) => p.kind), ['before', 'after']);
  const read = await h.api(`${API}/campaigns/${campaign.id}/photos/${before.body.id}`, { headers: { accept: 'image/jpeg' } });
  assert.equal(read.status, 200);
  assert.equal(read.headers.get('content-type'), 'image/jpeg');
  assert.ok(read.bytes.equals(bytes));
  assert.ok((await h.storedFiles()).some((f) => f.includes(`repair/records/${recordId}/`)));
});

test('photos are content-checked like inspection photos; a refused upload stores nothing', async () => {
  const files = (await h.storedFiles()).length;
  await h.refused(url(), { form: form(Buffer.from('not an image at all'), 'fake.jpg') }, -11003);
  await h.refused(url(), { form: form(await jpeg(), 'photo.exe') }, -11003);
  const good = await jpeg();
  await h.refused(url(), { form: form(good.subarray(0, Math.floor(good.length / 2)), 'cut.jpg') }, -11002);
  await h.refused(url(), { form: form(null, 'none.jpg') }, -11001);
  await h.refused(url(), { form: form(good, 'ok.jpg', 'during') }, 'VALIDATION_FAILED');
  await h.refused(`${API}/campaigns/${campaign.id}/defects/${defectId}/records/${randomUUID()}/photos`, { form: form(good, 'ok.jpg') }, 'NOT_FOUND');
  assert.equal((await h.storedFiles()).length, files);
});

test('a completed campaign takes no more photos (-7008)', async () => {
  const other = await h.park('Photo park 2');
  const [d] = (await h.defects(other, 1)) as [string];
  const c = await h.campaign(await h.plan([d]), [d]);
  const rec = await h.api(`${API}/campaigns/${c.id}/defects/${d}/records`, { method: 'POST', json: { repairDate: '2026-04-02', distanceToRoot: 1, outcome: 6 } });
  assert.equal((await h.api(`${API}/campaigns/${c.id}`, { method: 'PATCH', json: { status: 2 } })).status, 200);
  await h.refused(`${API}/campaigns/${c.id}/defects/${d}/records/${rec.body.id}/photos`, { form: form(await jpeg(), 'late.jpg') }, -7008);
});
