import type { BaseQueryApi, DefinitionsFromApi, OverrideResultType, TagTypesFromApi } from '@reduxjs/toolkit/query';
import { baseQuery } from '@/core/api/api';
import type { ApiError, RequestArgs } from '@/core/api/baseQuery';
import {
  inspectionApi as generated,
  type DefectPage as GeneratedDefectPage,
  type DefectView,
  type DefectsListApiArg,
  type ImageView,
  type ImagesListApiArg,
  type InspectionView,
  type UpdateImageDto,
} from '@/core/api/generated/inspection';
import { withFlags } from '@/core/api/requestFlags';
import { MAX_PAGE_SIZE } from '@/shared/contracts';
import type { Point } from '@/shared/viewer/geometry';

export type * from '@/core/api/generated/inspection';
export type { Point };

/*
 * The inspection service's calls (docs/inspection.md): the endpoints and types generated from
 * the service's OpenAPI document (`npm run openapi`), enhanced with what the document cannot
 * know. Dates travel as ISO texts (inspection dates as YYYY-MM-DD), lengths in m, polygons in
 * full-image pixels.
 */

export const INSPECTION_API = '/gw/inspection/api/v2';
/** Largest page the services hand out. */
export const INSPECTION_MAX_PAGE_SIZE = MAX_PAGE_SIZE;

// ------------------------------------------------------------------ shapes

/** A defect as the screens read it: OpenAPI 3.0 has no tuples, the document's `number[][]` polygon is `[x, y]` pairs. */
export type Defect = Omit<DefectView, 'polygon'> & { polygon: Point[] };
export type DefectPage = Omit<GeneratedDefectPage, 'results'> & { results: Defect[] };
export type Inspection = InspectionView;
export type InspectionImage = ImageView;
export type TileStatus = ImageView['tileStatus'];
export type TemplateKind = 'types' | 'severities' | 'recommendations';
export type ViewOrder = NonNullable<ImagesListApiArg['viewOrder']>;
export type DefectSortField = 'dpsStatus' | 'severity' | 'createdAt' | 'defectNo' | 'distanceToRoot' | 'defectType';
/** Editable image fields (PATCH /images/{id}; the same names are the upload's form fields). */
export type ImageFields = UpdateImageDto;

/** Arguments of the defect list with the sort fields the screens use. */
export type DefectListArgs = Omit<DefectsListApiArg, 'fieldToSort'> & { fieldToSort?: DefectSortField };

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
      params: { inspectionId, pageIndex, pageSize: INSPECTION_MAX_PAGE_SIZE, fieldToSort: 'defectNo' },
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

type Generated = typeof generated;
type Definitions = DefinitionsFromApi<Generated>;
/** The defect reads answer polygons as `[x, y]` pairs (see `Defect`). */
type Readings = {
  defectsList: OverrideResultType<Definitions['defectsList'], DefectPage>;
  defectsGet: OverrideResultType<Definitions['defectsGet'], Defect>;
};

/**
 * Tags: the generated ones, except where one generated tag covers data this console refreshes
 * apart (defect links, tile processing, defect and LPS templates). The work tools' endpoints
 * (labeling, stitching) use the same 'inspections', 'images' and 'defects', so a labeling write
 * refreshes the inspection screens and the other way round.
 */
const TAGS = ['defect links', 'processing', 'defect templates', 'lps templates', 'turbines'] as const;
const INSPECTIONS = ['inspections'] as const;
const IMAGES = ['images'] as const;
const DEFECTS = ['defects'] as const;

const tagged = generated.enhanceEndpoints<TagTypesFromApi<Generated> | (typeof TAGS)[number], Readings>({
  addTagTypes: TAGS,
  endpoints: {
    inspectionsList: { providesTags: [...INSPECTIONS] },
    inspectionsGet: { providesTags: [...INSPECTIONS] },
    imagesList: { providesTags: [...IMAGES] },
    imagesGet: { providesTags: [...IMAGES] },
    defectsList: { providesTags: [...DEFECTS] },
    defectsGet: { providesTags: [...DEFECTS] },
    timelineLinks: { providesTags: ['defect links'] },
    imagesProcessing: { providesTags: ['processing'] },
    templatesAll: { providesTags: ['defect templates'] },
    templatesLps: { providesTags: ['lps templates'] },
    defectsDps: { invalidatesTags: [...DEFECTS, ...INSPECTIONS, 'timeline'] },
    // Asset's turbine read model learns of an inspection from its event: its lists are refetched too.
    inspectionsCreate: { invalidatesTags: [...INSPECTIONS, 'turbines'] },
    inspectionsUpdate: { invalidatesTags: [...INSPECTIONS, 'turbines'] },
    imagesUpdate: { invalidatesTags: [...IMAGES] },
    imagesRemove: { invalidatesTags: [...IMAGES, ...INSPECTIONS, 'processing'] },
    timelineLink: { invalidatesTags: ['timeline', ...DEFECTS, ...INSPECTIONS] },
    timelineUnlink: { invalidatesTags: ['timeline', ...DEFECTS, ...INSPECTIONS] },
    timelineStatus: { invalidatesTags: [...DEFECTS, 'timeline'] },
    defectsRemove: { invalidatesTags: [...DEFECTS, 'timeline', ...INSPECTIONS, 'defect links'] },
    timelineLinkDefects: { invalidatesTags: ['defect links'] },
    timelineUnlinkDefects: { invalidatesTags: ['defect links'] },
    templatesAdd: { invalidatesTags: ['defect templates'] },
    inspectionTemplatesRemove: { invalidatesTags: ['defect templates'] },
    templatesAddLps: { invalidatesTags: ['lps templates'] },
    templatesRemoveLps: { invalidatesTags: ['lps templates'] },
  },
});

/** Writes are `silent`: each form shows the server's refusal next to itself. */
const silentWrites = tagged.enhanceEndpoints({
  endpoints: {
    defectsDps: withFlags(),
    inspectionsCreate: withFlags(),
    inspectionsUpdate: withFlags(),
    imagesUpdate: withFlags(),
    imagesRemove: withFlags(),
    timelineLink: withFlags(),
    timelineUnlink: withFlags(),
    timelineStatus: withFlags(),
    defectsRemove: withFlags(),
    timelineLinkDefects: withFlags(),
    timelineUnlinkDefects: withFlags(),
    lpsAdd: withFlags(),
    lpsRemove: withFlags(),
    templatesAdd: withFlags(),
    inspectionTemplatesRemove: withFlags(),
    templatesAddLps: withFlags(),
    templatesRemoveLps: withFlags(),
  },
});

/**
 * Hand-written on purpose: /viewDefect finds a defect by inspection and number, which the
 * list cannot filter by, so it reads the list in number order a page at a time.
 */
export const inspectionApi = silentWrites.injectEndpoints({
  endpoints: (build) => ({
    defectByNumber: build.query<Defect, { inspectionId: string; defectNo: string }>({
      async queryFn({ inspectionId, defectNo }, bqApi: BaseQueryApi, extra) {
        return findDefectByNumber(
          inspectionId,
          defectNo,
          (args) => Promise.resolve(baseQuery(args, bqApi, extra as object)) as Promise<{ data?: unknown; error?: unknown }>,
        );
      },
      providesTags: [...DEFECTS],
    }),
  }),
});

export const {
  useInspectionsListQuery,
  useInspectionsGetQuery,
  useImagesListQuery,
  useImagesGetQuery,
  useDefectsListQuery,
  useDefectsGetQuery,
  useDefectByNumberQuery,
  useDefectsDpsMutation,
  useTimelineGetQuery,
  useTimelineLinksQuery,
  useLpsListQuery,
  useInspectionsCreateMutation,
  useInspectionsUpdateMutation,
  useImagesProcessingQuery,
  useImagesUpdateMutation,
  useImagesRemoveMutation,
  useTimelineLinkMutation,
  useTimelineUnlinkMutation,
  useTimelineStatusMutation,
  useDefectsRemoveMutation,
  useTimelineLinkDefectsMutation,
  useTimelineUnlinkDefectsMutation,
  useLpsAddMutation,
  useLpsRemoveMutation,
  useTemplatesAllQuery,
  useTemplatesAddMutation,
  useInspectionTemplatesRemoveMutation,
  useTemplatesLpsQuery,
  useTemplatesAddLpsMutation,
  useTemplatesRemoveLpsMutation,
} = inspectionApi;
