/**
 * Photo upload of the Images tab: the client-side pre-check (the contracts' photo rule), the form
 * fields of each file, the progress of one file from its bytes to its deep-zoom tiles, and the
 * XMLHttpRequest transport (RTK Query's fetch has no upload progress).
 */
import { uploadPercent } from '@/shared/upload';
import { checkPhotoFile, type ValidationResult } from './contracts';
import type { ImageFields, ImageProcessingView } from './inspectionApi';

/** The extension and 20 MB rule before a byte is sent (the server checks again, and the content). */
export function precheckPhoto(file: { name: string; size: number }): ValidationResult {
  return checkPhotoFile({ name: file.name, size: file.size });
}

/**
 * Multipart fields of the `index`-th file of a batch: the batch's fields, with the sort index
 * counting up from the one given so the files keep their order in the strip. Empty fields are left out.
 */
export function uploadFields(fields: ImageFields, index: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(fields) as Array<[keyof ImageFields, unknown]>) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'sortIndex') out.push([key, String(Number(value) + index)]);
    else out.push([key, String(value)]);
  }
  return out;
}

/** Where one file of a batch is. */
export type UploadState = 'queued' | 'uploading' | 'uploaded' | 'refused';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  state: UploadState;
  /** Bytes sent so far and in all (the XHR's upload progress). */
  loaded: number;
  total: number;
  /** The image the server made of it. */
  imageId?: string;
  /** Why it was refused: the contracts' client rule, or the server's answer (translated when shown). */
  refusal?: { kind: 'client'; result: ValidationResult } | { kind: 'server'; status: number; body: unknown };
}

export type UploadStage = 'refused' | 'queued' | 'uploading' | 'tiling' | 'done' | 'failed';

export interface FileProgress {
  stage: UploadStage;
  /** 0..100 of the current stage. */
  percent: number;
  /** antd Progress status. */
  status: 'normal' | 'active' | 'success' | 'exception';
}


/**
 * The progress bar of one file: its upload (held below 100 until the server answered, since the
 * last byte sent is not yet an accepted image), then the tile job's percent from
 * `GET /inspections/{id}/processing`, done or failed by the image's tile status.
 */
export function fileProgress(
  item: Pick<UploadItem, 'state' | 'loaded' | 'total' | 'imageId'>,
  tiles?: Pick<ImageProcessingView, 'tileStatus' | 'percent'>,
): FileProgress {
  switch (item.state) {
    case 'refused':
      return { stage: 'refused', percent: uploadPercent(item.loaded, item.total), status: 'exception' };
    case 'queued':
      return { stage: 'queued', percent: 0, status: 'normal' };
    case 'uploading':
      return { stage: 'uploading', percent: Math.min(99, uploadPercent(item.loaded, item.total)), status: 'active' };
    case 'uploaded':
      if (tiles?.tileStatus === 'done') return { stage: 'done', percent: 100, status: 'success' };
      if (tiles?.tileStatus === 'failed')
        return { stage: 'failed', percent: Math.max(0, Math.min(100, tiles.percent)), status: 'exception' };
      return { stage: 'tiling', percent: Math.max(0, Math.min(99, tiles?.percent ?? 0)), status: 'active' };
  }
}

/** Keep polling the tile jobs while a file of the batch is uploaded and its tiles are neither done nor failed. */
export function tilesPending(
  items: ReadonlyArray<Pick<UploadItem, 'state' | 'imageId'>>,
  images: ReadonlyArray<Pick<ImageProcessingView, 'imageId' | 'tileStatus'>> | undefined,
): boolean {
  return items.some((i) => {
    if (i.state !== 'uploaded' || !i.imageId) return false;
    const tile = images?.find((x) => x.imageId === i.imageId);
    return !tile || (tile.tileStatus !== 'done' && tile.tileStatus !== 'failed');
  });
}

export { sendForm, uploadPercent, type UploadResponse } from '@/shared/upload';
