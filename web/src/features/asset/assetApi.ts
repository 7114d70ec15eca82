import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { api, baseQuery } from '@/core/api/api';
import type { ApiError, RequestArgs } from '@/core/api/baseQuery';
import { MAX_PAGE_SIZE, type PageResult } from '@/shared/contracts';
import type { TurbineView } from '@/core/api/generated/asset';

/*
 * The asset service's calls (docs/asset.md). Shapes are those documented there; dates travel
 * as ISO texts, capacities in MW, lengths in m.
 */

/** Largest page the services hand out. */
export const SERVER_MAX_PAGE_SIZE = MAX_PAGE_SIZE;

// ------------------------------------------------------------------ shapes

/** GET /context/api/v1/plants entry (docs/asset.md "Park"). */
export interface Park {
  windFarmId: string;
  windFarmName: string;
  customerId: string;
  customerName: string | null;
  latitude: number | null;
  longitude: number | null;
  province: string | null;
  city: string | null;
  region: string | null;
  /** MW */
  capacity: number | null;
  turbineCount: number;
  lastInspectionTime: string | null;
  active: boolean;
}

/** Body of POST /plants and PUT /plants/{id}. */
export interface SaveParkBody {
  windFarmName: string;
  customerId: string;
  latitude?: number | null;
  longitude?: number | null;
  province?: string | null;
  city?: string | null;
  region?: string | null;
  capacity?: number | null;
}

export type ParkSortField = 'windFarmName' | 'createdAt' | 'capacity' | 'province';
export type TurbineSortField = 'turbineName' | 'createdAt' | 'serialNumber';

export interface PageArgs<F extends string> {
  pageIndex: number;
  pageSize: number;
  fieldToSort?: F;
  descending?: boolean;
}

export interface ParkListArgs extends PageArgs<ParkSortField> {
  windFarmName?: string;
  active?: boolean;
}

/** GET /gw/asset/api/v2/windPark/* park lists (docs/asset.md "Park list entry"). */
export interface ParkListEntry {
  id: string;
  windFarmId: string;
  windFarmName: string;
  customerId: string;
  projectId: string | null;
  projectName: string | null;
  lastInspectionTime: string | null;
  latitude: number | null;
  longitude: number | null;
  /** inspectedFarms only: "<park> (YYYY-MM-DD)". */
  inspectionLabel?: string;
}

/** GET /context/api/v1/plants/{id}/last-inspection-info */
export interface LastInspectionInfo {
  windFarmId: string;
  lastInspectionTime: string;
  inspectionId: string;
  turbineId: string;
  packageType: number;
}

/** GET /context/api/v2/plants/{id}/projects entry. */
export interface ParkProject {
  projectId: string;
  projectName: string;
  projectStatusType: number | null;
  projectType: number | null;
  operation: boolean;
  campaignTypes: number[] | null;
}

export interface Device {
  id: number;
  bizId: string | null;
  serialNumber: string | null;
  displayName: string;
  guid: string;
}

export interface Blade {
  bladeId: string;
  position: number;
  name: string;
  serialNumber: string;
  /** m, from the blade type */
  length: number | null;
  width: number | null;
}

export interface AssetConfig {
  packageType: number;
  componentType: number;
  devices: Device[];
}

export interface TurbineInspection {
  inspectionId: string;
  inspectionGuid: string;
  packageType: number;
  componentType: number;
  isActive: boolean;
  inspectionDate: string;
}

/** Generated from the service's OpenAPI document (npm run openapi). */
export type Turbine = TurbineView;

/** Body of POST/PUT turbines. */
export interface SaveTurbineBody {
  turbineName: string;
  serialNumber?: string | null;
  turbineStatus?: number;
  turbineTypeGuid?: string | null;
  bladeTypeGuid?: string | null;
  nacelleTypeGuid?: string | null;
  towerTypeGuid?: string | null;
  foundationTypeGuid?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  blades: Array<{ name: string; serialNumber: string }>;
  devices?: Array<{ guid?: string; bizId?: string | null; serialNumber?: string | null; displayName: string }>;
  assetConfigs?: Array<{ packageType: number; componentType?: number; devices?: string[] }>;
}

export interface TurbineListArgs extends PageArgs<TurbineSortField> {
  parkId: string;
  turbineName?: string;
}

export type ComponentKind = 'generator' | 'blade' | 'nacelle' | 'tower' | 'foundation';
export const COMPONENT_KINDS: readonly ComponentKind[] = ['generator', 'blade', 'nacelle', 'tower', 'foundation'];

/** docs/asset.md "Component type". */
export interface ComponentTypeItem {
  typeId: string;
  kind: ComponentKind;
  windFarmId: string;
  name: string;
  manufacturer: string | null;
  model: string | null;
  /** blade */
  bladeManufacturer?: string | null;
  length?: number | null;
  width?: number | null;
  /** tower, m */
  height?: number | null;
  /** generator, kW */
  ratedPower?: number | null;
  updatedAt: string;
}

export interface SaveComponentTypeBody {
  name: string;
  manufacturer?: string | null;
  model?: string | null;
  bladeManufacturer?: string | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  ratedPower?: number | null;
}

/** GET /context/api/v2/Customers entry (the fields the asset screens use). */
export interface CustomerOption {
  customerId: string;
  customerName: string;
}

/** GET /gw/asset/api/v2/inspectionDataConfig/all */
export interface InspectionDataConfig {
  id: string;
  name: string;
  componentType: number;
}

// ------------------------------------------------------------------ paths

export const assetPaths = {
  plants: '/context/api/v1/plants',
  plant: (id: string) => `/context/api/v1/plants/${encodeURIComponent(id)}`,
  plantActive: (id: string) => `/context/api/v1/plants/${encodeURIComponent(id)}/active`,
  lastInspection: (id: string) => `/context/api/v1/plants/${encodeURIComponent(id)}/last-inspection-info`,
  turbines: (id: string) => `/context/api/v1/plants/${encodeURIComponent(id)}/turbines`,
  turbine: (id: string, turbineId: string) =>
    `/context/api/v1/plants/${encodeURIComponent(id)}/turbines/${encodeURIComponent(turbineId)}`,
  allTurbines: (id: string) => `/context/api/v2/plants/${encodeURIComponent(id)}/all-turbines`,
  projects: (id: string) => `/context/api/v2/plants/${encodeURIComponent(id)}/projects`,
  types: (id: string, kind: ComponentKind) => `/context/api/v1/plants/${encodeURIComponent(id)}/${kind}-types`,
  /** The generator item path is capitalised (SPEC §7, docs/asset.md decision 3). */
  type: (id: string, kind: ComponentKind, typeId: string) =>
    `/context/api/v1/plants/${encodeURIComponent(id)}/${kind === 'generator' ? 'Generator' : kind}-types/${encodeURIComponent(typeId)}`,
  allPermittedProjectFarms: '/gw/asset/api/v2/windPark/allPermittedProjectFarms',
  inspectionDataConfigs: '/gw/asset/api/v2/inspectionDataConfig/all',
  customers: '/context/api/v2/Customers',
} as const;

/** Query parameters of a paged, server-sorted list; empty filters are left out. */
export function pageParams<F extends string>(
  args: PageArgs<F> & Record<string, unknown>,
  filters: readonly string[] = [],
): NonNullable<RequestArgs['params']> {
  const params: NonNullable<RequestArgs['params']> = { pageIndex: args.pageIndex, pageSize: args.pageSize };
  if (args.fieldToSort) {
    params.fieldToSort = args.fieldToSort;
    params.descending = args.descending === true;
  }
  for (const f of filters) {
    const v = args[f];
    if (typeof v === 'string' && v.trim() !== '') params[f] = v.trim();
    else if (typeof v === 'number' || typeof v === 'boolean') params[f] = v;
  }
  return params;
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

const withTags = api.enhanceEndpoints({ addTagTypes: ['Park', 'ParkList', 'Turbine', 'ComponentType', 'Customer'] });

export const assetApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** Every park the user may see (global map), paging through the server's pages. */
    allParks: build.query<Park[], void>({
      queryFn: (_arg, queryApi: BaseQueryApi, extraOptions) =>
        fetchAllPages<Park>((a) => baseQuery(a, queryApi, extraOptions as object), assetPaths.plants, {
          fieldToSort: 'windFarmName',
          descending: false,
        }),
      providesTags: ['Park'],
    }),
    parks: build.query<PageResult<Park>, ParkListArgs>({
      query: (args) => ({ url: assetPaths.plants, params: pageParams(args as ParkListArgs & Record<string, unknown>, ['windFarmName', 'active']) }),
      providesTags: ['Park'],
    }),
    park: build.query<Park, string>({
      query: (id) => ({ url: assetPaths.plant(id) }),
      providesTags: ['Park'],
    }),
    createPark: build.mutation<Park, SaveParkBody>({
      query: (body) => ({ url: assetPaths.plants, method: 'POST', body, silent: true }),
      invalidatesTags: ['Park', 'ParkList'],
    }),
    updatePark: build.mutation<Park, { id: string; body: SaveParkBody }>({
      query: ({ id, body }) => ({ url: assetPaths.plant(id), method: 'PUT', body, silent: true }),
      invalidatesTags: ['Park', 'ParkList'],
    }),
    setParkActive: build.mutation<Park, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: assetPaths.plantActive(id), method: 'PUT', body: { active }, silent: true }),
      invalidatesTags: ['Park', 'ParkList'],
    }),
    /** 404 LAST_INSPECTION_TIME_NOT_EXIST when the park has none: shown as text, not as a failure. */
    lastInspection: build.query<LastInspectionInfo, string>({
      query: (id) => ({ url: assetPaths.lastInspection(id), silent: true }),
      providesTags: ['Park'],
    }),
    parkProjects: build.query<PageResult<ParkProject>, string>({
      query: (id) => ({ url: assetPaths.projects(id), params: { pageIndex: 1, pageSize: 100 } }),
    }),
    allPermittedProjectFarms: build.query<ParkListEntry[], void>({
      query: () => ({ url: assetPaths.allPermittedProjectFarms }),
      providesTags: ['ParkList'],
    }),
    inspectionDataConfigs: build.query<InspectionDataConfig[], void>({
      query: () => ({ url: assetPaths.inspectionDataConfigs }),
    }),
    turbines: build.query<PageResult<Turbine>, TurbineListArgs>({
      query: ({ parkId, ...args }) => ({
        url: assetPaths.turbines(parkId),
        params: pageParams(args as PageArgs<TurbineSortField> & Record<string, unknown>, ['turbineName']),
      }),
      providesTags: ['Turbine'],
    }),
    allTurbines: build.query<Turbine[], string>({
      query: (parkId) => ({ url: assetPaths.allTurbines(parkId) }),
      providesTags: ['Turbine'],
    }),
    createTurbine: build.mutation<Turbine, { parkId: string; body: SaveTurbineBody }>({
      query: ({ parkId, body }) => ({ url: assetPaths.turbines(parkId), method: 'POST', body, silent: true }),
      invalidatesTags: ['Turbine', 'Park'],
    }),
    updateTurbine: build.mutation<Turbine, { parkId: string; turbineId: string; body: SaveTurbineBody }>({
      query: ({ parkId, turbineId, body }) => ({ url: assetPaths.turbine(parkId, turbineId), method: 'PUT', body, silent: true }),
      invalidatesTags: ['Turbine'],
    }),
    deleteTurbine: build.mutation<void, { parkId: string; turbineId: string }>({
      query: ({ parkId, turbineId }) => ({ url: assetPaths.turbine(parkId, turbineId), method: 'DELETE', silent: true }),
      invalidatesTags: ['Turbine', 'Park'],
    }),
    componentTypes: build.query<PageResult<ComponentTypeItem>, { parkId: string; kind: ComponentKind }>({
      query: ({ parkId, kind }) => ({
        url: assetPaths.types(parkId, kind),
        params: { pageIndex: 1, pageSize: SERVER_MAX_PAGE_SIZE, fieldToSort: 'name', descending: false },
      }),
      providesTags: ['ComponentType'],
    }),
    saveComponentType: build.mutation<ComponentTypeItem, { parkId: string; kind: ComponentKind; typeId: string; body: SaveComponentTypeBody }>({
      query: ({ parkId, kind, typeId, body }) => ({ url: assetPaths.type(parkId, kind, typeId), method: 'PUT', body, silent: true }),
      invalidatesTags: ['ComponentType', 'Turbine'],
    }),
    deleteComponentType: build.mutation<void, { parkId: string; kind: ComponentKind; typeId: string }>({
      query: ({ parkId, kind, typeId }) => ({ url: assetPaths.type(parkId, kind, typeId), method: 'DELETE', silent: true }),
      invalidatesTags: ['ComponentType'],
    }),
    // Named apart from user-center's `customers` (paged, with arguments): endpoints of one api share one namespace.
    assetCustomers: build.query<CustomerOption[], void>({
      queryFn: (_arg, queryApi: BaseQueryApi, extraOptions) =>
        fetchAllPages<CustomerOption>((a) => baseQuery(a, queryApi, extraOptions as object), assetPaths.customers, {
          fieldToSort: 'customerName',
          descending: false,
        }),
      providesTags: ['Customer'],
    }),
  }),
});

export const {
  useAllParksQuery,
  useParksQuery,
  useParkQuery,
  useCreateParkMutation,
  useUpdateParkMutation,
  useSetParkActiveMutation,
  useLastInspectionQuery,
  useParkProjectsQuery,
  useAllPermittedProjectFarmsQuery,
  useTurbinesQuery,
  useAllTurbinesQuery,
  useCreateTurbineMutation,
  useUpdateTurbineMutation,
  useDeleteTurbineMutation,
  useComponentTypesQuery,
  useSaveComponentTypeMutation,
  useDeleteComponentTypeMutation,
  useAssetCustomersQuery,
} = assetApi;
