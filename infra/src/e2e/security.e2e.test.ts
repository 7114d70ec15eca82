import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { RoleId, SERVICE_NAMES, SERVICES, socketPath } from '@windward/contracts';
import { JSON_BODY_LIMIT_MB } from '@windward/service-kit';
import { eventually } from '@windward/service-kit/testing';
import { WEB_BASIC, passwordGrant, startTestPlatform, type TestPlatform } from './harness.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEMO = 'Demo@2026';
/**
 * Short access tokens so a genuinely expired one can be had without long waits; long enough that a
 * test's few requests finish within one token's life on a loaded CI machine (6 s was not).
 */
const TTL_SECONDS = 15;

/** Every operation of every service, from the committed OpenAPI documents (a new route is covered automatically). */
function operations(): { method: string; path: string; public: boolean; rights: string[] }[] {
  const ops: { method: string; path: string; public: boolean; rights: string[] }[] = [];
  for (const name of SERVICE_NAMES) {
    const doc = JSON.parse(readFileSync(path.join(ROOT, 'services', name, 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { security?: unknown[]; 'x-required-rights'?: string[] }>>;
    };
    for (const [p, byMethod] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(byMethod)) {
        // Sign-in calls are the only public API (no bearer scheme in the document).
        ops.push({
          method: method.toUpperCase(),
          path: p.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
          public: p.startsWith('/oauth/') && !op.security?.length,
          rights: op['x-required-rights'] ?? [],
        });
      }
    }
  }
  return ops;
}

/** Requests tried per family of attack and how many were refused as they must be (printed at the end, docs/security.md). */
const tally = new Map<string, { tried: number; refused: number }>();
function tried(family: string, refused: boolean): void {
  const t = tally.get(family) ?? { tried: 0, refused: 0 };
  t.tried++;
  if (refused) t.refused++;
  tally.set(family, t);
}

/** Issue #16: the running platform attacked through its gateway; it refuses and stays up. */
describe('security: attacks through the gateway', () => {
  let p: TestPlatform;

  const tokens = (username: string, password: string) => passwordGrant(p.url, username, password);
  const healthy = async () => {
    for (const name of SERVICE_NAMES) assert.equal((await p.api(`/gw/${SERVICES[name].context}/health`)).status, 200, name);
  };

  before(async () => {
    p = await startTestPlatform({ env: { ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) } });
  });
  after(async () => {
    await p?.stop();
    console.log(
      [
        '| attack family | requests | refused correctly |',
        '| --- | --- | --- |',
        ...[...tally].map(([f, t]) => `| ${f} | ${t.tried} | ${t.refused} |`),
      ].join('\n'),
    );
  });

  test('rights matrix: every protected route refuses no token, a forged token and an expired token with 401', async () => {
    const { access_token: real } = await tokens('customer-reader', DEMO);
    const [header, payload] = real.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, roles: [RoleId.SA], cid: null, pid: null })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const forged = [`${header}.${tampered}.${real.split('.')[2]}`, `${none}.${tampered}.`];
    // The same sign-in's token, once it has expired (wait on the condition, not a fixed sleep).
    await eventually(
      async () => (await p.api('/context/api/v1/accounts/me', { token: real })).status === 401,
      (TTL_SECONDS + 5) * 1000,
      250,
    );
    const ops = operations();
    assert.ok(ops.length > 200, `only ${ops.length} operations`);
    const wrong: string[] = [];
    const attempts = ops
      .filter((o) => !o.public)
      .flatMap((op) =>
        (
          [
            ['no token', undefined],
            ['forged signature', forged[0]],
            ['alg none', forged[1]],
            ['expired token', real],
          ] as const
        ).map(([label, token]) => ({ op, label, token })),
      );
    // Eight at a time: about a thousand requests, well under the per-IP limits.
    for (let i = 0; i < attempts.length; i += 8) {
      await Promise.all(
        attempts.slice(i, i + 8).map(async ({ op, label, token }) => {
          const r = await p.api(op.path, {
            method: op.method,
            ...(token ? { token } : {}),
            ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { json: {} } : {}),
          });
          await r.arrayBuffer();
          tried(`rights matrix: ${label}`, r.status === 401);
          if (r.status !== 401) wrong.push(`${op.method} ${op.path} ${label}: ${r.status}`);
        }),
      );
    }
    assert.deepEqual(wrong, []);
    await healthy();
  });

  test('rights matrix by role: every demo account is refused (403 NO_ACCESS_RIGHTS) on every operation that needs a right it lacks', async () => {
    const ops = operations().filter((o) => o.rights.length);
    assert.ok(ops.length > 100, `only ${ops.length} operations name their rights`);
    const wrong: string[] = [];
    for (const username of [
      'labeler',
      'data-reviewer',
      'pilot',
      'engineer',
      'technician',
      'reviewer',
      'data-admin',
      'customer-admin',
      'customer-writer',
      'customer-reader',
    ]) {
      // This platform's access tokens live TTL_SECONDS, and a role's few hundred requests take
      // longer than that on a loaded machine: sign in again once a token is half-way through its life,
      // and try once more with a fresh token when one ran out in flight (a 401 for a valid token would
      // still show, as the second answer).
      let session = { token: '', at: 0 };
      const renew = async () => {
        session = { token: (await tokens(username, DEMO)).access_token, at: Date.now() };
      };
      await renew();
      const rights = (JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()) as { rights: string[] }).rights;
      // Only the refusals are tried: an allowed call with an empty body could change the demo data.
      const denied = ops.filter((o) => !o.rights.some((r) => rights.includes(r)));
      const send = (op: (typeof denied)[number]) =>
        p.api(op.path, { method: op.method, token: session.token, ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { json: {} } : {}) });
      for (let i = 0; i < denied.length; i += 8) {
        if (Date.now() - session.at > (TTL_SECONDS * 1000) / 2) await renew();
        await Promise.all(
          denied.slice(i, i + 8).map(async (op) => {
            const sentAt = Date.now();
            let r = await send(op);
            if (r.status === 401) {
              // The token may have expired between the check above and this answer.
              if (session.at <= sentAt) await renew();
              r = await send(op);
            }
            const body = (await r.json().catch(() => ({}))) as { code?: string };
            tried(`rights by role: ${username}`, r.status === 403 && body.code === 'NO_ACCESS_RIGHTS');
            if (r.status !== 403) wrong.push(`${username} ${op.method} ${op.path}: ${r.status}`);
          }),
        );
      }
    }
    assert.deepEqual(wrong, []);
    await healthy();
  });

  test('a customer admin cannot grant itself or others internal roles through the gateway', async () => {
    const { access_token: ca } = await tokens('customer-admin', DEMO);
    const me = (await (await p.api('/context/api/v1/accounts/me', { token: ca })).json()) as {
      id?: string;
      userId?: string;
      customerIds: string[];
    };
    const myId = (me.id ?? me.userId)!;
    const post = await p.api('/context/api/v1/users', {
      method: 'POST',
      token: ca,
      json: { username: 'ca-engineer', password: 'Start123', displayName: 'x', roles: [RoleId.ENGINEER], customerIds: me.customerIds },
    });
    tried('privilege escalation', post.status === 403);
    assert.equal(post.status, 403);
    const put = await p.api(`/context/api/v1/users/${myId}`, { method: 'PUT', token: ca, json: { roles: [RoleId.CA, RoleId.DR] } });
    tried('privilege escalation', put.status === 403);
    assert.equal(put.status, 403);
    const after = await tokens('customer-admin', DEMO);
    const claims = JSON.parse(Buffer.from(after.access_token.split('.')[1]!, 'base64url').toString()) as {
      roles: number[];
      rights: string[];
    };
    assert.deepEqual(claims.roles, [RoleId.CA]);
    assert.equal(claims.rights.includes('inspectionData.manage'), false);
  });

  test('logout revokes at once: other services refuse the access token and the open socket is closed', async () => {
    const t = await tokens('labeler', DEMO);
    assert.equal((await p.api('/context/api/v1/plants', { token: t.access_token })).status, 200);
    const socket: Socket = io(p.url, {
      path: socketPath('task-flow'),
      transports: ['websocket'],
      auth: { token: t.access_token },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      assert.equal((await p.api('/oauth/revoke', { method: 'POST', form: { token: t.refresh_token } })).status, 200);
      const reason = await closed;
      tried('revocation (socket closed)', reason === 'io server disconnect');
      assert.equal(reason, 'io server disconnect');
      // every service learns it by event within seconds (each one's own protected route)
      for (const name of SERVICE_NAMES) {
        const route = `/gw/${SERVICES[name].context}/api/v2/admin/dead-letters`;
        const refused = await eventually(async () => (await p.api(route, { token: t.access_token })).status === 401, 5000).then(
          () => true,
          () => false,
        );
        tried('revoked session (each service)', refused);
        assert.ok(refused, `${name} still takes the revoked token`);
      }
    } finally {
      socket.close();
    }
  });

  test('a narrowed data scope reaches every service and the open socket within seconds; the session renews with the new scope', async () => {
    const { access_token: admin } = await tokens('admin', 'Wind@2026');
    const t = await tokens('labeler', DEMO);
    const me = (await (await p.api('/context/api/v1/accounts/me', { token: t.access_token })).json()) as { id: string };
    const scope = (await (await p.api(`/context/api/v2/users/authData?userId=${me.id}`, { token: admin })).json()) as {
      customerIds: string[];
      parkIds: string[];
    };
    const parks = async (token: string) =>
      ((await (await p.api('/context/api/v1/plants?pageSize=50', { token })).json()) as { totalCount: number }).totalCount;
    assert.ok((await parks(t.access_token)) > 0, 'the demo labeler sees the parks of its customers');
    const socket: Socket = io(p.url, {
      path: socketPath('task-flow'),
      transports: ['websocket'],
      auth: { token: t.access_token },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const told = new Promise<unknown>((resolve) => socket.once('access_changed', resolve));
      const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      const put = await p.api(`/context/api/v2/users/${me.id}/authData`, {
        method: 'PUT',
        token: admin,
        json: { customerIds: [], parkIds: [] },
      });
      assert.equal(put.status, 200, await put.clone().text());
      assert.deepEqual(await told, { code: 'ACCESS_CHANGED' });
      const reason = await closed;
      tried('access change (socket closed)', reason === 'io server disconnect');
      assert.equal(reason, 'io server disconnect');
      for (const name of SERVICE_NAMES) {
        const route = `/gw/${SERVICES[name].context}/api/v2/admin/dead-letters`;
        const code = async () => ((await (await p.api(route, { token: t.access_token })).json()) as { code?: string }).code;
        const refused = await eventually(async () => (await code()) === 'ACCESS_CHANGED', 5000).then(
          () => true,
          () => false,
        );
        tried('outdated access token (each service)', refused);
        assert.ok(refused, `${name} still takes the outdated token`);
      }
      // The session goes on: a renewed token carries the new (empty) scope.
      const r = await p.api('/oauth/refresh', {
        method: 'POST',
        form: { grantType: 'refresh_token', refreshToken: t.refresh_token, scope: '' },
      });
      assert.equal(r.status, 200);
      assert.equal(await parks(((await r.json()) as { access_token: string }).access_token), 0);
    } finally {
      socket.close();
      await p.api(`/context/api/v2/users/${me.id}/authData`, { method: 'PUT', token: admin, json: scope });
    }
  });

  test("cross-customer: another customer's park, turbines, inspection and defect are refused by id, its lists answer nothing, a write changes nothing", async () => {
    const { access_token: admin } = await tokens('admin', 'Wind@2026');
    const { access_token: reader } = await tokens('customer-reader', DEMO);
    const { access_token: writer } = await tokens('customer-writer', DEMO);
    const get = async (url: string, token: string) => {
      const r = await p.api(url, { token });
      return { status: r.status, text: await r.text() };
    };
    const body = async (url: string, token: string) =>
      JSON.parse((await get(url, token)).text) as { results: Record<string, unknown>[]; totalCount: number };
    const mine = new Set((await body('/context/api/v1/plants?pageSize=50', reader)).results.map((x) => x.windFarmId));
    // A park of another customer with a demo inspection (inspection's demo seed inspects two turbines of each demo park).
    let foreign: { park: string; inspection: string; defect: string } | undefined;
    for (const park of (await body('/context/api/v1/plants?pageSize=50', admin)).results.filter((x) => !mine.has(x.windFarmId))) {
      const inspection = (await body(`/gw/inspection/api/v2/inspections?windFarmId=${String(park.windFarmId)}&pageSize=50`, admin))
        .results[0];
      if (!inspection) continue;
      const defect = (await body(`/gw/inspection/api/v2/defects?inspectionId=${String(inspection.inspectionId)}&pageSize=5`, admin))
        .results[0];
      if (defect) foreign = { park: String(park.windFarmId), inspection: String(inspection.inspectionId), defect: String(defect.defectId) };
      if (foreign) break;
    }
    assert.ok(foreign, "the demo has another customer's inspected park");
    for (const url of [
      `/context/api/v1/plants/${foreign.park}`,
      `/context/api/v2/plants/${foreign.park}/all-turbines`,
      `/gw/inspection/api/v2/inspections/${foreign.inspection}`,
      `/gw/inspection/api/v2/inspections/${foreign.inspection}/labeling-status`,
      `/gw/inspection/api/v2/defects/${foreign.defect}`,
    ]) {
      const r = await get(url, reader);
      const refused = (r.status === 404 || r.status === 403) && !r.text.includes(foreign.inspection) && !r.text.includes(foreign.defect);
      tried('cross-customer object by id', refused);
      assert.ok(refused, `${url}: ${r.status} ${r.text.slice(0, 200)}`);
    }
    for (const url of [
      `/gw/inspection/api/v2/inspections?windFarmId=${foreign.park}`,
      `/gw/inspection/api/v2/defects?inspectionId=${foreign.inspection}`,
    ]) {
      const r = await get(url, reader);
      const empty =
        r.status === 404 || r.status === 403 || (r.status === 200 && (JSON.parse(r.text) as { totalCount: number }).totalCount === 0);
      tried('cross-customer list filtered by a foreign id', empty);
      assert.ok(empty, `${url}: ${r.status} ${r.text.slice(0, 200)}`);
    }
    const before = await get(`/gw/inspection/api/v2/inspections/${foreign.inspection}`, admin);
    const write = await p.api(`/gw/inspection/api/v2/inspections/${foreign.inspection}`, {
      method: 'PATCH',
      token: writer,
      json: { pilot: 'intruder' },
    });
    tried('cross-customer write', write.status === 404 || write.status === 403);
    assert.ok(write.status === 404 || write.status === 403, String(write.status));
    assert.equal((await get(`/gw/inspection/api/v2/inspections/${foreign.inspection}`, admin)).text, before.text, 'nothing changed');
  });

  test('rotating X-Forwarded-For does not bypass the per-account sign-in throttle', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await p.api('/oauth/token', {
        method: 'POST',
        headers: { authorization: WEB_BASIC, 'x-forwarded-for': `198.51.100.${i}` },
        form: { grant_type: 'password', username: 'technician', password: 'Wrong@2026', scope: '' },
      });
      tried('sign-in guessing with rotating X-Forwarded-For', r.status === 400);
      assert.equal(r.status, 400);
    }
    const r = await p.api('/oauth/token', {
      method: 'POST',
      headers: { authorization: WEB_BASIC, 'x-forwarded-for': '198.51.100.77' },
      form: { grant_type: 'password', username: 'technician', password: DEMO, scope: '' },
    });
    tried('sign-in guessing with rotating X-Forwarded-For', r.status === 429);
    assert.equal(r.status, 429);
  });

  test('headers, malformed requests and over-deep bodies: coded refusals and the platform stays up', async () => {
    const login = await p.api('/oauth/token', {
      method: 'POST',
      headers: { authorization: WEB_BASIC },
      form: { grant_type: 'password', username: 'pilot', password: DEMO, scope: '' },
    });
    assert.equal(login.headers.get('cache-control'), 'no-store');
    assert.equal(login.headers.get('x-powered-by'), null);
    assert.equal(login.headers.get('x-content-type-options'), 'nosniff');
    const { access_token: pilot } = (await login.json()) as { access_token: string };
    const console = await p.api('/');
    assert.match(console.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    const malformed = await p.api('/%E0%A4%A');
    tried('malformed URL, deep JSON, injected ids', malformed.status === 400);
    assert.equal(malformed.status, 400);
    const deep = await p.api('/context/api/v1/plants', {
      method: 'POST',
      token: pilot,
      headers: { 'content-type': 'application/json' },
      body: `{"a":${'['.repeat(20000)}${']'.repeat(20000)}}`,
    });
    tried('malformed URL, deep JSON, injected ids', [400, 403].includes(deep.status));
    assert.ok([400, 403].includes(deep.status), String(deep.status));
    // Over the body limit, through the gateway: the service reads the body off before it refuses
    // it, so the gateway (still sending it) relays the coded 413 rather than a 502.
    const huge = await p.api('/context/api/v1/plants', {
      method: 'POST',
      token: pilot,
      headers: { 'content-type': 'application/json', locale: 'zh_cn' },
      body: JSON.stringify({ pad: 'a'.repeat((JSON_BODY_LIMIT_MB + 2) * 1024 * 1024) }),
    });
    tried('malformed URL, deep JSON, injected ids', huge.status === 413);
    assert.equal(huge.status, 413);
    assert.equal(((await huge.json()) as { code: string }).code, 'BODY_TOO_LARGE');
    const bad = await p.api(`/context/api/v2/Customers/defectSeverityMapping/batchQuery?ids=${encodeURIComponent("1,' OR 1=1;--")}`, {
      token: pilot,
    });
    tried('malformed URL, deep JSON, injected ids', bad.status === 400);
    assert.equal(bad.status, 400);
    await healthy();
  });
});
