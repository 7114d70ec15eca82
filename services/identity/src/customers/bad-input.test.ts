import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorText } from '@windward/contracts';
import { ADMIN_PASSWORD, startIdentity, type IdentityApp } from '../testing/identity-app.js';

/** Issue #16 item 5 on identity's own inputs: every bad value is a coded 4xx and nothing is stored. */
describe('identity: bad input is refused with a code, nothing stored', () => {
  let id: IdentityApp;
  let admin: string;
  const count = async (table: string) => Number((await id.sql.query(`SELECT count(*)::int AS n FROM identity.${table}`))[0].n);

  before(async () => {
    id = await startIdentity();
    admin = (await id.login('admin', ADMIN_PASSWORD)).access_token;
  });
  after(async () => {
    await id?.stop();
  });

  test('customer and organization names reject the special characters of SPEC §5, in both languages', async () => {
    const [customers, orgs] = [await count('customer'), await count('organization')];
    for (const name of ['Acme & Co', 'North/South', 'a@b', "O'Brien"]) {
      const r = await id.api('/context/api/v2/Customers', { method: 'POST', token: admin, locale: 'zh_cn', json: { customerName: name } });
      assert.equal(r.status, 400, name);
      const b = (await r.json()) as { code: string; message: string };
      assert.equal(b.code, 'SPECIAL_CHARACTERS_NOT_ALLOWED');
      assert.equal(b.message, errorText('SPECIAL_CHARACTERS_NOT_ALLOWED', 'zh_cn'));
      const o = await id.api('/context/api/v2/organizations', { method: 'POST', token: admin, json: { organizationName: name } });
      assert.equal(o.status, 400, name);
      assert.equal(((await o.json()) as { code: string }).code, 'SPECIAL_CHARACTERS_NOT_ALLOWED');
    }
    assert.equal(await count('customer'), customers);
    assert.equal(await count('organization'), orgs);
    // Ordinary names (Chinese, dots, brackets, hyphens) still work.
    const ok = await id.api('/context/api/v2/Customers', { method: 'POST', token: admin, json: { customerName: '北海风电 (Co.) - 2' } });
    assert.equal(ok.status, 201, await ok.clone().text());
  });

  test('integers beyond the column range and non-UUID ids are 400s, never 500s', async () => {
    const before = await count('customer');
    for (const maxTurbines of [1e20, 2 ** 31]) {
      const r = await id.api('/context/api/v2/Customers', { method: 'POST', token: admin, json: { customerName: `Big ${maxTurbines}`, maxTurbines } });
      assert.equal(r.status, 400);
      assert.equal(((await r.json()) as { code: string }).code, 'VALIDATION_FAILED');
    }
    assert.equal(await count('customer'), before);
    for (const path of [
      '/context/api/v2/Customers/defectSeverityMapping/batchQuery?ids=1,2',
      `/context/api/v2/Customers?customerIds=${encodeURIComponent("' OR 1=1;--")}`,
      `/context/api/v1/users?customerId=${encodeURIComponent("' OR 1=1;--")}`,
      `/context/api/v1/users?organizationId=1`,
    ]) {
      const r = await id.api(path, { token: admin });
      assert.equal(r.status, 400, path);
      assert.equal(((await r.json()) as { code: string }).code, 'VALIDATION_FAILED', path);
    }
  });

  test('a JSON body nested thousands of levels deep is a 400 and identity stays up', async () => {
    const deep = `{"customerName":"Deep","componentConfigs":${'['.repeat(10000)}${']'.repeat(10000)}}`;
    const r = await id.api('/context/api/v2/Customers', { method: 'POST', token: admin, headers: { 'content-type': 'application/json' }, body: deep });
    assert.equal(r.status, 400);
    assert.equal(((await r.json()) as { code: string }).code, 'VALIDATION_FAILED');
    assert.equal((await id.api('/health')).status, 200);
  });
});
