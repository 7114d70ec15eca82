import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { startTestPlatform, type TestPlatform } from './harness.js';

/** Response bodies are checked by assertions, not by types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const BASE = '/gw/inspection/api/v2';

describe('inspection through the gateway: upload → tiles → defect (demo data seeded)', () => {
  let p: TestPlatform;
  let engineer: string;
  let park: Body;

  const json = async (path: string, init: Parameters<TestPlatform['api']>[1] = {}) => {
    const r = await p.api(path, init);
    const text = await r.text();
    return { status: r.status, body: (text && (r.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text) as Body };
  };

  before(async () => {
    p = await startTestPlatform();
    // The data admin holds every right over every park (the demo engineer's scope is narrower).
    engineer = await p.login('data-admin', 'Demo@2026');
    const admin = await p.login('admin', 'Wind@2026');
    park = await eventually(async () => {
      const r = await json('/context/api/v1/plants?pageSize=50', { token: admin });
      return r.body.results?.find((x: Body) => x.windFarmName === 'Hornsea Edge');
    }, 30000);
  });
  after(async () => {
    await p?.stop();
  });

  test("asset's demo turbines arrive and carry demo inspections with defects", async () => {
    const list = await eventually(async () => {
      // Blade inspections (component type 1); turbine -01's older nacelle inspection is clean on purpose.
      const r = await json(`${BASE}/inspections?windFarmId=${park.windFarmId}&componentType=1`, { token: engineer });
      return r.status === 200 && r.body.totalCount >= 4 ? r.body : null;
    }, 60000);
    // The demo's own (2024-06-12 and 2025-06-10): files before this one on a shared platform may
    // have added inspections to the park (a drone upload, a new inspection).
    const demo = list.results.filter((i: Body) => /^(2024-06-12|2025-06-10)/.test(i.inspectionDate));
    assert.ok(demo.length >= 4 && demo.every((i: Body) => i.defectCount >= 1), JSON.stringify(list.results));
  });

  test('create an inspection, upload a photo, get tiles and draw a defect; bad uploads are refused', async () => {
    const turbines = (await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`, { token: engineer })).body;
    const turbine = turbines.find((t: Body) => t.turbineName.endsWith('-05'));
    await eventually(async () => (await json(`${BASE}/inspections?turbineId=${turbine.turbineId}`, { token: engineer })).status === 200);
    const created = await eventually(async () => {
      const r = await json(`${BASE}/inspections`, {
        method: 'POST',
        token: engineer,
        json: { turbineId: turbine.turbineId, packageType: 1, inspectionDate: '2025-08-01', pilot: 'Pilot P' },
      });
      return r.status === 201 ? r.body : null;
    }, 20000);
    const dup = await json(`${BASE}/inspections`, {
      method: 'POST',
      token: engineer,
      locale: 'zh_cn',
      json: { turbineId: turbine.turbineId, packageType: 2, inspectionDate: '2025-08-01' },
    });
    assert.deepEqual(dup.body, { code: -10009, message: errorText(-10009, 'zh_cn') });

    const photo = await sharp({ create: { width: 1200, height: 500, channels: 3, background: '#7fb2e5' } })
      .jpeg()
      .toBuffer();
    const upload = (name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('bladePosition', '1');
      form.append('path', '5');
      form.append('distanceToRoot', '12.5');
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      return json(`${BASE}/inspections/${created.inspectionId}/images`, { method: 'POST', token: engineer, body: form });
    };
    const renamed = await upload('blade.exe', photo);
    assert.deepEqual([renamed.status, renamed.body.code], [400, -11003]);
    const img = await upload('blade.jpg', photo);
    assert.equal(img.status, 201, JSON.stringify(img.body));

    const ready = await eventually(async () => {
      const r = await json(`${BASE}/images/${img.body.imageId}`, { token: engineer });
      return r.body.tileStatus === 'done' ? r.body : null;
    }, 30000);
    const dzi = await json(ready.dziUri, { token: engineer });
    assert.equal(dzi.status, 200);
    assert.match(dzi.body, /Width="1200"/);
    const tile = await p.api(`${BASE}/images/${img.body.imageId}/image_files/11/0_0.jpeg`, { token: engineer });
    assert.equal(tile.status, 200);
    assert.equal(tile.headers.get('content-type'), 'image/jpeg');
    assert.equal((await p.api(`${BASE}/images/${img.body.imageId}/image_files/11/0_0.jpeg`)).status, 401);

    const defect = await json(`${BASE}/inspections/${created.inspectionId}/defects`, {
      method: 'POST',
      token: engineer,
      json: {
        imageId: img.body.imageId,
        defectType: 'Crack',
        severity: 4,
        distanceToRoot: 12.5,
        polygon: [
          [100, 100],
          [300, 100],
          [300, 200],
        ],
      },
    });
    assert.equal(defect.status, 201, JSON.stringify(defect.body));
    const outside = await json(`${BASE}/inspections/${created.inspectionId}/defects`, {
      method: 'POST',
      token: engineer,
      json: {
        imageId: img.body.imageId,
        defectType: 'Crack',
        distanceToRoot: -5.01,
        polygon: [
          [100, 100],
          [300, 100],
          [300, 200],
        ],
      },
    });
    assert.equal(outside.body.code, -13013);
    const listed = await json(`${BASE}/defects?windFarmId=${park.windFarmId}&severity=4&defectType=crack`, { token: engineer });
    assert.ok(listed.body.results.some((d: Body) => d.defectId === defect.body.defectId));

    // Asset learns about the defect (its defect_ref read model): the turbine now counts it.
    await eventually(async () => {
      const t = (await json(`/context/api/v1/plants/${park.windFarmId}/turbines/${turbine.turbineId}`, { token: engineer })).body;
      return t.defectCount === 1;
    }, 20000);
  });

  test("switching an inspection active moves asset's Latest mark on the turbine page", async () => {
    const turbines = (await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`, { token: engineer })).body;
    const turbine = turbines.find((t: Body) => t.turbineName.endsWith('-02'));
    const blade = await eventually(async () => {
      const r = await json(`${BASE}/inspections?turbineId=${turbine.turbineId}&componentType=1`, { token: engineer });
      return r.body.totalCount >= 2 ? r.body.results : null;
    }, 60000);
    const older = blade.find((i: Body) => !i.isActive);
    assert.ok(older, 'the demo turbine has an inactive (older) blade inspection');
    const patched = await json(`${BASE}/inspections/${older.inspectionId}`, { method: 'PATCH', token: engineer, json: { isActive: true } });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const activeInAsset = async () =>
      (await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`, { token: engineer })).body
        .find((t: Body) => t.turbineId === turbine.turbineId)
        .inspections.filter((i: Body) => i.componentType === 1 && i.isActive)
        .map((i: Body) => i.inspectionId);
    await eventually(async () => JSON.stringify(await activeInAsset()) === JSON.stringify([older.inspectionId]), 20000);
  });
});
