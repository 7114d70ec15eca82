import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SERVICE_NAMES, SERVICES, errorText, socketPath } from '@windward/contracts';
import pg from 'pg';
import { eventually } from '@windward/service-kit/testing';
import { io, type Socket } from 'socket.io-client';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../launcher/demo-accounts.js';
import { REPO_ROOT } from '../launcher/platform.js';
import { nginxBinary, startNginx, type RunningNginx } from '../gateway/nginx-run.js';
import { passwordGrant, startTestPlatform, type TestPlatform } from './harness.js';
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

    const created = await p.api('/context/api/v2/Customers', {
      method: 'POST',
      token: admin,
      json: { customerName: 'Baltic Breeze', maxTurbines: 50 },
    });
    assert.equal(created.status, 201);
    const { customerId } = (await created.json()) as { customerId: string };
    const park = await eventually(async () => {
      const r = await p.api('/context/api/v1/plants', {
        method: 'POST',
        token: admin,
        json: { windFarmName: 'Baltic 1', customerId, latitude: 54.5, longitude: 13.4 },
      });
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
    const list = (await (await p.api('/context/api/v2/Customers?pageSize=100', { token: ca })).json()) as {
      results: { customerName: string }[];
    };
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

// The production gateway (nginx generated from the same route table, docker-compose.yml) in front
// of the same running services: what a user of the scaled-out deployment goes through.
describe(
  'the same platform through the production gateway (nginx from the route table)',
  { skip: nginxBinary() ? false : 'nginx is not installed (apt-get install nginx)' },
  () => {
    let p: TestPlatform;
    let nginx: RunningNginx;
    const get = async (url: string, token: string) => {
      const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(r.status, 200, url);
      return r.json();
    };

    before(async () => {
      p = await startTestPlatform();
      const port = Number(new URL(p.url).port) + 100;
      nginx = await startNginx({ port, upstreams: p.serviceUrls, webRoot: path.join(REPO_ROOT, 'web', 'dist') });
    });
    after(async () => {
      await nginx?.stop();
      await p?.stop();
    });

    test('a labeler signs in through nginx and sees the same task pool and parks as through the Node gateway', async () => {
      const token = (await passwordGrant(nginx.url, 'labeler', 'Demo@2026')).access_token;
      for (const list of ['/gw/task/api/v2/tasks/pool?pageSize=20', '/context/api/v1/plants?pageSize=20']) {
        const viaNginx = await get(nginx.url + list, token);
        assert.deepEqual(viaNginx, await get(p.url + list, token), list);
      }
      const pool = (await get(`${nginx.url}/gw/task/api/v2/tasks/pool?pageSize=20`, token)) as { results: unknown[] };
      assert.ok(pool.results.length > 0, 'the demo pool has tasks for the labeler');
    });

    test('socket.io through nginx pushes a task change the labeler makes', async () => {
      const token = (await passwordGrant(nginx.url, 'labeler', 'Demo@2026')).access_token;
      const socket: Socket = io(nginx.url, {
        path: socketPath('task-flow'),
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        const seen: { taskId: string }[] = [];
        socket.on('task.changed', (x: { taskId: string }) => seen.push(x));
        const pool = (await get(`${nginx.url}/gw/task/api/v2/tasks/pool?pageSize=1`, token)) as { results: { taskId: string }[] };
        const taskId = pool.results[0]!.taskId;
        const picked = await fetch(`${nginx.url}/gw/task/api/v2/tasks/${taskId}/pick`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(picked.status, 200);
        await eventually(async () => seen.some((x) => x.taskId === taskId));
      } finally {
        socket.close();
      }
    });

    test('nginx serves the console with its headers and a coded 502 when a service is down', async () => {
      const index = await fetch(`${nginx.url}/#/login`);
      assert.equal(index.status, 200);
      assert.match(await index.text(), /<div id="root">/);
      assert.match(index.headers.get('content-security-policy') ?? '', /script-src 'self'/);
      const cfg = await fetch(`${nginx.url}/app_config.json`);
      assert.equal(((await cfg.json()) as { appLocale: string }).appLocale, 'en_us');
      await p.stopService('report');
      try {
        const down = await fetch(`${nginx.url}/gw/report/health`);
        assert.equal(down.status, 502);
        assert.equal(((await down.json()) as { code: string }).code, 'SERVICE_UNAVAILABLE');
      } finally {
        await p.startService('report');
      }
      assert.equal((await fetch(`${nginx.url}/gw/report/health`)).status, 200);
    });
  },
);
