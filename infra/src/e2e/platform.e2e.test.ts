import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SERVICE_NAMES, SERVICES, errorText } from '@windward/contracts';
import pg from 'pg';
import { eventually } from '@windward/service-kit/testing';
import { DEMO_ACCOUNTS } from '../launcher/demo-accounts.js';
import { startTestPlatform, type TestPlatform } from './harness.js';
import { waitForDemoSettled } from './template.js';

describe('the whole platform through the gateway', () => {
  let p: TestPlatform;
  let admin: string;

  before(async () => {
    // From a copy of the settled demo data, like every e2e file. The demo data itself was made
    // from an empty database exactly as `npm start` makes it (template.ts; `npm test` counts the
    // template's clean settling as a test), so booting from scratch once more would only repeat it.
    p = await startTestPlatform();
    admin = await p.login('admin', 'Wind@2026');
  });
  after(async () => {
    await p?.stop();
  });

  test('the demo pipeline has settled cleanly and every demo account signs in', async () => {
    await waitForDemoSettled(p.databaseUrl);
    for (const a of DEMO_ACCOUNTS) assert.ok(await p.login(a.username, a.password), a.username);
  });

  test('every service answers through the gateway at /gw/<context>/health and serves its docs', async () => {
    for (const name of SERVICE_NAMES) {
      const r = await p.api(`/gw/${SERVICES[name].context}/health`);
      assert.equal(r.status, 200, name);
      assert.equal(((await r.json()) as { service: string }).service, name);
      const docs = await p.api(`/gw/${SERVICES[name].context}/docs-json`);
      assert.equal(docs.status, 200, `${name} docs`);
    }
  });

  test('the gateway serves the web console with its app_config.json', async () => {
    const index = await p.api('/');
    assert.equal(index.status, 200);
    assert.match(await index.text(), /<div id="root">/);
    const cfg = await p.api('/app_config.json');
    assert.equal(cfg.status, 200);
    assert.equal(((await cfg.json()) as { appLocale: string }).appLocale, 'en_us');
  });

  test('a customer created in identity reaches asset through the bus; parks need a known customer', async () => {
    const unknown = await p.api('/context/api/v1/plants', {
      method: 'POST',
      token: admin,
      json: { windFarmName: 'Ghost Park', customerId: '6f1c2b9e-0000-4000-8000-000000000000' },
    });
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { code: number }).code, -10007);

    const created = await p.api('/context/api/v2/Customers', { method: 'POST', token: admin, json: { customerName: 'Baltic Breeze', maxTurbines: 50 } });
    assert.equal(created.status, 201);
    const { customerId } = (await created.json()) as { customerId: string };
    const park = await eventually(async () => {
      const r = await p.api('/context/api/v1/plants', { method: 'POST', token: admin, json: { windFarmName: 'Baltic 1', customerId, latitude: 54.5, longitude: 13.4 } });
      return r.status === 201 ? ((await r.json()) as { windFarmId: string; customerName: string }) : null;
    });
    assert.equal(park.customerName, 'Baltic Breeze');

    // identity learns about the park from asset's event (white-box wait on its read model)…
    const db = new pg.Client({ connectionString: p.databaseUrl });
    await db.connect();
    await eventually(async () => (await db.query('SELECT 1 FROM identity.park_ref WHERE park_id = $1', [park.windFarmId])).rowCount === 1);
    await db.end();
    // …and refuses to delete its customer.
    const r = await p.api(`/context/api/v2/Customers/${customerId}`, { method: 'DELETE', token: admin, locale: 'zh_cn' });
    assert.equal(r.status, 409);
    const refused = await r.json();
    assert.deepEqual(refused, { code: 'CUSTOMER_HAS_WIND_PARKS', message: errorText('CUSTOMER_HAS_WIND_PARKS', 'zh_cn') });
    const still = await p.api(`/context/api/v2/Customers/${customerId}`, { token: admin });
    assert.equal(still.status, 200);
  });

  test('events committed while a consumer service is down are delivered after it restarts', async () => {
    await p.stopService('asset', 'SIGKILL');
    const created = await p.api('/context/api/v2/Customers', { method: 'POST', token: admin, json: { customerName: 'Offline Offshore' } });
    assert.equal(created.status, 201);
    const { customerId } = (await created.json()) as { customerId: string };
    await p.startService('asset');
    const r = await eventually(async () => {
      const res = await p.api('/context/api/v1/plants', { method: 'POST', token: admin, json: { windFarmName: 'Offline 1', customerId } });
      return res.status === 201 ? res : null;
    });
    assert.equal(r.status, 201);
  });

  test('a customer user only sees its own customer; a labeler cannot create customers', async () => {
    const ca = await p.login('customer-admin', 'Demo@2026');
    const list = (await (await p.api('/context/api/v2/Customers?pageSize=100', { token: ca })).json()) as { results: { customerName: string }[] };
    assert.deepEqual(
      list.results.map((c) => c.customerName),
      ['North Sea Wind'],
    );
    const labeler = await p.login('labeler', 'Demo@2026');
    const before = (await (await p.api('/context/api/v2/Customers?pageSize=100', { token: admin })).json()) as { totalCount: number };
    const denied = await p.api('/context/api/v2/Customers', { method: 'POST', token: labeler, json: { customerName: 'Sneaky' } });
    assert.equal(denied.status, 403);
    const afterList = (await (await p.api('/context/api/v2/Customers?pageSize=100', { token: admin })).json()) as { totalCount: number };
    assert.equal(afterList.totalCount, before.totalCount);
  });

  test('unknown API paths under a service answer 404 with a catalogue body, not the web page', async () => {
    const r = await p.api('/gw/repair/api/v2/does-not-exist', { token: admin });
    assert.equal(r.status, 404);
    assert.equal(((await r.json()) as { code: string }).code, 'NOT_FOUND');
  });

  test('malformed addresses get a 400 from the gateway and from every service, and nothing goes down', async () => {
    assert.equal((await p.api('/%E0%A4%A')).status, 400);
    for (const name of SERVICE_NAMES) {
      const r = await p.api(`/gw/${SERVICES[name].context}/api/v2/%E0%A4%A?x=%ZZ`, { token: admin });
      assert.ok(r.status === 400 || r.status === 404, `${name}: ${r.status}`);
    }
    for (const name of SERVICE_NAMES) assert.equal((await p.api(`/gw/${SERVICES[name].context}/health`)).status, 200, name);
  });

  test('a service process that dies is restarted by the launcher, which says so', async () => {
    const pid = p.servicePid('asset');
    assert.ok(pid, 'asset runs');
    process.kill(pid, 'SIGKILL');
    await eventually(async () => p.logs.some((l) => l.includes('[launcher] asset exited (SIGKILL); restarting it')), 10000);
    await eventually(async () => p.logs.some((l) => l.includes('[launcher] asset restarted')), 60000);
    assert.notEqual(p.servicePid('asset'), pid);
    const parks = await p.api('/context/api/v1/plants?pageSize=5', { token: admin });
    assert.equal(parks.status, 200);
  });
});
