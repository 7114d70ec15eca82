import { api } from '@/core/api/api';
import type { RequestArgs } from '@/core/api/baseQuery';
import type { PageResult } from './contracts';
import type { CustomerView } from '@/core/api/generated/identity';

/*
 * The identity service's user-centre calls (docs/identity.md): users, rights, customers,
 * organizations, the own password; plus the two asset lists the forms pick from.
 * Lists answer {results, totalCount}; paging is 1-based, `fieldToSort` only the listed fields.
 * Every call is `silent`: the screens show failures themselves (inline or as a message).
 */

export const userCenterPaths = {
  users: '/context/api/v1/users',
  user: (id: string) => `/context/api/v1/users/${encodeURIComponent(id)}`,
  userActive: (id: string) => `/context/api/v1/users/${encodeURIComponent(id)}/active`,
  userPassword: (id: string) => `/context/api/v1/users/${encodeURIComponent(id)}/password`,
  userRights: (id: string) => `/context/api/v2/users/${encodeURIComponent(id)}/rights`,
  customers: '/context/api/v2/Customers',
  customer: (id: string) => `/context/api/v2/Customers/${encodeURIComponent(id)}`,
  severityMapping: (id: string) => `/context/api/v2/Customers/${encodeURIComponent(id)}/defectSeverityMapping`,
  organizations: '/context/api/v2/organizations',
  organization: (id: string) => `/context/api/v2/organizations/${encodeURIComponent(id)}`,
  ownPassword: '/account/api/v1/accounts/me/password',
  parks: '/gw/asset/api/v2/windPark/allPermittedProjectFarms',
  inspectionDataConfigs: '/gw/asset/api/v2/inspectionDataConfig/all',
} as const;

// ------------------------------------------------------------------ shapes

export interface PageArgs<F extends string> {
  pageIndex: number;
  pageSize: number;
  fieldToSort?: F;
  descending?: boolean;
}

/** GET /context/api/v1/users entry (users.service `present`). Dates are ISO texts. */
export interface UserItem {
  id: string;
  userId: string;
  username: string;
  displayName: string;
  email: string | null;
  roles: number[];
  organizationId: string | null;
  organizationName: string | null;
  customerIds: string[];
  /** Wind-park scope; empty = every park of the user's customers. */
  parkIds: string[];
  active: boolean;
  validUntil: string | null;
  /** Rights set per user rather than the role defaults. */
  customRights: boolean;
  createdAt: string;
}

export type UserSortField = 'username' | 'displayName' | 'email' | 'createdAt' | 'validUntil';

export interface UserListArgs extends PageArgs<UserSortField> {
  username?: string;
  roleId?: number;
  organizationId?: string;
}

/** POST /context/api/v1/users */
export interface CreateUserBody {
  username: string;
  password: string;
  displayName: string;
  email?: string | null;
  roles: number[];
  organizationId?: string | null;
  customerIds?: string[];
  parkIds?: string[];
  active?: boolean;
  validUntil?: string | null;
}

/** PUT /context/api/v1/users/{id}: the same fields except password, all optional. */
export type UpdateUserBody = Partial<Omit<CreateUserBody, 'password' | 'active'>>;

/** GET/PUT /context/api/v2/users/{id}/rights */
export interface UserRights {
  userId: string;
  custom: boolean;
  rights: string[];
  defaults: string[];
}

/** Customer component config (SPEC §3). */
export interface ComponentConfig {
  componentType: number;
  permission?: boolean;
  reportTemplateName?: string | null;
  reportTemplateId?: string | null;
  defectTemplateData?: { isDefault: boolean; defectConfigName: string; defectConfigId: string }[];
  inspectionDataConfigId?: string | null;
}

/** Customer flow config (SPEC §3): optional features and task stages. */
export interface FlowConfig {
  componentType: number;
  features: string[];
  taskStages?: number[];
}

export interface SeverityName {
  level: number;
  name: string;
}

/** Generated from the service's OpenAPI document (npm run openapi). */
export type Customer = CustomerView;

export type CustomerSortField = 'customerName' | 'createdAt' | 'validDate';

export interface CustomerListArgs extends PageArgs<CustomerSortField> {
  customerName?: string;
  organizationId?: string;
}

/** POST / PUT /context/api/v2/Customers: the whole customer (what is left out is cleared). */
export interface SaveCustomerBody {
  customerName: string;
  customerTypeId?: number | null;
  maxFlightTimes?: number | null;
  maxTurbines?: number | null;
  validDate?: string | null;
  organizationId?: string | null;
  customerAddress?: string | null;
  contactor?: string | null;
  post?: string | null;
  phone?: string | null;
  componentConfigs?: ComponentConfig[];
  flowConfigs?: FlowConfig[];
  severityMapping?: SeverityName[];
  /** The version the editor loaded (stale → EDIT_CONFLICT). */
  version?: number;
}

/** GET /context/api/v2/Customers/{id}/defectSeverityMapping */
export interface SeverityMapping {
  customerId: string;
  severityMapping: SeverityName[];
}

/** SPEC §3 Organization. */
export interface Organization {
  organizationGuid: string;
  organizationName: string;
  customerCount: number;
  pilotCount: number;
}

export type OrganizationSortField = 'organizationName' | 'customerCount' | 'pilotCount' | 'createdAt';

export interface OrganizationListArgs extends PageArgs<OrganizationSortField> {
  organizationName?: string;
}

/** GET /gw/asset/api/v2/windPark/allPermittedProjectFarms entry (docs/asset.md), the fields used here. */
export interface PermittedPark {
  windFarmId: string;
  windFarmName: string;
  customerId: string;
}

/** GET /gw/asset/api/v2/inspectionDataConfig/all */
export interface InspectionDataConfig {
  id: string;
  name: string;
  componentType: number;
}

export interface ChangePasswordArgs {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

// ------------------------------------------------------------------ query building

type Params = NonNullable<RequestArgs['params']>;

/** Paging and sort parameters; empty filters are left out. */
export function pageParams<F extends string>(args: PageArgs<F>, filters: Record<string, string | number | undefined> = {}): Params {
  const out: Params = { pageIndex: args.pageIndex, pageSize: args.pageSize };
  if (args.fieldToSort) {
    out.fieldToSort = args.fieldToSort;
    out.descending = args.descending ?? false;
  }
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

export function userListParams(args: UserListArgs): Params {
  return pageParams(args, { username: args.username, roleId: args.roleId, organizationId: args.organizationId });
}

export function customerListParams(args: CustomerListArgs): Params {
  return pageParams(args, { customerName: args.customerName, organizationId: args.organizationId });
}

export function organizationListParams(args: OrganizationListArgs): Params {
  return pageParams(args, { organizationName: args.organizationName });
}

/** Largest page the services hand out. */
export { MAX_PAGE_SIZE } from '@/shared/contracts';

// ------------------------------------------------------------------ endpoints

const withTags = api.enhanceEndpoints({ addTagTypes: ['UcUser', 'UcRights', 'UcCustomer', 'UcOrganization', 'Customer'] });

export const userCenterApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<PageResult<UserItem>, UserListArgs>({
      query: (args) => ({ url: userCenterPaths.users, params: userListParams(args), silent: true }),
      providesTags: ['UcUser'],
    }),
    createUser: build.mutation<unknown, CreateUserBody>({
      query: (body) => ({ url: userCenterPaths.users, method: 'POST', body, silent: true }),
      invalidatesTags: ['UcUser', 'UcCustomer', 'UcOrganization', 'Customer'],
    }),
    updateUser: build.mutation<UserItem, { id: string; body: UpdateUserBody }>({
      query: ({ id, body }) => ({ url: userCenterPaths.user(id), method: 'PUT', body, silent: true }),
      invalidatesTags: ['UcUser', 'UcRights', 'UcCustomer', 'UcOrganization', 'Customer'],
    }),
    deleteUser: build.mutation<unknown, string>({
      query: (id) => ({ url: userCenterPaths.user(id), method: 'DELETE', silent: true }),
      invalidatesTags: ['UcUser', 'UcCustomer', 'UcOrganization', 'Customer'],
    }),
    setUserActive: build.mutation<unknown, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: userCenterPaths.userActive(id), method: 'PUT', body: { active }, silent: true }),
      invalidatesTags: ['UcUser'],
    }),
    resetUserPassword: build.mutation<unknown, { id: string; password: string }>({
      query: ({ id, password }) => ({
        url: userCenterPaths.userPassword(id),
        method: 'PUT',
        body: { password, confirmPassword: password },
        silent: true,
      }),
    }),
    userRights: build.query<UserRights, string>({
      query: (id) => ({ url: userCenterPaths.userRights(id), silent: true }),
      providesTags: ['UcRights'],
    }),
    /** `rights: null` goes back to the defaults of the user's roles. */
    setUserRights: build.mutation<UserRights, { id: string; rights: string[] | null }>({
      query: ({ id, rights }) => ({ url: userCenterPaths.userRights(id), method: 'PUT', body: { rights }, silent: true }),
      invalidatesTags: ['UcRights', 'UcUser'],
    }),

    customers: build.query<PageResult<Customer>, CustomerListArgs>({
      query: (args) => ({ url: userCenterPaths.customers, params: customerListParams(args), silent: true }),
      providesTags: ['UcCustomer'],
    }),
    createCustomer: build.mutation<Customer, SaveCustomerBody>({
      query: (body) => ({ url: userCenterPaths.customers, method: 'POST', body, silent: true }),
      invalidatesTags: ['UcCustomer', 'UcOrganization', 'Customer'],
    }),
    updateCustomer: build.mutation<Customer, { id: string; body: SaveCustomerBody }>({
      query: ({ id, body }) => ({ url: userCenterPaths.customer(id), method: 'PUT', body, silent: true }),
      invalidatesTags: ['UcCustomer', 'UcOrganization', 'UcUser', 'Customer'],
    }),
    deleteCustomer: build.mutation<unknown, string>({
      query: (id) => ({ url: userCenterPaths.customer(id), method: 'DELETE', silent: true }),
      invalidatesTags: ['UcCustomer', 'UcOrganization', 'Customer'],
    }),
    severityMapping: build.query<SeverityMapping, string>({
      query: (id) => ({ url: userCenterPaths.severityMapping(id), silent: true }),
      providesTags: ['UcCustomer'],
    }),

    organizations: build.query<PageResult<Organization>, OrganizationListArgs>({
      query: (args) => ({ url: userCenterPaths.organizations, params: organizationListParams(args), silent: true }),
      providesTags: ['UcOrganization'],
    }),
    createOrganization: build.mutation<Organization, { organizationName: string }>({
      query: (body) => ({ url: userCenterPaths.organizations, method: 'POST', body, silent: true }),
      invalidatesTags: ['UcOrganization'],
    }),
    renameOrganization: build.mutation<Organization, { id: string; organizationName: string }>({
      query: ({ id, organizationName }) => ({
        url: userCenterPaths.organization(id),
        method: 'PUT',
        body: { organizationName },
        silent: true,
      }),
      invalidatesTags: ['UcOrganization', 'UcUser', 'UcCustomer', 'Customer'],
    }),
    deleteOrganization: build.mutation<unknown, string>({
      query: (id) => ({ url: userCenterPaths.organization(id), method: 'DELETE', silent: true }),
      invalidatesTags: ['UcOrganization'],
    }),

    /** Every park the caller may see; the user form narrows it to the chosen customers. */
    permittedParks: build.query<PermittedPark[], void>({
      query: () => ({ url: userCenterPaths.parks, silent: true }),
    }),
    // Named apart from asset's `inspectionDataConfigs`: endpoints of one api share one namespace.
    customerDataConfigs: build.query<InspectionDataConfig[], void>({
      query: () => ({ url: userCenterPaths.inspectionDataConfigs, silent: true }),
    }),

    /** Own password (form body). The server then ends every session of the account. */
    changeOwnPassword: build.mutation<unknown, ChangePasswordArgs>({
      query: ({ oldPassword, newPassword, confirmPassword }) => ({
        url: userCenterPaths.ownPassword,
        method: 'PUT',
        form: { oldPassword, newPassword, confirmPassword },
        silent: true,
      }),
    }),
  }),
});

export const {
  useUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useSetUserActiveMutation,
  useResetUserPasswordMutation,
  useUserRightsQuery,
  useSetUserRightsMutation,
  useCustomersQuery,
  useCreateCustomerMutation,
  useUpdateCustomerMutation,
  useDeleteCustomerMutation,
  useSeverityMappingQuery,
  useOrganizationsQuery,
  useCreateOrganizationMutation,
  useRenameOrganizationMutation,
  useDeleteOrganizationMutation,
  usePermittedParksQuery,
  useCustomerDataConfigsQuery,
  useChangeOwnPasswordMutation,
} = userCenterApi;
