import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Rights } from '@windward/contracts';
import { API, ReportHarness } from '../testing/report-harness.js';

describe('report templates (Config Center)', () => {
  let h: ReportHarness;
  const url = `${API}/report-templates`;
  const count = async () => (await h.sql('SELECT count(*)::int AS n FROM report.report_template'))[0].n;

  before(async () => {
    h = await ReportHarness.start();
  });
  after(async () => {
    await h?.stop();
  });

  test('create, read, list (paged, filtered), update', async () => {
    const c = await h.api(url, {
      method: 'POST',
      json: { name: ' Standard ', sections: ['cover', 'summary'], language: 'en_us', customerName: 'Acme' },
    });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    assert.equal(c.body.name, 'Standard');
    assert.deepEqual(c.body.sections, ['cover', 'summary']);
    await h.api(url, { method: 'POST', json: { name: 'Other', sections: ['defectTable'] } });
    const list = await h.api(`${url}?name=stand&pageSize=1`);
    assert.equal(list.body.totalCount, 1);
    assert.equal(list.body.results[0].id, c.body.id);
    const u = await h.api(`${url}/${c.body.id}`, {
      method: 'PUT',
      json: { name: 'Standard', sections: ['defectTable'], severityLabels: [{ severity: 4, label: 'Major' }] },
    });
    assert.equal(u.status, 200);
    assert.deepEqual(u.body.severityLabels, [{ severity: 4, label: 'Major' }]);
    assert.equal(u.body.customerName, null);
  });

  test('refusals change nothing: blank name -13008, duplicate name -13001, unknown -13003, bad section, bad logo', async () => {
    const n = await count();
    const blank = await h.api(url, { method: 'POST', json: { name: '  ', sections: [] } });
    assert.equal(blank.body.code, -13008);
    const dup = await h.api(url, { method: 'POST', json: { name: 'standard', sections: [] } });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, -13001);
    for (const json of [
      { name: 'X', sections: ['photos'] },
      { name: 'X', sections: [], logo: 'javascript:alert(1)' },
      { name: 'X', sections: [], language: 'fr_fr' },
    ]) {
      const r = await h.api(url, { method: 'POST', json });
      assert.equal(r.body.code, 'VALIDATION_FAILED', JSON.stringify(json));
    }
    assert.equal(await count(), n);
    const missing = await h.api(`${url}/${randomUUID()}`, { method: 'PUT', json: { name: 'Y', sections: [] } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, -13003);
    assert.equal((await h.api(`${url}/not-a-uuid`)).body.code, -13003);
    // Renaming onto another's name
    const [other] = await h.sql(`SELECT id, name FROM report.report_template WHERE name = 'Other'`);
    const clash = await h.api(`${url}/${other.id}`, { method: 'PUT', json: { name: 'STANDARD', sections: [] } });
    assert.equal(clash.body.code, -13001);
    assert.equal((await h.sql(`SELECT name FROM report.report_template WHERE id = $1`, [other.id]))[0].name, 'Other');
  });

  test('a template referenced by a project cannot be deleted (-8002); unreferenced, it can', async () => {
    const project = randomUUID();
    const t = await h.api(url, { method: 'POST', json: { name: 'Project one', sections: ['cover'], projectIds: [project] } });
    const del = await h.api(`${url}/${t.body.id}`, { method: 'DELETE' });
    assert.equal(del.status, 409);
    assert.equal(del.body.code, -8002);
    assert.equal((await h.api(`${url}/${t.body.id}`)).status, 200);
    await h.api(`${url}/${t.body.id}`, { method: 'PUT', json: { name: 'Project one', sections: ['cover'], projectIds: [] } });
    assert.equal((await h.api(`${url}/${t.body.id}`, { method: 'DELETE' })).status, 200);
    assert.equal((await h.api(`${url}/${t.body.id}`)).body.code, -13003);
  });

  test('rights: a report reader lists templates but cannot edit them (403, nothing changed)', async () => {
    const reader = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    assert.equal((await h.api(url, { token: reader })).status, 200);
    const n = await count();
    const r = await h.api(url, { method: 'POST', token: reader, json: { name: 'Mine', sections: [] } });
    assert.equal(r.status, 403);
    assert.equal(await count(), n);
    const nobody = await h.token({ rights: [Rights.BLADE_SHOW], cid: null, pid: null });
    assert.equal((await h.api(url, { token: nobody })).status, 403);
  });
});
