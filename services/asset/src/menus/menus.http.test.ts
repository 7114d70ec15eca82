import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MENU_RIGHTS, Rights } from '@windward/contracts';
import { AssetHarness, type Body } from '../testing/asset-harness.js';

describe('menus per customer over HTTP', () => {
  let h: AssetHarness;
  let north: string;
  let gobi: string;
  const stored = async (id: string) =>
    (await h.sql<{ menu_ids: number[] }>('SELECT menu_ids FROM asset.customer_menu WHERE customer_id = $1', [id]))[0]?.menu_ids ?? null;

  before(async () => {
    h = await AssetHarness.start();
    north = await h.customer('North Sea Wind');
    gobi = await h.customer('Gobi Renewables');
  });
  after(async () => h?.stop());

  test("menu/all is the catalogue of the menu rights, named in the request's locale", async () => {
    const en = (await h.api('/gw/asset/api/v2/menu/all')).body;
    assert.deepEqual(en.map((m: Body) => m.key).sort(), [...MENU_RIGHTS].sort());
    assert.equal(en.find((m: Body) => m.key === Rights.MENU_MY_ASSET).name, 'My asset');
    const zh = (await h.api('/gw/asset/api/v2/menu/all', { locale: 'zh_cn' })).body;
    assert.equal(zh.find((m: Body) => m.key === Rights.MENU_MY_ASSET).name, '我的资产');
    const repair = en.find((m: Body) => m.key === Rights.MENU_REPAIR_CAMPAIGN);
    assert.equal(en.find((m: Body) => m.id === repair.parentId).key, Rights.MENU_REPAIR_CENTER);
  });

  test('a customer has every menu until narrowed; narrowing stores the ids with their parents', async () => {
    const all = (await h.api('/gw/asset/api/v2/menu/all')).body.map((m: Body) => m.id);
    assert.deepEqual((await h.api(`/gw/asset/api/v2/menu/customer/${north}/menuIds`)).body, all);
    const set = await h.api(`/gw/asset/api/v2/menu/customer/${north}/menuIds`, { method: 'PUT', json: { menuIds: [1, 9] } });
    assert.equal(set.status, 200);
    assert.deepEqual(set.body, [1, 7, 9]);
    assert.deepEqual((await h.api(`/gw/asset/api/v2/menu/customer/${north}/menuIds`)).body, [1, 7, 9]);
    assert.deepEqual((await h.api(`/gw/asset/api/v2/menu/customer/${gobi}/menuIds`)).body, all);
  });

  test('unknown menu ids, missing rights and other customers are refused; nothing changes', async () => {
    const unknown = await h.api(`/gw/asset/api/v2/menu/customer/${north}/menuIds`, { method: 'PUT', json: { menuIds: [1, 999] } });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'VALIDATION_FAILED');
    const ca = await h.token({ roles: [90], rights: [Rights.MENU_MY_ASSET], cid: [north] });
    assert.equal(
      (await h.api(`/gw/asset/api/v2/menu/customer/${north}/menuIds`, { method: 'PUT', token: ca, json: { menuIds: [1] } })).status,
      403,
    );
    assert.deepEqual((await h.api(`/gw/asset/api/v2/menu/customer/${north}/menuIds`, { token: ca })).body, [1, 7, 9]);
    assert.equal((await h.api(`/gw/asset/api/v2/menu/customer/${gobi}/menuIds`, { token: ca })).status, 404);
    const editor = await h.token({ roles: [90], rights: [Rights.CUSTOMER_LIST_EDIT], cid: [north] });
    assert.equal(
      (await h.api(`/gw/asset/api/v2/menu/customer/${gobi}/menuIds`, { method: 'PUT', token: editor, json: { menuIds: [1] } })).status,
      404,
    );
    assert.equal((await h.api(`/gw/asset/api/v2/menu/customer/${randomUUID()}/menuIds`)).status, 404);
    assert.deepEqual(await stored(north), [1, 7, 9]);
    assert.equal(await stored(gobi), null);
  });
});
