import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Rights, errorText } from '@windward/contracts';
import { AssetHarness, turbineBody, type Body } from '../testing/asset-harness.js';

describe('component types per park over HTTP', () => {
  let h: AssetHarness;
  let park: string;
  let otherPark: string;
  const url = (kind: string, id?: string, parkId = park) => `/context/api/v1/plants/${parkId}/${kind}-types${id ? `/${id}` : ''}`;
  const rows = () =>
    h.sql<{ id: string; kind: string; name: string; manufacturer: string | null; length_m: string | null }>(
      'SELECT * FROM asset.component_type ORDER BY name',
    );

  before(async () => {
    h = await AssetHarness.start();
    const customer = await h.customer('North Sea Wind');
    park = (await h.api('/context/api/v1/plants', { method: 'POST', json: { windFarmName: 'Hornsea', customerId: customer } })).body
      .windFarmId;
    otherPark = (await h.api('/context/api/v1/plants', { method: 'POST', json: { windFarmName: 'Dogger', customerId: customer } })).body
      .windFarmId;
  });
  after(async () => h?.stop());

  test('generator items live under the capitalised Generator-types path (lower case reaches it too); PUT upserts', async () => {
    const id = randomUUID();
    const created = await h.api(url('Generator', id), {
      method: 'PUT',
      json: { name: 'SG 8.0-167', manufacturer: 'Siemens Gamesa', ratedPower: 8000 },
    });
    assert.equal(created.status, 200);
    assert.equal(created.body.ratedPower, 8000);
    const replaced = await h.api(url('generator', id), { method: 'PUT', json: { name: 'SG 8.0-167 DD', ratedPower: 8500 } });
    assert.equal(replaced.status, 200);
    const list = await h.api(url('generator'));
    assert.equal(list.body.totalCount, 1);
    assert.deepEqual(
      [list.body.results[0].typeId, list.body.results[0].name, list.body.results[0].ratedPower, list.body.results[0].manufacturer],
      [id, 'SG 8.0-167 DD', 8500, null],
    );
  });

  test('every kind lists separately, sorted by name on the server', async () => {
    for (const [kind, name] of [
      ['nacelle', 'N2'],
      ['nacelle', 'N1'],
      ['tower', 'T1'],
      ['foundation', 'F1'],
    ] as const) {
      assert.equal((await h.api(url(kind, randomUUID()), { method: 'PUT', json: { name, height: 90 } })).status, 200);
    }
    assert.deepEqual(
      (await h.api(url('nacelle'))).body.results.map((t: Body) => t.name),
      ['N1', 'N2'],
    );
    assert.deepEqual(
      (await h.api(url('nacelle') + '?descending=true')).body.results.map((t: Body) => t.name),
      ['N2', 'N1'],
    );
    assert.equal((await h.api(url('tower'))).body.results[0].height, 90);
    assert.equal((await h.api(url('foundation'))).body.totalCount, 1);
    assert.equal((await h.api(url('blade'))).body.totalCount, 0);
  });

  test('blade types need length and width (the distance-to-root bound); manufacturer names are unique per park', async () => {
    const before = (await rows()).length;
    const noLength = await h.api(url('blade', randomUUID()), { method: 'PUT', json: { name: 'B1', bladeManufacturer: 'LM', width: 4 } });
    assert.equal(noLength.status, 400);
    assert.equal(noLength.body.code, 'VALIDATION_FAILED');
    const ok = await h.api(url('blade', randomUUID()), {
      method: 'PUT',
      json: { name: 'B81', bladeManufacturer: 'LM Wind Power', length: 81.4, width: 4.5 },
    });
    assert.equal(ok.status, 200);
    assert.deepEqual([ok.body.length, ok.body.width, ok.body.bladeManufacturer], [81.4, 4.5, 'LM Wind Power']);
    const sameMaker = await h.api(url('blade', randomUUID()), {
      method: 'PUT',
      locale: 'zh_cn',
      json: { name: 'B75', bladeManufacturer: 'lm wind power ', length: 75, width: 4 },
    });
    assert.equal(sameMaker.status, 409);
    assert.deepEqual(sameMaker.body, { code: 'BLADE_MANUFACTURER_EXISTS', message: errorText('BLADE_MANUFACTURER_EXISTS', 'zh_cn') });
    const sameName = await h.api(url('blade', randomUUID()), {
      method: 'PUT',
      json: { name: 'b81', bladeManufacturer: 'Other', length: 75, width: 4 },
    });
    assert.equal(sameName.status, 409);
    assert.equal(sameName.body.code, 'NAME_DUPLICATED');
    assert.equal((await rows()).length, before + 1);
    // Another park may use the same manufacturer.
    assert.equal(
      (
        await h.api(url('blade', randomUUID(), otherPark), {
          method: 'PUT',
          json: { name: 'B81', bladeManufacturer: 'LM Wind Power', length: 81, width: 4 },
        })
      ).status,
      200,
    );
  });

  test('an id cannot change kind ("… type mismatch") or park (404); nothing changes', async () => {
    const blade = (await h.api(url('blade'))).body.results[0];
    const asTower = await h.api(url('tower', blade.typeId), { method: 'PUT', json: { name: 'Sneaky tower' } });
    assert.equal(asTower.status, 409);
    assert.equal(asTower.body.code, 'TOWER_TYPE_MISMATCH');
    const otherParkPut = await h.api(url('blade', blade.typeId, otherPark), {
      method: 'PUT',
      json: { name: 'Moved', bladeManufacturer: 'Moved', length: 1, width: 1 },
    });
    assert.equal(otherParkPut.status, 404);
    const row = (await rows()).find((r) => r.id === blade.typeId)!;
    assert.deepEqual([row.kind, row.name], ['blade', 'B81']);
  });

  test('DELETE: a type used by a turbine stays; an unused one goes', async () => {
    const blade = (await h.api(url('blade'))).body.results[0];
    const t = await h.api(`/context/api/v1/plants/${park}/turbines`, {
      method: 'POST',
      json: turbineBody('WTG-1', { bladeTypeGuid: blade.typeId }),
    });
    assert.equal(t.status, 201);
    const refused = await h.api(url('blade', blade.typeId), { method: 'DELETE' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'COMPONENT_TYPE_IN_USE');
    assert.ok((await rows()).some((r) => r.id === blade.typeId));
    const wrongKind = await h.api(url('nacelle', blade.typeId), { method: 'DELETE' });
    assert.equal(wrongKind.body.code, 'NACELLE_TYPE_MISMATCH');
    const nacelle = (await h.api(url('nacelle'))).body.results[0];
    assert.equal((await h.api(url('nacelle', nacelle.typeId), { method: 'DELETE' })).status, 204);
    assert.ok(!(await rows()).some((r) => r.id === nacelle.typeId));
    assert.equal((await h.api(url('nacelle', randomUUID()), { method: 'DELETE' })).status, 404);
  });

  test("writes need the asset configuration right; other customers' parks answer 404", async () => {
    const before = await rows();
    const engineer = await h.token({ roles: [5], rights: [Rights.BLADE_EDIT, Rights.MENU_MY_ASSET], cid: null });
    assert.equal((await h.api(url('tower'), { token: engineer })).status, 200);
    assert.equal((await h.api(url('tower', randomUUID()), { method: 'PUT', token: engineer, json: { name: 'T9' } })).status, 403);
    const stranger = await h.token({ roles: [90], rights: [Rights.ASSET_CONFIG_EDIT], cid: [randomUUID()] });
    assert.equal((await h.api(url('tower'), { token: stranger })).status, 404);
    assert.equal((await h.api(url('tower', randomUUID()), { method: 'PUT', token: stranger, json: { name: 'T9' } })).status, 404);
    assert.deepEqual(await rows(), before);
  });
});
