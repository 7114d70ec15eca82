import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import type { ImagesListApiArg } from '@/core/api/generated/inspection';
import { inspectionApi } from './inspectionApi';

const { useInspectionsGetQuery, useImagesListQuery } = inspectionApi;

/** The subscription options the work tools pass (the hooks' own option type is generic in the selected result). */
export interface ReadOptions {
  skip?: boolean;
  pollingInterval?: number;
}

/**
 * The generated `inspectionsGet` by the inspection's id alone — the form the work tools call it
 * in (`useInspectionsGetQuery({ id })` is the same request and cache entry).
 */
export function useInspectionQuery(id: string | SkipToken, options?: ReadOptions) {
  return useInspectionsGetQuery(id === skipToken ? skipToken : { id }, options);
}

/** Arguments of an inspection's image list, the inspection named `inspectionId`. */
export type ImageListArgs = Omit<ImagesListApiArg, 'id'> & { inspectionId: string };

/** The generated list arguments: the inspection as `id`, the first page of 100 when not given. */
export function imageListArg({ inspectionId, ...q }: ImageListArgs): ImagesListApiArg {
  return { ...q, id: inspectionId, pageIndex: q.pageIndex ?? 1, pageSize: q.pageSize ?? 100 };
}

/** The generated `imagesList` with the inspection named `inspectionId` — the form the work tools call it in. */
export function useImagesQuery(args: ImageListArgs | SkipToken, options?: ReadOptions) {
  return useImagesListQuery(args === skipToken ? skipToken : imageListArg(args), options);
}
