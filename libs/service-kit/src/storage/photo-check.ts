/** Shared by every service that takes photos (inspection images, repair records): one set of rules. */
import sharp, { type Sharp } from 'sharp';
import { AppError, PHOTO_MAX_BYTES, checkPhotoFile, sniffPhoto, type PhotoFormat } from '@windward/contracts';

export interface CheckedPhoto {
  format: PhotoFormat;
  width: number;
  height: number;
  /** The photo's thumbnail (PHOTO_THUMB_PX JPEG): the decode that proved the photo complete. */
  thumbnail: Buffer;
}

/** Longest side of a photo's (and a panorama's) thumbnail. */
export const PHOTO_THUMB_PX = 320;

/** The JPEG thumbnail of a picture, at most PHOTO_THUMB_PX on its longest side. */
export function makeThumbnail(input: Sharp): Promise<Buffer> {
  return input.resize(PHOTO_THUMB_PX, PHOTO_THUMB_PX, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer();
}

/**
 * An uploaded photo is untrusted: the name must say JPG/JPEG/PNG (-11003, so a PNG renamed
 * .exe is refused), the size at most 20 MB, the bytes must start like a JPEG or PNG (-11003)
 * and decode completely (-11002 for a broken or truncated image).
 */
export async function checkPhoto(file: { originalname?: string; size: number; buffer: Buffer } | undefined): Promise<CheckedPhoto> {
  if (!file || !file.buffer?.length) throw new AppError(-11001);
  const name = checkPhotoFile({ name: file.originalname ?? '', size: file.size });
  if (!name.ok) throw new AppError(name.code, name.params ? { params: name.params } : {});
  if (file.size > PHOTO_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { params: { maxMb: PHOTO_MAX_BYTES / 1024 / 1024 } });
  const format = sniffPhoto(file.buffer);
  if (!format) throw new AppError(-11003);
  try {
    const meta = await sharp(file.buffer, { failOn: 'truncated' }).metadata();
    if (meta.format !== format || !meta.width || !meta.height) throw new Error('format mismatch');
    // Decoding (scaled down, cheap) proves the pixel data is complete, not only the header; it
    // is the thumbnail's decode, so a tile job need not decode the photo twice (issue #22).
    const thumbnail = await makeThumbnail(sharp(file.buffer, { failOn: 'truncated' }));
    return { format, width: meta.width, height: meta.height, thumbnail };
  } catch {
    throw new AppError(-11002);
  }
}
