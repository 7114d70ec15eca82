import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { Rights } from '@windward/contracts';
import { ADMIN_PASSWORD, startIdentity, type IdentityApp } from '../testing/identity-app.js';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const API = '/context/api/v2/machine-clients';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers read field by field
type Body = Record<string, any>;

describe('machine clients: OAuth2 client-credentials grant', () => {
  let id: IdentityApp;
  let admin: string;

  before(async () => {
    id = await startIdentity();
    admin = (await id.login('admin', ADMIN_PASSWORD)).access_token;
  });
  after(async () => id?.stop());

  const call = async (path: string, init: { method?: string; json?: unknown; token?: string | null } = {}) => {
    const r = await id.api(path, { method: init.method ?? 'GET', json: init.json, token: init.token === null ? undefined : (init.token ?? admin) });
    return { status: r.status, body: (await r.json()) as Body };
  };
  const grant = async (form: Record<string, string>, authorization?: string) => {
    const r = await id.api('/oauth/token', { method: 'POST', form: { grant_type: 'client_credentials', ...form }, headers: authorization ? { authorization } : {} });
    return { status: r.status, body: (await r.json()) as Body };
  };
  const count = async () => Number((await id.sql.query('SELECT count(*)::int AS n FROM identity.machine_client'))[0].n);

  test('an administrator registers a client: the secret is answered once and stored hashed; the client gets tokens with its own rights and scope', async () => {
    const customerId = randomUUID();
    const created = await call(API, { method: 'POST', json: { name: 'Drone ingestion – fleet A', customerIds: [customerId] } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { id: clientUuid, clientId, clientSecret } = created.body;
    assert.match(clientId, /^mc-[0-9a-f]{20}$/);
    assert.ok(clientSecret.length >= 40);
    assert.deepEqual(created.body.rights, [Rights.DATA_INTEGRATION_EDIT], 'the default: what drone ingestion needs');
    const [row] = await id.sql.query('SELECT secret_hash FROM identity.machine_client WHERE id = $1', [clientUuid]);
    assert.equal(row.secret_hash, createHash('sha256').update(clientSecret).digest('hex'));
    assert.ok(!JSON.stringify(await id.sql.query('SELECT * FROM identity.machine_client')).includes(clientSecret), 'the secret itself is nowhere');

    const list = await call(`${API}?keyword=fleet`);
    assert.equal(list.status, 200);
    assert.equal(list.body.totalCount, 1);
    assert.equal(list.body.results[0].clientId, clientId);
    assert.equal(list.body.results[0].clientSecret, undefined, 'never listed');
    assert.equal(list.body.results[0].secretHash, undefined);

    const t = await grant({}, basic(clientId, clientSecret));
    assert.equal(t.status, 200, JSON.stringify(t.body));
    assert.equal(t.body.token_type, 'Bearer');
    assert.equal(t.body.expires_in, 600);
    assert.equal(t.body.refresh_token, undefined, 'RFC 6749 §4.4.3: no refresh token');
    const jwks = (await (await id.api('/oauth/.well-known/jwks.json')).json()) as Parameters<typeof createLocalJWKSet>[0];
    const { payload } = await jwtVerify(t.body.access_token, createLocalJWKSet(jwks));
    assert.equal(payload.sub, clientUuid);
    assert.equal(payload.username, clientId);
    assert.deepEqual(payload.rights, [Rights.DATA_INTEGRATION_EDIT]);
    assert.deepEqual(payload.cid, [customerId]);
    assert.equal(payload.pid, null);
    // The credentials may also come in the body (RFC 6749 §2.3.1).
    assert.equal((await grant({ client_id: clientId, client_secret: clientSecret })).status, 200);
    assert.ok((await call(`${API}?keyword=${clientId}`)).body.results[0].lastUsedAt);
  });

  test('wrong or missing credentials: 401; a revoked client: 403 at once, and identity.machine-client.revoked is published', async () => {
    const { body: c } = await call(API, { method: 'POST', json: { name: 'To revoke', rights: [Rights.DATA_INTEGRATION_EDIT, Rights.DATA_INTEGRATION_SHOW] } });
    assert.equal((await grant({}, basic(c.clientId, `${c.clientSecret}x`))).body.code, 'UNAUTHORIZED');
    assert.equal((await grant({}, basic('mc-unknown', c.clientSecret))).status, 401);
    assert.equal((await grant({ client_id: c.clientId })).status, 401);
    assert.equal((await grant({})).status, 401);
    // The console's static client cannot use this grant.
    assert.equal((await grant({}, basic('windward-web', 'windward-web-secret'))).status, 401);

    const revoked = await call(`${API}/${c.id}/revoke`, { method: 'POST' });
    assert.equal(revoked.status, 200);
    assert.ok(revoked.body.revokedAt);
    const refused = await grant({}, basic(c.clientId, c.clientSecret));
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'ACCESS_DENIED');
    const again = await call(`${API}/${c.id}/revoke`, { method: 'POST' });
    assert.equal(again.body.revokedAt, revoked.body.revokedAt, 'revoking twice changes nothing');
    const events = await id.sql.query(
      `SELECT envelope->'payload' AS payload FROM identity.outbox WHERE type = 'identity.machine-client.revoked'
       UNION ALL SELECT envelope->'payload' FROM bus.event WHERE type = 'identity.machine-client.revoked'`,
    );
    assert.equal(events.length, 1, 'one event');
    assert.deepEqual(Object.keys(events[0].payload).sort(), ['clientId', 'machineClientId', 'revokedAt']);
    assert.equal(events[0].payload.machineClientId, c.id);

    const active = await call(`${API}?revoked=false&pageSize=100`);
    assert.ok(!active.body.results.some((r: { id: string }) => r.id === c.id));
    const gone = await call(`${API}?revoked=true`);
    assert.deepEqual(gone.body.results.map((r: { id: string }) => r.id), [c.id]);
  });

  test('refusals: invalid rights or name, unknown id, no right to administer, a machine token administering; nothing stored', async () => {
    const before = await count();
    assert.equal((await call(API, { method: 'POST', json: { name: '  ' } })).body.code, 'VALIDATION_FAILED');
    assert.equal((await call(API, { method: 'POST', json: { name: 'x', rights: ['no.such.right'] } })).body.code, 'VALIDATION_FAILED');
    assert.equal((await call(API, { method: 'POST', json: { name: 'x', rights: [] } })).body.code, 'VALIDATION_FAILED');
    assert.equal((await call(API, { method: 'POST', json: { name: 'x', customerIds: ['not-a-uuid'] } })).body.code, 'VALIDATION_FAILED');
    assert.equal((await call(`${API}/${randomUUID()}/revoke`, { method: 'POST' })).status, 404);
    assert.equal((await call(API, { method: 'POST', json: { name: 'x' }, token: null })).status, 401);
    // A machine client's token carries only its own rights: it cannot register clients.
    const { body: c } = await call(API, { method: 'POST', json: { name: 'Ingestion' } });
    const machine = (await grant({}, basic(c.clientId, c.clientSecret))).body.access_token as string;
    const denied = await call(API, { method: 'POST', json: { name: 'y' }, token: machine });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.code, 'NO_ACCESS_RIGHTS');
    assert.equal((await call(API, { token: machine })).status, 403);
    assert.equal(await count(), before + 1);
  });
});
