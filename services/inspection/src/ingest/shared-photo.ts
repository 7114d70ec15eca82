import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppError, Chamber, inspectionImagePrefix, type ErrorCode } from '@windward/contracts';
import type { FileStore } from '@windward/service-kit';
import { Image } from '../images/image.entity.js';
import { UpdateImageDto } from '../images/image.dto.js';
import { checkPhoto } from '../images/photo-check.js';
import { originalKey, thumbKey } from '../images/tiles.worker.js';

const failure = (code: ErrorCode, details?: unknown, params?: Record<string, string | number>) =>
  new AppError(code, { ...(details !== undefined ? { details } : {}), ...(params ? { params } : {}) });

/** A photo import left in the shared file store, with where it goes on the turbine. */
export interface SharedPhoto {
  fileKey: string;
  fileName: string;
  entryName?: string;
  bladePosition: number | null;
  path: number | null;
  chamber: number | null;
  sortIndex: number;
}

/**
 * An image of an inspection (not yet inserted) from a photo import verified and left in the
 * shared file store: only keys under `allowedPrefix` are read (-10015 otherwise or when gone);
 * the checks of a photo upload (name, size, magic bytes, full decode) and its attributes
 * validated as on PATCH; the bytes (and the check's thumbnail) are copied into inspection's own store.
 */
export async function imageFromSharedStore(
  stores: { store: FileStore; shared: FileStore },
  m: EntityManager,
  inspectionId: string,
  allowedPrefix: string,
  e: SharedPhoto,
): Promise<Image> {
  if (typeof e.fileKey !== 'string' || !e.fileKey.startsWith(allowedPrefix)) throw failure(-10015, { fileName: e.fileName }, { entries: e.fileName });
  const buffer = await stores.shared.read(e.fileKey);
  if (!buffer) throw failure(-10015, { fileName: e.fileName, fileKey: e.fileKey }, { entries: e.fileName });
  let photo;
  try {
    photo = await checkPhoto({ originalname: e.fileName, size: buffer.length, buffer });
  } catch (err) {
    if (err instanceof AppError)
      throw failure(err.code, { fileName: e.fileName, entryName: e.entryName }, err.params as Record<string, string | number>);
    throw err;
  }
  const attrs = plainToInstance(UpdateImageDto, {
    bladePosition: e.bladePosition ?? undefined,
    path: e.path ?? undefined,
    chamber: e.chamber ?? Chamber.NONE,
    sortIndex: e.sortIndex,
  });
  const errors = await validate(attrs, { whitelist: true });
  if (errors.length) throw failure('VALIDATION_FAILED', { fileName: e.fileName, fields: errors.map((x) => x.property) });
  const id = randomUUID();
  const img = m.getRepository(Image).create({
    id,
    inspectionId,
    bladePosition: attrs.bladePosition ?? null,
    path: attrs.path ?? null,
    chamber: attrs.chamber ?? Chamber.NONE,
    section: null,
    sortIndex: attrs.sortIndex ?? 0,
    distanceToRoot: null,
    isActive: true,
    keyPartTag: null,
    fileName: e.fileName.slice(0, 200),
    format: photo.format,
    width: photo.width,
    height: photo.height,
    sizeBytes: buffer.length,
    storagePrefix: inspectionImagePrefix(inspectionId, id),
    tileStatus: 'pending',
    tileJobId: null,
    tileError: null,
    tiledAt: null,
  });
  await stores.store.put(originalKey(img), buffer);
  await stores.store.put(thumbKey(img), photo.thumbnail);
  return img;
}
