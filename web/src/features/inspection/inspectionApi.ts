import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { api, baseQuery } from '@/core/api/api';
import type { ApiError, RequestArgs } from '@/core/api/baseQuery';
import type { PageResult } from './contracts';
import { MAX_PAGE_SIZE } from '@/shared/contracts';

/*
 * The inspection service's calls (docs/inspection.md). Every path is under /gw/inspection/api/v2;
 * dates travel as ISO texts (inspection dates as YYYY-MM-DD), lengths in m, polygons in
 * full-image pixels.
 */

export const INSPECTION_API = '/gw/inspection/api/v2';
/** Largest page the services hand out. */
export const INSPECTION_MAX_PAGE_SIZE = MAX_PAGE_SIZE;

// ------------------------------------------------------------------ shapes

export interface InspectionBlade {
  position: number;
  serialNumber: string | null;
  length: number | null;
}

export interface Inspection {
  inspectionId: string;
  inspectionGuid: string;
  turbineId: string;
  turbineName: string;
  windFarmId: string;
  customerId: string;
  packageType: number;
  /** Part-2 component type (1 blade external, 5 blade internal, 2 tower, 3 foundation, 4 nacelle, 0 LPS). */
  componentType: number;
  /** YYYY-MM-DD */
  inspectionDate: string;
  isActive: boolean;
  pilot: string | null;
  deviceId: string | null;
  inspectionDataConfigId: string | null;
  previousInspectionId: string | null;
  defectCount: number;
  imageCount: number;
  tiledImageCount: number;
  dpsStatus: number | null;
  createdAt: string;
  /** Only on GET /inspections/{id}: snapshot of the turbine's blades. */
  blades?: InspectionBlade[];
}

export type TileStatus = 'pending' | 'done' | 'failed' | string;

export interface InspectionImage {
  guid: string;
  imageId: string;
  inspectionId: string;
  bladePosition: number | null;
  /** View index 1..8 (SPEC §3). */
  pathViewIndex: number | null;
  chamber: number | null;
  section: string | null;
  sortIndex: number | null;
  distanceToRoot: number | null;
  isActive: boolean;
  keyPartTag: string | null;
  fileName: string;
  format: string;
  width: number;
  height: number;
  sizeBytes: number;
  tileStatus: TileStatus;
  tileJobId: string | null;
  uri: string;
  thumbUri: string | null;
  dziUri: string | null;
}

import type { Point } from '@/shared/viewer/geometry';

export type { Point };

export interface Defect {
  defectId: string;
  /** Six digits, unique per inspection. */
  defectNo: string;
  inspectionId: string;
  imageId: string;
  windFarmId: string;
  turbineId: string;
  turbineName?: string;
  inspectionDate?: string;
  severity: number | null;
  defectType: string;
  layer: string | null;
  affectedPart: string | null;
  recommendation: string | null;
  sizeLength: number | null;
  sizeWidth: number | null;
  /** View index 1..8 of the blade side. */
  position: number | null;
  bladePosition: number | null;
  distanceToRoot: number | null;
  chordwiseStart: number | null;
  chordwiseEnd: number | null;
  repairPriority: number | null;
  polygon: Point[];
  selector?: { type: string; value: string };
  dpsStatus: number;
  timelineStatus: string;
  timelineManual: boolean;
  previousDefectId: string | null;
  createdAt: string;
  updatedAt?: string;
}

export interface DefectPage extends PageResult<Defect> {
  totalCountExact?: boolean;
}

export interface Timeline {
  inspectionId: string;
  previousInspectionId: string | null;
  toleranceM: number;
  defects: Defect[];
  repaired: Defect[];
}

export interface DefectLinks {
  state: 'LINKED' | 'UNLINKED' | 'BLADE_CHANGED';
  linked: Defect[];
}

export interface LpsMeasurement {
  id: string;
  inspectionId: string;
  bladePosition: number;
  receptorId: string;
  side: 'PS' | 'SS';
  /** The reading as text: a number or "OC". */
  reading: string;
  ohm: number | null;
  openCircuit: boolean;
  minOhm: number | null;
  maxOhm: number | null;
  ringCount: number | null;
  templateId: string | null;
  withinRange: boolean;
}

/** GET /inspections/{id}/processing: the tile jobs of an inspection's images. */
export interface ProcessingImage {
  imageId: string;
  tileStatus: TileStatus;
  tileError: string | null;
  jobId: string | null;
  /** pg-boss state (created, active, completed, retry, failed), null without a job. */
  state: string | null;
  percent: number;
}

export interface Processing {
  imageCount: number;
  done: number;
  failed: number;
  waiting: number;
  images: ProcessingImage[];
}

export interface CreateInspectionBody {
  turbineId: string;
  packageType: number;
  componentType?: number;
  /** YYYY-MM-DD */
  inspectionDate: string;
  isActive?: boolean;
  pilot?: string | null;
  deviceId?: string | null;
}

/** Editable image fields (PATCH /images/{id}; the same names are the upload's form fields). */
export interface ImageFields {
  bladePosition?: number | null;
  /** View index 1..8. */
  path?: number | null;
  chamber?: number;
  section?: string | null;
  sortIndex?: number;
  distanceToRoot?: number | string | null;
  isActive?: boolean;
  keyPartTag?: string | null;
}

export type TemplateKind = 'types' | 'severities' | 'recommendations';

export interface TemplateItem {
  id: string;
  customerId: string;
  kind: 'type' | 'severity' | 'recommendation';
  name: string;
  /** 0..5 for severities, else null. */
  level: number | null;
}

export interface DefectTemplates {
  types: TemplateItem[];
  severities: TemplateItem[];
  recommendations: TemplateItem[];
}

export interface LpsTemplate {
  id: string;
  customerId: string;
  name: string;
  minOhm: number | null;
  maxOhm: number | null;
}

export interface LpsBody {
  bladePosition: number;
  receptorId: string;
  side: 'PS' | 'SS';
  /** A number text or "OC". */
  reading: string;
  ringCount?: number;
  templateId?: string;
  minOhm?: string;
  maxOhm?: string;
}

export type DefectSortField = 'dpsStatus' | 'severity' | 'createdAt' | 'defectNo' | 'distanceToRoot' | 'defectType';

export interface DefectListArgs {
  inspectionId?: string;
  turbineId?: string;
  windFarmId?: string;
  pageIndex: number;
  pageSize: number;
  fieldToSort?: DefectSortField;
  descending?: boolean;
  severity?: number[];
  dpsStatus?: number[];
  bladePosition?: number[];
  defectType?: string[];
  timelineStatus?: string[];
  imageId?: string;
}

export type ViewOrder = 'LEADING_EDGE_FIRST' | 'TRAILING_EDGE_FIRST' | 'MIDDLE_FIRST';

export interface ImageListArgs {
  inspectionId: string;
  pageIndex?: number;
  pageSize?: number;
  viewOrder?: ViewOrder;
  bladePosition?: number;
  path?: number;
  chamber?: number;
  isActive?: boolean;
  descending?: boolean;
}

export interface InspectionListArgs {
  turbineId?: string;
  windFarmId?: string;
  pageIndex?: number;
  pageSize?: number;
  componentType?: number[];
}

/** Comma list (the service reads `a,b,c`), or nothing when empty. */
export const commaList = (v: ReadonlyArray<string | number> | undefined): string | undefined => (v && v.length ? v.join(',') : undefined);

export function defectListParams(a: DefectListArgs): RequestArgs['params'] {
  return {
    inspectionId: a.inspectionId,
    turbineId: a.turbineId,
    windFarmId: a.windFarmId,
    pageIndex: a.pageIndex,
    pageSize: a.pageSize,
    fieldToSort: a.fieldToSort,
    descending: a.descending,
    severity: commaList(a.severity),
    dpsStatus: commaList(a.dpsStatus),
    bladePosition: commaList(a.bladePosition),
    defectType: commaList(a.defectType),
    timelineStatus: commaList(a.timelineStatus),
    imageId: a.imageId,
  };
}

/**
 * /viewDefect by inspection and defect number: the list has no number filter, so the
 * inspection's defects are read in number order, a page at a time, until the number shows.
 */
export async function findDefectByNumber(
  inspectionId: string,
  defectNo: string,
  query: (args: RequestArgs) => Promise<{ data?: unknown; error?: unknown }>,
): Promise<{ data: Defect } | { error: ApiError }> {
  const wanted = defectNo.trim().padStart(6, '0');
  for (let pageIndex = 1; pageIndex <= 200; pageIndex++) {
    const r = await query({
      url: `${INSPECTION_API}/defects`,
      params: defectListParams({ inspectionId, pageIndex, pageSize: INSPECTION_MAX_PAGE_SIZE, fieldToSort: 'defectNo' }),
    });
    if (r.error) return { error: r.error as ApiError };
    const page = r.data as DefectPage;
    const hit = page.results.find((d) => d.defectNo === wanted);
    if (hit) return { data: hit };
    if (page.results.length < INSPECTION_MAX_PAGE_SIZE) break;
  }
  return { error: { status: 404, data: { code: 'NOT_FOUND', message: 'Not found' }, message: 'Not found' } };
}

// ------------------------------------------------------------------ endpoints

const withTags = api.enhanceEndpoints({
  addTagTypes: [
    'Inspection',
    'InspectionImage',
    'Defect',
    'Timeline',
    'DefectLinks',
    'Lps',
    'Processing',
    'DefectTemplates',
    'LpsTemplates',
    'Turbine',
  ],
});

export const inspectionApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    inspections: build.query<PageResult<Inspection>, InspectionListArgs>({
      query: (a) => ({
        url: `${INSPECTION_API}/inspections`,
        params: {
          turbineId: a.turbineId,
          windFarmId: a.windFarmId,
          pageIndex: a.pageIndex ?? 1,
          pageSize: a.pageSize ?? 100,
          componentType: commaList(a.componentType),
        },
      }),
      providesTags: ['Inspection'],
    }),
    inspection: build.query<Inspection, string>({
      query: (id) => ({ url: `${INSPECTION_API}/inspections/${id}` }),
      providesTags: ['Inspection'],
    }),
    images: build.query<PageResult<InspectionImage>, ImageListArgs>({
      query: ({ inspectionId, ...q }) => ({
        url: `${INSPECTION_API}/inspections/${inspectionId}/images`,
        params: {
          pageIndex: q.pageIndex ?? 1,
          pageSize: q.pageSize ?? 100,
          viewOrder: q.viewOrder,
          bladePosition: q.bladePosition,
          path: q.path,
          chamber: q.chamber,
          isActive: q.isActive,
          descending: q.descending,
        },
      }),
      providesTags: ['InspectionImage'],
    }),
    image: build.query<InspectionImage, string>({
      query: (id) => ({ url: `${INSPECTION_API}/images/${id}` }),
      providesTags: ['InspectionImage'],
    }),
    defects: build.query<DefectPage, DefectListArgs>({
      query: (a) => ({ url: `${INSPECTION_API}/defects`, params: defectListParams(a) }),
      providesTags: ['Defect'],
    }),
    defect: build.query<Defect, string>({
      query: (id) => ({ url: `${INSPECTION_API}/defects/${id}` }),
      providesTags: ['Defect'],
    }),
    defectByNumber: build.query<Defect, { inspectionId: string; defectNo: string }>({
      async queryFn({ inspectionId, defectNo }, bqApi: BaseQueryApi, extra) {
        return findDefectByNumber(
          inspectionId,
          defectNo,
          (args) => Promise.resolve(baseQuery(args, bqApi, extra as object)) as Promise<{ data?: unknown; error?: unknown }>,
        );
      },
      providesTags: ['Defect'],
    }),
    setDpsStatus: build.mutation<Defect, { defectId: string; dpsStatus: number }>({
      query: ({ defectId, dpsStatus }) => ({
        url: `${INSPECTION_API}/defects/${defectId}/dps-status`,
        method: 'PUT',
        body: { dpsStatus },
        silent: true,
      }),
      invalidatesTags: ['Defect', 'Inspection', 'Timeline'],
    }),
    timeline: build.query<Timeline, string>({
      query: (inspectionId) => ({ url: `${INSPECTION_API}/inspections/${inspectionId}/timeline` }),
      providesTags: ['Timeline'],
    }),
    defectLinks: build.query<DefectLinks, string>({
      query: (defectId) => ({ url: `${INSPECTION_API}/defects/${defectId}/links` }),
      providesTags: ['DefectLinks'],
    }),
    lpsMeasurements: build.query<LpsMeasurement[], string>({
      query: (inspectionId) => ({ url: `${INSPECTION_API}/inspections/${inspectionId}/lps-measurements` }),
      transformResponse: (r: LpsMeasurement[] | { results: LpsMeasurement[] }) => (Array.isArray(r) ? r : (r?.results ?? [])),
      providesTags: ['Lps'],
    }),

    // -------------------------------------------------------------- engineer actions
    // Writes are `silent`: each form shows the server's refusal next to itself.
    createInspection: build.mutation<Inspection, CreateInspectionBody>({
      query: (body) => ({ url: `${INSPECTION_API}/inspections`, method: 'POST', body, silent: true }),
      // Asset's turbine read model learns of the inspection from its event: its lists are refetched too.
      invalidatesTags: ['Inspection', 'Turbine'],
    }),
    updateInspection: build.mutation<
      Inspection,
      { inspectionId: string; isActive?: boolean; pilot?: string | null; deviceId?: string | null }
    >({
      query: ({ inspectionId, ...body }) => ({ url: `${INSPECTION_API}/inspections/${inspectionId}`, method: 'PATCH', body, silent: true }),
      invalidatesTags: ['Inspection', 'Turbine'],
    }),
    processing: build.query<Processing, string>({
      query: (inspectionId) => ({ url: `${INSPECTION_API}/inspections/${inspectionId}/processing` }),
      providesTags: ['Processing'],
    }),
    updateImage: build.mutation<InspectionImage, { imageId: string } & ImageFields>({
      query: ({ imageId, ...body }) => ({ url: `${INSPECTION_API}/images/${imageId}`, method: 'PATCH', body, silent: true }),
      invalidatesTags: ['InspectionImage'],
    }),
    deleteImage: build.mutation<void, string>({
      query: (imageId) => ({ url: `${INSPECTION_API}/images/${imageId}`, method: 'DELETE', silent: true }),
      invalidatesTags: ['InspectionImage', 'Inspection', 'Processing'],
    }),
    linkTimeline: build.mutation<Timeline, { inspectionId: string; previousInspectionId: string }>({
      query: ({ inspectionId, previousInspectionId }) => ({
        url: `${INSPECTION_API}/inspections/${inspectionId}/timeline-link`,
        method: 'PUT',
        body: { previousInspectionId },
        silent: true,
      }),
      invalidatesTags: ['Timeline', 'Defect', 'Inspection'],
    }),
    unlinkTimeline: build.mutation<Timeline, string>({
      query: (inspectionId) => ({ url: `${INSPECTION_API}/inspections/${inspectionId}/timeline-link`, method: 'DELETE', silent: true }),
      invalidatesTags: ['Timeline', 'Defect', 'Inspection'],
    }),
    setTimelineStatus: build.mutation<Defect, { defectId: string; timelineStatus: string }>({
      query: ({ defectId, timelineStatus }) => ({
        url: `${INSPECTION_API}/defects/${defectId}/timeline-status`,
        method: 'PUT',
        body: { timelineStatus },
        silent: true,
      }),
      invalidatesTags: ['Defect', 'Timeline'],
    }),
    deleteDefect: build.mutation<void, string>({
      query: (defectId) => ({ url: `${INSPECTION_API}/defects/${defectId}`, method: 'DELETE', silent: true }),
      invalidatesTags: ['Defect', 'Timeline', 'Inspection', 'DefectLinks'],
    }),
    linkDefects: build.mutation<DefectLinks, { externalDefectId: string; internalDefectId: string }>({
      query: (body) => ({ url: `${INSPECTION_API}/defect-links`, method: 'POST', body, silent: true }),
      invalidatesTags: ['DefectLinks'],
    }),
    unlinkDefects: build.mutation<DefectLinks, { externalDefectId: string; internalDefectId: string }>({
      query: (params) => ({ url: `${INSPECTION_API}/defect-links`, method: 'DELETE', params: { ...params }, silent: true }),
      invalidatesTags: ['DefectLinks'],
    }),
    addLpsMeasurement: build.mutation<LpsMeasurement, { inspectionId: string; body: LpsBody }>({
      query: ({ inspectionId, body }) => ({
        url: `${INSPECTION_API}/inspections/${inspectionId}/lps-measurements`,
        method: 'POST',
        body,
        silent: true,
      }),
      invalidatesTags: ['Lps'],
    }),
    deleteLpsMeasurement: build.mutation<void, string>({
      query: (id) => ({ url: `${INSPECTION_API}/lps-measurements/${id}`, method: 'DELETE', silent: true }),
      invalidatesTags: ['Lps'],
    }),
    defectTemplates: build.query<DefectTemplates, string>({
      query: (customerId) => ({ url: `${INSPECTION_API}/customers/${customerId}/defect-templates` }),
      providesTags: ['DefectTemplates'],
    }),
    addDefectTemplate: build.mutation<TemplateItem, { customerId: string; kind: TemplateKind; name: string; level?: number }>({
      query: ({ customerId, kind, ...body }) => ({
        url: `${INSPECTION_API}/customers/${customerId}/defect-templates/${kind}`,
        method: 'POST',
        body,
        silent: true,
      }),
      invalidatesTags: ['DefectTemplates'],
    }),
    deleteDefectTemplate: build.mutation<void, { customerId: string; kind: TemplateKind; id: string }>({
      query: ({ customerId, kind, id }) => ({
        url: `${INSPECTION_API}/customers/${customerId}/defect-templates/${kind}/${id}`,
        method: 'DELETE',
        silent: true,
      }),
      invalidatesTags: ['DefectTemplates'],
    }),
    lpsTemplates: build.query<LpsTemplate[], string>({
      query: (customerId) => ({ url: `${INSPECTION_API}/customers/${customerId}/lps-templates` }),
      providesTags: ['LpsTemplates'],
    }),
    addLpsTemplate: build.mutation<LpsTemplate, { customerId: string; name: string; minOhm?: string; maxOhm?: string }>({
      query: ({ customerId, ...body }) => ({
        url: `${INSPECTION_API}/customers/${customerId}/lps-templates`,
        method: 'POST',
        body,
        silent: true,
      }),
      invalidatesTags: ['LpsTemplates'],
    }),
    deleteLpsTemplate: build.mutation<void, { customerId: string; id: string }>({
      query: ({ customerId, id }) => ({
        url: `${INSPECTION_API}/customers/${customerId}/lps-templates/${id}`,
        method: 'DELETE',
        silent: true,
      }),
      invalidatesTags: ['LpsTemplates'],
    }),
  }),
});

export const {
  useInspectionsQuery,
  useInspectionQuery,
  useImagesQuery,
  useImageQuery,
  useDefectsQuery,
  useDefectQuery,
  useDefectByNumberQuery,
  useSetDpsStatusMutation,
  useTimelineQuery,
  useDefectLinksQuery,
  useLpsMeasurementsQuery,
  useCreateInspectionMutation,
  useUpdateInspectionMutation,
  useProcessingQuery,
  useUpdateImageMutation,
  useDeleteImageMutation,
  useLinkTimelineMutation,
  useUnlinkTimelineMutation,
  useSetTimelineStatusMutation,
  useDeleteDefectMutation,
  useLinkDefectsMutation,
  useUnlinkDefectsMutation,
  useAddLpsMeasurementMutation,
  useDeleteLpsMeasurementMutation,
  useDefectTemplatesQuery,
  useAddDefectTemplateMutation,
  useDeleteDefectTemplateMutation,
  useLpsTemplatesQuery,
  useAddLpsTemplateMutation,
  useDeleteLpsTemplateMutation,
} = inspectionApi;
