import { useMemo } from 'react';
import { MAX_PAGE_SIZE, organizationListParams, useCustomersQuery, useOrganizationsListQuery, usePermittedParksQuery } from './userCenterApi';

/** Organizations to pick from (one page of the largest size; empty when the caller may not list them). */
export function useOrganizationOptions(skip = false) {
  const q = useOrganizationsListQuery(organizationListParams({ pageIndex: 1, pageSize: MAX_PAGE_SIZE, fieldToSort: 'organizationName' }), { skip });
  const options = useMemo(
    () => (q.data?.results ?? []).map((o) => ({ value: o.organizationGuid, label: o.organizationName })),
    [q.data],
  );
  return { options, loading: q.isFetching };
}

/** Customers to pick from (the caller's own customers unless an administrator). */
export function useCustomerOptions(skip = false) {
  const q = useCustomersQuery({ pageIndex: 1, pageSize: MAX_PAGE_SIZE, fieldToSort: 'customerName' }, { skip });
  const options = useMemo(() => (q.data?.results ?? []).map((c) => ({ value: c.customerId, label: c.customerName })), [q.data]);
  return { options, loading: q.isFetching };
}

export function usePermittedParks(skip = false) {
  const q = usePermittedParksQuery(undefined, { skip });
  return { parks: q.data ?? [], loading: q.isFetching, error: q.error };
}
