import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { baseQuery } from '@/core/api/api';
import type { ApiError, RequestArgs } from '@/core/api/baseQuery';
import { withFlags } from '@/core/api/requestFlags';
import {
  assetApi as generated,
  type ComponentTypePage,
  type ComponentTypeView,
  type PlantView,
  type SaveComponentTypeDto,
} from '@/core/api/generated/asset';
import type { CustomerView } from '@/core/api/generated/identity';
import { MAX_PAGE_SIZE, type PageResult } from '@/shared/contracts';

export type * from '@/core/api/generated/asset';

/*
 * The asset service's calls (docs/asset.md): the endpoints and types generated from the
 * service's OpenAPI document (`npm run openapi`), enhanced with what the document cannot know.
 * Dates travel as ISO texts, capacities in MW, lengths in m.
 */

/** Largest page the services hand out. */
export const SERVER_MAX_PAGE_SIZE = MAX_PAGE_SIZE;

// ------------------------------------------------------------------ shapes

/** The list columns the console sorts by (the service refuses others). */
export type ParkSortField = 'windFarmName' | 'createdAt' | 'capacity' | 'province';
export type TurbineSortField = 'turbineName' | 'createdAt' | 'serialNumber';

export interface PageArgs<F extends string> {
  pageIndex: number;
  pageSize: number;
  fieldToSort?: F;
  descending?: boolean;
}

export type ComponentKind = ComponentTypeView['kind'];
export const COMPONENT_KINDS: readonly ComponentKind[] = ['generator', 'blade', 'nacelle', 'tower', 'foundation'];

/** A customer of the park form's picker (identity's customer list). */
export type CustomerOption = Pick<CustomerView, 'customerId' | 'customerName'>;

// ------------------------------------------------------------------ paths

export const assetPaths = {
  plants: '/context/api/v1/plants',
  lastInspection: (id: string) => `/context/api/v1/plants/${encodeURIComponent(id)}/last-inspection-info`,
  types: (id: string, kind: ComponentKind) => `/context/api/v1/plants/${encodeURIComponent(id)}/${kind}-types`,
  /** The generator item path is capitalised (SPEC §7, docs/asset.md decision 3). */
  type: (id: string, kind: ComponentKind, typeId: string) =>
    `/context/api/v1/plants/${encodeURIComponent(id)}/${kind === 'generator' ? 'Generator' : kind}-types/${encodeURIComponent(typeId)}`,
  customers: '/context/api/v2/Customers',
} as const;

/**
 * The arguments of a paged, server-sorted list endpoint: the sort direction only with a sort
 * field, filters trimmed and empty ones left out.
 */
export function pageParams<A extends PageArgs<string>>(args: A, filters: readonly (keyof A & string)[] = []): A {
  const params: Record<string, unknown> = { pageIndex: args.pageIndex, pageSize: args.pageSize };
  if (args.fieldToSort) {
    params.fieldToSort = args.fieldToSort;
    params.descending = args.descending === true;
  }
  for (const f of filters) {
    const v: unknown = args[f];
    if (typeof v === 'string' && v.trim() !== '') params[f] = v.trim();
    else if (typeof v === 'number' || typeof v === 'boolean') params[f] = v;
  }
  return params as A;
}

/** Every page of a paged list, one request per page of SERVER_MAX_PAGE_SIZE. */
export async function fetchAllPages<T>(
  run: (args: RequestArgs) => ReturnType<typeof baseQuery>,
  url: string,
  extra: NonNullable<RequestArgs['params']> = {},
  maxPages = 20,
): Promise<{ data: T[] } | { error: ApiError }> {
  const all: T[] = [];
  for (let pageIndex = 1; pageIndex <= maxPages; pageIndex += 1) {
    const r = await run({ url, params: { ...extra, pageIndex, pageSize: SERVER_MAX_PAGE_SIZE } });
    if (r.error) return { error: r.error };
    const page = r.data as Partial<PageResult<T>> | null;
    const results = Array.isArray(page?.results) ? page.results : [];
    all.push(...results);
    if (results.length === 0 || all.length >= Number(page?.totalCount ?? 0)) break;
  }
  return { data: all };
}

// ------------------------------------------------------------------ endpoints

/*
 * Writes are `silent`: each form shows the server's refusal next to itself. A turbine's
 * creation or deletion changes its park's count; a component type's change renames it on the
 * turbines that use it.
 */
const enhanced = generated
  .enhanceEndpoints({
    // The customers tag is identity's: its customer writes refresh the park form's picker.
    addTagTypes: ['customers'],
    endpoints: {
      plantsCreate: { invalidatesTags: ['plants', 'park lists'] },
      plantsUpdate: { invalidatesTags: ['plants', 'park lists'] },
      plantsSetActive: { invalidatesTags: ['plants', 'park lists'] },
      // Project and configuration lists follow other contexts' events, not this console's writes.
      plantsProjects: { providesTags: [] },
      parkListsInspectionDataConfigs: { providesTags: [] },
      turbinesCreate: { invalidatesTags: ['turbines', 'plants'] },
      turbinesUpdate: { invalidatesTags: ['turbines'] },
      turbinesRemove: { invalidatesTags: ['turbines', 'plants'] },
    },
  })
  .enhanceEndpoints({
    endpoints: {
      plantsCreate: withFlags(),
      plantsUpdate: withFlags(),
      plantsSetActive: withFlags(),
      /** 404 LAST_INSPECTION_TIME_NOT_EXIST when the park has none: shown as text, not as a failure. */
      plantsLastInspection: withFlags(),
      turbinesCreate: withFlags(),
      turbinesUpdate: withFlags(),
      turbinesRemove: withFlags(),
    },
  });

/*
 * Hand-written on purpose:
 * - allParks and assetCustomers page through a whole list (several requests, one result);
 * - component types: one handler serves five per-kind paths, so the document has five
 *   operations per verb while the screens pick the kind at run time. Typed with the
 *   generated types.
 */
export const assetApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    /** Every park the user may see (global map), paging through the server's pages. */
    allParks: build.query<PlantView[], void>({
      queryFn: (_arg, queryApi: BaseQueryApi, extraOptions) =>
        fetchAllPages<PlantView>((a) => baseQuery(a, queryApi, extraOptions as object), assetPaths.plants, {
          fieldToSort: 'windFarmName',
          descending: false,
        }),
      providesTags: ['plants'],
    }),
    componentTypes: build.query<ComponentTypePage, { parkId: string; kind: ComponentKind }>({
      query: ({ parkId, kind }) => ({
        url: assetPaths.types(parkId, kind),
        params: { pageIndex: 1, pageSize: SERVER_MAX_PAGE_SIZE, fieldToSort: 'name', descending: false },
      }),
      providesTags: ['component types'],
    }),
    saveComponentType: build.mutation<
      ComponentTypeView,
      { parkId: string; kind: ComponentKind; typeId: string; body: SaveComponentTypeDto }
    >({
      query: ({ parkId, kind, typeId, body }) => ({ url: assetPaths.type(parkId, kind, typeId), method: 'PUT', body, silent: true }),
      invalidatesTags: ['component types', 'turbines'],
    }),
    deleteComponentType: build.mutation<void, { parkId: string; kind: ComponentKind; typeId: string }>({
      query: ({ parkId, kind, typeId }) => ({ url: assetPaths.type(parkId, kind, typeId), method: 'DELETE', silent: true }),
      invalidatesTags: ['component types'],
    }),
    // Named apart from identity's `customersList` (paged, with arguments): endpoints of one api share one namespace.
    assetCustomers: build.query<CustomerOption[], void>({
      queryFn: (_arg, queryApi: BaseQueryApi, extraOptions) =>
        fetchAllPages<CustomerView>((a) => baseQuery(a, queryApi, extraOptions as object), assetPaths.customers, {
          fieldToSort: 'customerName',
          descending: false,
        }),
      providesTags: ['customers'],
    }),
  }),
});

export const {
  useAllParksQuery,
  usePlantsListQuery,
  usePlantsGetQuery,
  usePlantsCreateMutation,
  usePlantsUpdateMutation,
  usePlantsSetActiveMutation,
  usePlantsLastInspectionQuery,
  usePlantsProjectsQuery,
  useParkListsAllPermittedProjectFarmsQuery,
  useParkListsInspectionDataConfigsQuery,
  useTurbinesListQuery,
  useTurbinesAllQuery,
  useTurbinesCreateMutation,
  useTurbinesUpdateMutation,
  useTurbinesRemoveMutation,
  useComponentTypesQuery,
  useSaveComponentTypeMutation,
  useDeleteComponentTypeMutation,
  useAssetCustomersQuery,
} = assetApi;
