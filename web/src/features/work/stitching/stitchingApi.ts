import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { api, baseQuery } from '@/core/api/api';
import type { ApiError, RequestArgs } from '@/core/api/baseQuery';
import {
  inspectionApi as generated,
  type PanoramaDefectView,
  type PanoramaDetailView,
  type PanoramaOffsetsDto,
  type PanoramaView,
  type PlacementView,
} from '@/core/api/generated/inspection';
import { withFlags } from '@/core/api/requestFlags';
// The inspection feature's readings of the generated defect and image views (polygons as `[x, y]` pairs).
import { INSPECTION_API, INSPECTION_MAX_PAGE_SIZE, type Defect, type InspectionImage } from '@/shared/inspection';

/*
 * Panoramas of blade paths (docs/inspection.md "Stitching"): stitch a path as a job, poll its
 * progress, read placements and projected defects, nudge photos with manual offsets — the
 * endpoints generated from inspection's OpenAPI document (npm run openapi). Also the whole-blade
 * reads of the blade path view (every image / defect of one blade, page by page).
 */

export type PanoramaStatus = PanoramaView['status'];
export type Offsets = PanoramaOffsetsDto['offsets'];
export type Offset = Offsets[string];

export type PanoramaSummary = PanoramaView;

export type Placement = PlacementView;

/** OpenAPI 3.0 has no tuples: the document says `number[][]`, each pair is `[x, y]`. */
export type PanoramaDefect = Omit<PanoramaDefectView, 'polygon'> & { polygon: [number, number][] };

export type Panorama = Omit<PanoramaDetailView, 'defects'> & { defects: PanoramaDefect[] };

/** The detail as the document describes it, with the polygons read as the `[x, y]` pairs they are. */
export const asPanorama = (p: PanoramaDetailView): Panorama => p as Panorama;

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
    const page = r.data as { results: T[]; totalCount: number };
    out.push(...page.results);
    if (page.results.length < INSPECTION_MAX_PAGE_SIZE || out.length >= page.totalCount) break;
  }
  return { data: out };
}

const run = (bqApi: BaseQueryApi, extra: unknown) => (args: RequestArgs) =>
  Promise.resolve(baseQuery(args, bqApi, extra as object)) as Promise<{ data?: unknown; error?: unknown }>;

/** The generated panorama endpoints with this tool's tags; all `silent` (the tool shows failures itself). */
export const stitchingApi = generated
  .enhanceEndpoints({
    addTagTypes: ['Panorama'],
    endpoints: {
      stitchingList: { providesTags: ['Panorama'] },
      stitchingGet: { providesTags: (_r, _e, { panoramaId }) => [{ type: 'Panorama', id: panoramaId }] },
      stitchingRequest: { invalidatesTags: ['Panorama'] },
      stitchingSetOffsets: { invalidatesTags: ['Panorama'] },
    },
  })
  .enhanceEndpoints({
    endpoints: {
      stitchingList: withFlags(),
      stitchingGet: withFlags(),
      stitchingRequest: withFlags(),
      stitchingSetOffsets: withFlags(),
    },
  });

export const { useStitchingListQuery, useStitchingGetQuery, useStitchingRequestMutation, useStitchingSetOffsetsMutation } = stitchingApi;

/**
 * The whole-blade reads: every page of the generated list endpoints (`imagesList`, `defectsList`)
 * in one cache entry, which one generated call (one page) cannot be.
 */
const bladeReads = api.enhanceEndpoints({ addTagTypes: ['images', 'defects'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Every image of an inspection (optionally one blade), gallery order. */
    stitchImages: build.query<InspectionImage[], { inspectionId: string; bladePosition?: number; isActive?: boolean }>({
      queryFn: ({ inspectionId, bladePosition, isActive }, bqApi, extra) =>
        readAllPages<InspectionImage>(
          `${INSPECTION_API}/inspections/${encodeURIComponent(inspectionId)}/images`,
          { bladePosition, isActive },
          run(bqApi, extra),
        ),
      providesTags: ['images'],
    }),
    /** Every defect of one blade of an inspection. */
    stitchBladeDefects: build.query<Defect[], { inspectionId: string; bladePosition: number }>({
      queryFn: ({ inspectionId, bladePosition }, bqApi, extra) =>
        readAllPages<Defect>(
          `${INSPECTION_API}/defects`,
          { inspectionId, bladePosition, fieldToSort: 'distanceToRoot' },
          run(bqApi, extra),
        ),
      providesTags: ['defects'],
    }),
  }),
});

export const { useStitchImagesQuery, useStitchBladeDefectsQuery } = bladeReads;
