import {
  identityApi as generated,
  type CustomerPage,
  type CustomersListApiArg,
  type CustomerView,
  type OrganizationsListApiArg,
  type UserView,
  type UsersListApiArg,
} from '@/core/api/generated/identity';
import type { InspectionDataConfigView, ParkListEntryView } from '@/core/api/generated/asset';
import { withFlags } from '@/core/api/requestFlags';

export type * from '@/core/api/generated/identity';

/*
 * The identity service's user-centre calls (docs/identity.md): users, rights, customers,
 * organizations, the own password; plus the two asset lists the forms pick from — the endpoints
 * generated from the service's OpenAPI document (npm run openapi), enhanced with the cross-list
 * invalidations. Lists answer {results, totalCount}; paging is 1-based, `fieldToSort` only the
 * listed fields. Every call is `silent`: the screens show failures themselves (inline or as a message).
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

export type UserItem = UserView;
export type Customer = CustomerView;

export type UserSortField = 'username' | 'displayName' | 'email' | 'createdAt' | 'validUntil';
export interface UserListArgs extends PageArgs<UserSortField> {
  username?: string;
  roleId?: number;
  organizationId?: string;
}

export type CustomerSortField = 'customerName' | 'createdAt' | 'validDate';
export interface CustomerListArgs extends PageArgs<CustomerSortField> {
  customerName?: string;
  organizationId?: string;
}

export type OrganizationSortField = 'organizationName' | 'customerCount' | 'pilotCount' | 'createdAt';
export interface OrganizationListArgs extends PageArgs<OrganizationSortField> {
  organizationName?: string;
}

/** A park of the user form's picker (asset's park list entry, the fields used here). */
export type PermittedPark = Pick<ParkListEntryView, 'windFarmId' | 'windFarmName' | 'customerId'>;

export interface ChangePasswordArgs {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

// ------------------------------------------------------------------ query building

type Params = Record<string, string | number | boolean>;

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

export function userListParams(args: UserListArgs): UsersListApiArg {
  return pageParams(args, { username: args.username, roleId: args.roleId, organizationId: args.organizationId });
}

export function customerListParams(args: CustomerListArgs): CustomersListApiArg {
  return pageParams(args, { customerName: args.customerName, organizationId: args.organizationId });
}

export function organizationListParams(args: OrganizationListArgs): OrganizationsListApiArg {
  return pageParams(args, { organizationName: args.organizationName });
}

/** Largest page the services hand out. */
export { MAX_PAGE_SIZE } from '@/shared/contracts';

// ------------------------------------------------------------------ endpoints

/*
 * A user's writes change the customers' and organizations' account counts (and the park form's
 * customer picker, asset's 'customers' list); a customer's, the organizations' counts; an
 * organization's rename, the names shown on users and customers.
 */
const tagged = generated.enhanceEndpoints({
  addTagTypes: ['user rights'],
  endpoints: {
    usersCreate: { invalidatesTags: ['users', 'customers', 'organizations'] },
    usersUpdate: { invalidatesTags: ['users', 'user rights', 'customers', 'organizations'] },
    usersRemove: { invalidatesTags: ['users', 'customers', 'organizations'] },
    usersSetActive: { invalidatesTags: ['users'] },
    usersResetPassword: { invalidatesTags: [] },
    usersRights: { providesTags: ['user rights'] },
    usersSetRights: { invalidatesTags: ['user rights', 'users'] },
    customersCreate: { invalidatesTags: ['customers', 'organizations'] },
    customersUpdate: { invalidatesTags: ['customers', 'organizations', 'users'] },
    customersRemove: { invalidatesTags: ['customers', 'organizations'] },
    organizationsCreate: { invalidatesTags: ['organizations'] },
    organizationsUpdate: { invalidatesTags: ['organizations', 'users', 'customers'] },
    organizationsRemove: { invalidatesTags: ['organizations'] },
  },
});

const silent = tagged.enhanceEndpoints({
  endpoints: {
    usersList: withFlags(),
    usersCreate: withFlags(),
    usersUpdate: withFlags(),
    usersRemove: withFlags(),
    usersSetActive: withFlags(),
    usersResetPassword: withFlags(),
    usersRights: withFlags(),
    usersSetRights: withFlags(),
    customersCreate: withFlags(),
    customersUpdate: withFlags(),
    customersRemove: withFlags(),
    customersSeverity: withFlags(),
    organizationsList: withFlags(),
    organizationsCreate: withFlags(),
    organizationsUpdate: withFlags(),
    organizationsRemove: withFlags(),
  },
});

/*
 * Hand-written on purpose, typed with the generated types:
 * - the customer list and the two asset lists: silent here, while the data center's customer
 *   filter and the asset screens call the same generated endpoints and want the usual message
 *   (`silent` is a property of an endpoint, not of a call);
 * - the own password: sent form-encoded (as the sign-in calls), the generated endpoint sends JSON.
 */
export const userCenterApi = silent.injectEndpoints({
  endpoints: (build) => ({
    customers: build.query<CustomerPage, CustomerListArgs>({
      query: (args) => ({ url: userCenterPaths.customers, params: customerListParams(args), silent: true }),
      providesTags: ['customers'],
    }),
    /** Every park the caller may see; the user form narrows it to the chosen customers. */
    permittedParks: build.query<PermittedPark[], void>({
      query: () => ({ url: userCenterPaths.parks, silent: true }),
    }),
    // Named apart from asset's `parkListsInspectionDataConfigs`: this one is silent.
    customerDataConfigs: build.query<InspectionDataConfigView[], void>({
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
  useUsersListQuery,
  useUsersCreateMutation,
  useUsersUpdateMutation,
  useUsersRemoveMutation,
  useUsersSetActiveMutation,
  useUsersResetPasswordMutation,
  useUsersRightsQuery,
  useUsersSetRightsMutation,
  useCustomersQuery,
  useCustomersCreateMutation,
  useCustomersUpdateMutation,
  useCustomersRemoveMutation,
  useCustomersSeverityQuery,
  useOrganizationsListQuery,
  useOrganizationsCreateMutation,
  useOrganizationsUpdateMutation,
  useOrganizationsRemoveMutation,
  usePermittedParksQuery,
  useCustomerDataConfigsQuery,
  useChangeOwnPasswordMutation,
} = userCenterApi;
