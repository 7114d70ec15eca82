import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { EventTypes, errorText, type ErrorCode } from '@windward/contracts';
import { signLicence, type LicenceTerms } from '@windward/service-kit';
import { ADMIN_PASSWORD, startIdentity, type IdentityApp } from '../testing/identity-app.js';
import { DEMO_LICENCE_PRIVATE_KEY } from './demo-licence-key.js';

const API = '/context/api/v1/licence';
/** identity.licence.changed payloads, oldest first: relayed into the bus log, then still in the outbox. */
const announcedBy = async (id: IdentityApp) =>
  (
    (await id.sql.query(
      `SELECT envelope->'payload' AS payload FROM (SELECT envelope, 0 AS part, seq FROM bus.event WHERE type = $1
         UNION ALL SELECT envelope, 1, seq FROM identity.outbox WHERE type = $1) e ORDER BY part, seq`,
      [EventTypes.IdentityLicenceChanged],
    )) as { payload: unknown }[]
  ).map((r) => r.payload);
const inAYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
const terms = (over: Partial<LicenceTerms> = {}): LicenceTerms => ({
  licenceId: `L-${Math.random().toString(36).slice(2, 8)}`,
  customer: 'North Sea Wind',
  issuedAt: new Date().toISOString(),
  expiresAt: inAYear(),
  maxTurbines: 500,
  modules: ['inspection', 'repair'],
  ...over,
});

describe('identity: the platform licence', () => {
  let id: IdentityApp;
  let admin: string;
  /** A vendor key identity trusts (LICENCE_PUBLIC_KEYS), besides the demo key outside production. */
  const vendor = generateKeyPairSync('ed25519');
  const vendorPem = vendor.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

  const rows = async () => Number((await id.sql.query(`SELECT count(*)::int AS n FROM identity.licence`))[0].n);
  const announced = () => announcedBy(id);
  const install = (licence: string, token = admin) => id.api(API, { method: 'PUT', token, json: { licence }, headers: { locale: 'zh_cn' } });
  const refusedWithoutChange = async (licence: string, status: number, code: ErrorCode) => {
    const [n, view, events] = [await rows(), await (await id.api(API, { token: admin })).json(), (await announced()).length];
    const r = await install(licence);
    assert.equal(r.status, status);
    assert.deepEqual(await r.json(), { code, message: errorText(code, 'zh_cn') });
    assert.equal(await rows(), n, 'nothing stored');
    assert.deepEqual(await (await id.api(API, { token: admin })).json(), view, 'the licence in force stays');
    assert.equal((await announced()).length, events, 'nothing announced');
  };

  before(async () => {
    const pub = vendor.publicKey.export({ type: 'spki', format: 'pem' }) as string;
    id = await startIdentity({ LICENCE_PUBLIC_KEYS: pub.replace(/\n/g, '\\n') });
    admin = (await id.login('admin', ADMIN_PASSWORD)).access_token;
  });
  after(async () => {
    delete process.env.LICENCE_PUBLIC_KEYS;
    await id?.stop();
  });

  test('without a licence the state is missing', async () => {
    const r = await id.api(API, { token: admin });
    assert.equal(r.status, 200);
    assert.equal(((await r.json()) as { status: string }).status, 'missing');
  });

  test('an administrator installs a signed licence: stored, shown and announced to the services', async () => {
    const t = terms();
    const r = await install(signLicence(t, vendorPem));
    assert.equal(r.status, 200, await r.clone().text());
    const view = (await r.json()) as Record<string, unknown>;
    assert.equal(view.status, 'valid');
    assert.equal(view.customer, t.customer);
    assert.equal(view.maxTurbines, 500);
    assert.deepEqual(view.modules, t.modules);
    assert.equal(view.expiresAt, new Date(t.expiresAt).toISOString());
    assert.deepEqual((await announced()).at(-1), {
      licenceId: t.licenceId,
      customer: t.customer,
      expiresAt: new Date(t.expiresAt).toISOString(),
      maxTurbines: 500,
      modules: t.modules,
      valid: true,
    });
    // The demo key is trusted too outside production.
    assert.equal((await install(signLicence(terms({ maxTurbines: 900 }), DEMO_LICENCE_PRIVATE_KEY))).status, 200);
    assert.equal(((await (await id.api(API, { token: admin })).json()) as { maxTurbines: number }).maxTurbines, 900);
  });

  test('a tampered licence, one signed by an unknown key or garbage is refused (LICENCE_INVALID); nothing changes', async () => {
    const file = JSON.parse(signLicence(terms(), vendorPem)) as Record<string, string>;
    const bigger = Buffer.from(JSON.stringify(terms({ maxTurbines: 1_000_000 }))).toString('base64url');
    await refusedWithoutChange(JSON.stringify({ ...file, payload: bigger }), 400, 'LICENCE_INVALID');
    const stranger = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    await refusedWithoutChange(signLicence(terms(), stranger), 400, 'LICENCE_INVALID');
    await refusedWithoutChange('not a licence', 400, 'LICENCE_INVALID');
  });

  test('an expired licence is refused (LICENCE_EXPIRED); nothing changes', async () => {
    await refusedWithoutChange(signLicence(terms({ expiresAt: new Date(Date.now() - 60_000).toISOString() }), vendorPem), 409, 'LICENCE_EXPIRED');
  });

  test('only holders of the licence right view or install it', async () => {
    const created = await id.api('/context/api/v1/users', {
      method: 'POST',
      token: admin,
      json: { username: 'licence-engineer', password: 'Secret@123', displayName: 'Engineer', roles: [5] },
    });
    assert.equal(created.status, 201, await created.clone().text());
    const engineer = (await id.login('licence-engineer', 'Secret@123')).access_token;
    const n = await rows();
    assert.equal((await id.api(API, { token: engineer })).status, 403);
    assert.equal((await install(signLicence(terms(), vendorPem), engineer)).status, 403);
    assert.equal(await rows(), n);
  });

  test('a stored licence changed in the database verifies as invalid; its data stays', async () => {
    await id.sql.query(`UPDATE identity.licence SET licence_text = replace(licence_text, '"signature": "', '"signature": "A') WHERE id = (SELECT max(id) FROM identity.licence)`);
    const view = (await (await id.api(API, { token: admin })).json()) as { status: string; customer: string };
    assert.equal(view.status, 'invalid');
    assert.equal(view.customer, 'North Sea Wind');
  });
});

describe('identity: the demo licence', () => {
  test('SEED_DEMO installs a valid, generous demo licence once and announces it at start', async () => {
    const id = await startIdentity({ SEED_DEMO: 'true' });
    try {
      const admin = (await id.login('admin', ADMIN_PASSWORD)).access_token;
      const view = (await (await id.api(API, { token: admin })).json()) as { status: string; maxTurbines: number; modules: string[] };
      assert.equal(view.status, 'valid');
      assert.ok(view.maxTurbines >= 10_000);
      assert.ok(view.modules.length > 0);
      assert.equal((await id.sql.query(`SELECT count(*)::int AS n FROM identity.licence`))[0].n, 1);
      const last = (await announcedBy(id)).at(-1) as { valid: boolean; maxTurbines: number };
      assert.equal(last.valid, true);
      assert.equal(last.maxTurbines, view.maxTurbines);
    } finally {
      delete process.env.SEED_DEMO;
      await id.stop();
    }
  });
});
