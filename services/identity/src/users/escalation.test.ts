import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RoleId, Rights, errorText } from '@windward/contracts';
import { ADMIN_PASSWORD, startIdentity, type IdentityApp } from '../testing/identity-app.js';
import { DEMO_PASSWORD } from '../seed/seed.service.js';

/**
 * Issue #16 item 2: a customer admin grants only the customer roles (CA 90, CW 89, CR 88) inside
 * its own customers, on create and on update, its own account included. Every attempt is refused
 * with NO_ACCESS_RIGHTS and nothing changes.
 */
describe('identity users: no privilege escalation', () => {
  let id: IdentityApp;
  let ca: string;
  let admin: string;
  let own: string;
  let other: string;
  let caId: string;
  let writerId: string;

  const userRow = async (username: string) =>
    ((await id.sql.query(`SELECT id, roles, customer_ids AS "customerIds", rights_granted AS "rights" FROM identity.app_user WHERE username = $1`, [username])) as {
      id: string;
      roles: number[];
      customerIds: string[];
      rights: string[] | null;
    }[])[0];
  const userCount = async () => Number((await id.sql.query(`SELECT count(*)::int AS n FROM identity.app_user`))[0].n);
  const newUser = (username: string, roles: number[], customerIds: string[]) => ({
    username,
    password: 'Secret@123',
    displayName: username,
    roles,
    customerIds,
  });
  const refused = async (r: Response) => {
    assert.equal(r.status, 403, await r.clone().text());
    assert.deepEqual(await r.json(), { code: 'NO_ACCESS_RIGHTS', message: errorText('NO_ACCESS_RIGHTS', 'en_us') });
  };

  before(async () => {
    id = await startIdentity({ SEED_DEMO: 'true' });
    admin = (await id.login('admin', ADMIN_PASSWORD)).access_token;
    ca = (await id.login('customer-admin', DEMO_PASSWORD)).access_token;
    const me = (await userRow('customer-admin'))!;
    caId = me.id;
    own = me.customerIds[0]!;
    const customers = (await id.sql.query(`SELECT id FROM identity.customer`)) as { id: string }[];
    other = customers.find((c) => c.id !== own)!.id;
    writerId = (await userRow('customer-writer'))!.id;
  });
  after(async () => {
    await id?.stop();
  });

  test('a customer admin creating a user with an internal or administrator role is refused; nothing stored', async () => {
    const before = await userCount();
    for (const roles of [[RoleId.ENGINEER], [RoleId.DR], [RoleId.REPAIR_TECHNICIAN], [RoleId.PILOT], [RoleId.CW, RoleId.ENGINEER], [RoleId.SA], [RoleId.DA_LEGACY]]) {
      await refused(await id.api('/context/api/v1/users', { method: 'POST', token: ca, json: newUser(`esc-${roles.join('-')}`, roles, [own]) }));
    }
    // A customer role for another customer is refused too.
    await refused(await id.api('/context/api/v1/users', { method: 'POST', token: ca, json: newUser('esc-other', [RoleId.CW], [other]) }));
    assert.equal(await userCount(), before);
  });

  test('a customer admin giving itself or its customer accounts internal roles is refused; roles unchanged', async () => {
    const mine = (await userRow('customer-admin'))!;
    const writer = (await userRow('customer-writer'))!;
    await refused(await id.api(`/context/api/v1/users/${caId}`, { method: 'PUT', token: ca, json: { roles: [RoleId.CA, RoleId.ENGINEER] } }));
    await refused(await id.api(`/context/api/v1/users/${caId}`, { method: 'PUT', token: ca, json: { roles: [RoleId.DA] } }));
    await refused(await id.api(`/context/api/v1/users/${caId}`, { method: 'PUT', token: ca, json: { customerIds: [own, other] } }));
    await refused(await id.api(`/context/api/v1/users/${writerId}`, { method: 'PUT', token: ca, json: { roles: [RoleId.CW, RoleId.DR] } }));
    await refused(await id.api(`/context/api/v2/users/${caId}/rights`, { method: 'PUT', token: ca, json: { rights: [Rights.INSPECTION_DATA] } }));
    assert.deepEqual(await userRow('customer-admin'), mine);
    assert.deepEqual(await userRow('customer-writer'), writer);
    // A fresh sign-in still carries only the customer admin's rights.
    const again = await id.login('customer-admin', DEMO_PASSWORD);
    const claims = JSON.parse(Buffer.from(again.access_token.split('.')[1]!, 'base64url').toString()) as { roles: number[]; rights: string[] };
    assert.deepEqual(claims.roles, [RoleId.CA]);
    assert.equal(claims.rights.includes(Rights.INSPECTION_DATA), false);
  });

  test('a customer admin grants the customer roles inside its own customer; an administrator grants any role', async () => {
    const created = await id.api('/context/api/v1/users', { method: 'POST', token: ca, json: newUser('ca-made-writer', [RoleId.CW], [own]) });
    assert.equal(created.status, 201, await created.clone().text());
    const { userId } = (await created.json()) as { userId: string };
    const promoted = await id.api(`/context/api/v1/users/${userId}`, { method: 'PUT', token: ca, json: { roles: [RoleId.CA, RoleId.CR] } });
    assert.equal(promoted.status, 200, await promoted.clone().text());
    assert.deepEqual((await userRow('ca-made-writer'))!.roles, [RoleId.CA, RoleId.CR]);
    // Changing other fields of its own account keeps working (its roles are not touched).
    assert.equal((await id.api(`/context/api/v1/users/${caId}`, { method: 'PUT', token: ca, json: { displayName: 'Chen' } })).status, 200);
    const staff = await id.api('/context/api/v1/users', { method: 'POST', token: admin, json: newUser('admin-made-engineer', [RoleId.ENGINEER], [own]) });
    assert.equal(staff.status, 201, await staff.clone().text());
  });
});
