import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { api, baseQuery } from '@/core/api/api';
import type { ApiError, RequestArgs } from '@/core/api/baseQuery';
import { INSPECTION_API, INSPECTION_MAX_PAGE_SIZE, type Defect, type InspectionImage } from '@/features/inspection';
import type { PageResult } from '@/shared/contracts';
// The panorama shapes are generated from inspection's OpenAPI document (npm run openapi).
import type { PanoramaDefectView, PanoramaDetailView, PanoramaView, PlacementView } from '@/core/api/generated/inspection';

/*
 * Panoramas of blade paths (docs/inspection.md "Stitching"): stitch a path as a job, poll its
 * progress, read placements and projected defects, nudge photos with manual offsets. Also the
 * whole-blade reads of the blade path view (every image / defect of one blade, page by page).
 */

export type PanoramaStatus = 'queued' | 'running' | 'done' | 'failed';
export interface Offset {
  dx: number;
  dy: number;
}
export type Offsets = Record<string, Offset>;

export type PanoramaSummary = PanoramaView;

export type Placement = PlacementView;

/** OpenAPI 3.0 has no tuples: the document says `number[][]`, each pair is `[x, y]`. */
export type PanoramaDefect = Omit<PanoramaDefectView, 'polygon'> & { polygon: [number, number][] };

export type Panorama = Omit<PanoramaDetailView, 'defects'> & { defects: PanoramaDefect[] };

export interface StitchAccepted {
  panoramaId: string;
  jobId: string;
  status: PanoramaStatus;
  version: number;
}

export interface StitchRequest {
  inspectionId: string;
  bladePosition: number;
  pathViewIndex: number;
  chamber: number;
  pixelSizeMm?: number;
}

export const stitchingPaths = {
  list: (inspectionId: string) => `${INSPECTION_API}/inspections/${encodeURIComponent(inspectionId)}/panoramas`,
  one: (id: string) => `${INSPECTION_API}/panoramas/${encodeURIComponent(id)}`,
  offsets: (id: string) => `${INSPECTION_API}/panoramas/${encodeURIComponent(id)}/offsets`,
} as const;

/** Most pages read for one blade (500 each): far above a blade's photos and defects. */
const MAX_PAGES = 40;

/** Every row of a paged list, a page of 500 at a time. */
export async function readAllPages<T>(
  url: string,
  params: RequestArgs['params'],
  query: (args: RequestArgs) => Promise<{ data?: unknown; error?: unknown }>,
): Promise<{ data: T[] } | { error: ApiError }> {
  const out: T[] = [];
  for (let pageIndex = 1; pageIndex <= MAX_PAGES; pageIndex++) {
    const r = await query({ url, params: { ...params, pageIndex, pageSize: INSPECTION_MAX_PAGE_SIZE }, silent: true });
    if (r.error) return { error: r.error as ApiError };
    const page = r.data as PageResult<T>;
    out.push(...page.results);
    if (page.results.length < INSPECTION_MAX_PAGE_SIZE || out.length >= page.totalCount) break;
  }
  return { data: out };
}

const run = (bqApi: BaseQueryApi, extra: unknown) => (args: RequestArgs) =>
  Promise.resolve(baseQuery(args, bqApi, extra as object)) as Promise<{ data?: unknown; error?: unknown }>;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Panorama', 'InspectionImage', 'Defect'] });

export const stitchingApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    stitchPanoramas: build.query<PageResult<PanoramaSummary>, { inspectionId: string; bladePosition?: number }>({
      query: ({ inspectionId, bladePosition }) => ({ url: stitchingPaths.list(inspectionId), params: { bladePosition }, silent: true }),
      providesTags: ['Panorama'],
    }),
    stitchPanorama: build.query<Panorama, string>({
      query: (id) => ({ url: stitchingPaths.one(id), silent: true }),
      providesTags: (_r, _e, id) => [{ type: 'Panorama', id }],
    }),
    stitchPath: build.mutation<StitchAccepted, StitchRequest>({
      query: ({ inspectionId, ...body }) => ({ url: stitchingPaths.list(inspectionId), method: 'POST', body, silent: true }),
      invalidatesTags: ['Panorama'],
    }),
    stitchOffsets: build.mutation<StitchAccepted, { panoramaId: string; offsets: Offsets }>({
      query: ({ panoramaId, offsets }) => ({ url: stitchingPaths.offsets(panoramaId), method: 'PUT', body: { offsets }, silent: true }),
      invalidatesTags: ['Panorama'],
    }),
    /** Every image of an inspection (optionally one blade), gallery order. */
    stitchImages: build.query<InspectionImage[], { inspectionId: string; bladePosition?: number; isActive?: boolean }>({
      queryFn: ({ inspectionId, bladePosition, isActive }, bqApi, extra) =>
        readAllPages<InspectionImage>(
          `${INSPECTION_API}/inspections/${encodeURIComponent(inspectionId)}/images`,
          { bladePosition, isActive },
          run(bqApi, extra),
        ),
      providesTags: ['InspectionImage'],
    }),
    /** Every defect of one blade of an inspection. */
    stitchBladeDefects: build.query<Defect[], { inspectionId: string; bladePosition: number }>({
      queryFn: ({ inspectionId, bladePosition }, bqApi, extra) =>
        readAllPages<Defect>(
          `${INSPECTION_API}/defects`,
          { inspectionId, bladePosition, fieldToSort: 'distanceToRoot' },
          run(bqApi, extra),
        ),
      providesTags: ['Defect'],
    }),
  }),
});

export const {
  useStitchPanoramasQuery,
  useStitchPanoramaQuery,
  useStitchPathMutation,
  useStitchOffsetsMutation,
  useStitchImagesQuery,
  useStitchBladeDefectsQuery,
} = stitchingApi;
