import { recordingFetch, type FakeCall } from '@/test/fakeFetch';
import type { Customer, OrganizationView, PermittedPark, UserItem, UserRightsView } from '../userCenterApi';
import { DEFAULT_ROLE_RIGHTS } from '../contracts';
import type { LicenceView, MachineClientView } from '@/core/api/generated/identity';

export const ORG_ID = '0a0a0a0a-0000-4000-8000-000000000001';
export const CUSTOMER_A = '11111111-1111-4111-8111-111111111111';
export const CUSTOMER_B = '22222222-2222-4222-8222-222222222222';

export const ORGANIZATIONS: OrganizationView[] = [
  { organizationGuid: ORG_ID, organizationName: 'SkyView Pilots', customerCount: 1, pilotCount: 2 },
  { organizationGuid: '0a0a0a0a-0000-4000-8000-000000000002', organizationName: 'Empty Org', customerCount: 0, pilotCount: 0 },
];

export const CUSTOMERS: Customer[] = [
  {
    customerId: CUSTOMER_A,
    customerName: 'North Sea Wind',
    customerTypeId: 1,
    maxFlightTimes: 12,
    maxTurbines: 200,
    validDate: '2027-12-31',
    organizationId: ORG_ID,
    organizationName: 'SkyView Pilots',
    componentConfigs: [{ componentType: 1, permission: true, inspectionDataConfigId: 'idc-blade', reportTemplateId: 'rt-1', reportTemplateName: 'Blade report' }],
    flowConfigs: [{ componentType: 1, features: ['stitching', 'timeline'], taskStages: [6, 7, 8] }],
    customerAddress: 'Harbour 1',
    contactor: 'Jane',
    post: 'Manager',
    phone: '+44 1',
    accountCount: 3,
    windParkCount: 2,
    version: 4,
  },
  {
    customerId: CUSTOMER_B,
    customerName: 'Gobi Renewables',
    customerTypeId: 2,
    maxFlightTimes: null,
    maxTurbines: null,
    validDate: null,
    organizationId: null,
    organizationName: null,
    componentConfigs: [],
    flowConfigs: [],
    customerAddress: null,
    contactor: null,
    post: null,
    phone: null,
    accountCount: 0,
    windParkCount: 0,
    version: 1,
  },
];

const user = (over: Partial<UserItem> & Pick<UserItem, 'id' | 'username'>): UserItem => ({
  userId: over.id,
  displayName: over.username,
  email: `${over.username}@example.com`,
  roles: [88],
  organizationId: null,
  organizationName: null,
  customerIds: [],
  parkIds: [],
  active: true,
  validUntil: null,
  customRights: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  ...over,
});

export const USERS: UserItem[] = [
  user({ id: 'u-1', username: 'admin', displayName: 'Super Admin', roles: [100] }),
  user({ id: 'u-2', username: 'pilot-one', displayName: 'Pilot One', roles: [2], organizationId: ORG_ID, organizationName: 'SkyView Pilots' }),
  user({ id: 'u-3', username: 'reader', displayName: 'Customer Reader', roles: [88], customerIds: [CUSTOMER_A], validUntil: '2026-12-31T23:59:59.999Z' }),
];

export const PARKS: PermittedPark[] = [
  { windFarmId: 'p-dogger', windFarmName: 'Dogger Bank North', customerId: CUSTOMER_A },
  { windFarmId: 'p-bayan', windFarmName: 'Bayan Obo Steppe', customerId: CUSTOMER_B },
];

export const MACHINE_CLIENTS: MachineClientView[] = [
  {
    id: 'mc-row-1',
    clientId: 'mc-00000000000000000001',
    name: 'Drone ingestion fleet A',
    rights: ['dataIntegration.edit'],
    customerIds: [CUSTOMER_A],
    parkIds: null,
    createdBy: 'u-1',
    createdAt: '2026-05-01T08:00:00.000Z',
    lastUsedAt: '2026-05-02T08:00:00.000Z',
    revokedAt: null,
  },
];

export type Call = FakeCall;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const refusal = (status: number, code: string, message: string) => json(status, { code, message });

function page<T>(items: T[], q: URLSearchParams) {
  const index = Number(q.get('pageIndex') ?? 1);
  const size = Number(q.get('pageSize') ?? 20);
  return { results: items.slice((index - 1) * size, index * size), totalCount: items.length };
}

export const LICENCE: LicenceView = {
  status: 'valid',
  licenceId: 'lic-1',
  customer: 'Windward Demo',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2031-01-01T00:00:00.000Z',
  maxTurbines: 1000,
  modules: ['inspection', 'repair'],
  installedAt: '2026-01-01T00:00:00.000Z',
};

/** A licence file the fake identity accepts: `{"customer": …, "maxTurbines": …}`; "tampered" / "expired" in it are refused like the server does. */
function installLicence(text: string): LicenceView | Response {
  if (text.includes('tampered')) return refusal(400, 'LICENCE_INVALID', 'The licence is not valid (damaged, changed or not signed by a trusted key)');
  if (text.includes('expired')) return refusal(409, 'LICENCE_EXPIRED', 'The licence has expired');
  const terms = JSON.parse(text) as { customer: string; maxTurbines: number; modules: string[] };
  return { ...LICENCE, licenceId: 'lic-2', ...terms, expiresAt: '2032-06-30T00:00:00.000Z', installedAt: '2026-11-26T00:00:00.000Z' };
}

/** A small in-memory identity service for the screens' tests; every call is recorded. */
export function userCenterFetch(options: { oldPassword?: string } = {}) {
  const users = [...USERS];
  const rights: Record<string, UserRightsView> = {};
  const machineClients = MACHINE_CLIENTS.map((c) => ({ ...c }));
  let licence: LicenceView = { ...LICENCE };
  const { fetchMock, calls } = recordingFetch(async ({ method, body, raw }, url) => {
    const p = url.pathname;

    if (p === '/context/api/v1/users' && method === 'GET') {
      let list = [...users];
      const un = url.searchParams.get('username');
      if (un) list = list.filter((u) => u.username.includes(un));
      const field = url.searchParams.get('fieldToSort') as keyof UserItem | null;
      if (field) {
        const desc = url.searchParams.get('descending') === 'true';
        list.sort((a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? '')) * (desc ? -1 : 1));
      }
      return json(200, page(list, url.searchParams));
    }
    if (p === '/context/api/v1/users' && method === 'POST') {
      const b = body as { username: string; email?: string | null; displayName: string; roles: number[] };
      if (users.some((u) => u.username.toLowerCase() === b.username.toLowerCase())) return refusal(409, 'USERNAME_EXISTS', 'Username already exists');
      if (b.email && users.some((u) => (u.email ?? '').toLowerCase() === b.email!.toLowerCase()))
        return refusal(409, 'EMAIL_EXISTS', 'Email address already exists');
      const created = user({ id: `u-${users.length + 1}`, username: b.username, displayName: b.displayName, email: b.email ?? null, roles: b.roles });
      users.push(created);
      return json(200, created);
    }
    const rightsMatch = /^\/context\/api\/v2\/users\/([^/]+)\/rights$/.exec(p);
    if (rightsMatch) {
      const id = rightsMatch[1]!;
      const target = users.find((u) => u.id === id)!;
      const defaults = [...(DEFAULT_ROLE_RIGHTS as Record<number, readonly string[]>)[target.roles[0]!]!];
      if (method === 'PUT') {
        const next = (body as { rights: string[] | null }).rights;
        rights[id] = { userId: id, custom: next !== null, rights: next ?? defaults, defaults };
      }
      return json(200, rights[id] ?? { userId: id, custom: false, rights: defaults, defaults });
    }
    if (p === '/context/api/v2/Customers' && method === 'GET') return json(200, page(CUSTOMERS, url.searchParams));
    const customerMatch = /^\/context\/api\/v2\/Customers\/([^/]+)$/.exec(p);
    if (customerMatch && method === 'DELETE') {
      const c = CUSTOMERS.find((x) => x.customerId === customerMatch[1]);
      if (c && c.accountCount > 0) return refusal(409, 'CUSTOMER_HAS_ACCOUNTS', "Can't delete customer due to existing related account");
      return json(200, {});
    }
    if (customerMatch && method === 'PUT') return json(200, { ...CUSTOMERS[0], ...(body as object) });
    if (/defectSeverityMapping$/.test(p)) return json(200, { customerId: CUSTOMER_A, severityMapping: [{ level: 5, name: 'Critical' }] });
    if (p === '/context/api/v2/organizations' && method === 'GET') return json(200, page(ORGANIZATIONS, url.searchParams));
    const orgMatch = /^\/context\/api\/v2\/organizations\/([^/]+)$/.exec(p);
    if (orgMatch && method === 'DELETE') {
      const o = ORGANIZATIONS.find((x) => x.organizationGuid === orgMatch[1]);
      if (o && o.customerCount + o.pilotCount > 0) return refusal(409, 'ORGANIZATION_HAS_RELATED', "This organization can't be deleted due to the related customers/users");
      return json(200, {});
    }
    if (p === '/gw/asset/api/v2/windPark/allPermittedProjectFarms') return json(200, PARKS);
    if (p === '/gw/asset/api/v2/inspectionDataConfig/all') return json(200, [{ id: 'idc-blade', name: 'Blade', componentType: 1 }]);
    if (p === '/account/api/v1/accounts/me/password' && method === 'PUT') {
      const form = new URLSearchParams(raw ?? '');
      if (form.get('oldPassword') !== (options.oldPassword ?? 'Old@2026x')) return refusal(400, 'INVALID_OLD_PASSWORD', 'Invalid old password');
      return json(200, {});
    }
    if (p === '/context/api/v2/machine-clients' && method === 'GET') {
      const revoked = url.searchParams.get('revoked');
      const list = machineClients.filter((c) => revoked === null || (revoked === 'true') === (c.revokedAt !== null));
      return json(200, page(list, url.searchParams));
    }
    if (p === '/context/api/v2/machine-clients' && method === 'POST') {
      const b = body as { name: string; rights: string[]; customerIds?: string[] };
      const created = { ...MACHINE_CLIENTS[0]!, id: `mc-row-${machineClients.length + 1}`, clientId: 'mc-00000000000000000002', name: b.name, rights: b.rights, customerIds: b.customerIds ?? null, lastUsedAt: null };
      machineClients.push(created);
      return json(201, { ...created, clientSecret: 'only-shown-once-secret' });
    }
    const revokeMatch = /^\/context\/api\/v2\/machine-clients\/([^/]+)\/revoke$/.exec(p);
    if (revokeMatch && method === 'POST') {
      const c = machineClients.find((x) => x.id === revokeMatch[1])!;
      c.revokedAt = '2026-06-01T08:00:00.000Z';
      return json(200, c);
    }
    if (p === '/context/api/v1/licence' && method === 'GET') return json(200, licence);
    if (p === '/context/api/v1/licence' && method === 'PUT') {
      const next = installLicence((body as { licence: string }).licence);
      if (next instanceof Response) return next;
      licence = next;
      return json(200, licence);
    }
    if (p === '/gw/asset/api/v2/licence/usage') return json(200, { turbinesUsed: 42, maxTurbines: licence.maxTurbines, status: licence.status });
    if (p === '/oauth/revoke') return new Response(null, { status: 200 });
    return refusal(404, 'NOT_FOUND', 'Not found');
  });
  return { fetchMock, calls };
}
