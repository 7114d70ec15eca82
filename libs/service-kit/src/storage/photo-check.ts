/** Shared by every service that takes photos (inspection images, repair records): one set of rules. */
import sharp from 'sharp';
import { AppError, PHOTO_MAX_BYTES, checkPhotoFile, sniffPhoto, type PhotoFormat } from '@windward/contracts';

export interface CheckedPhoto {
  format: PhotoFormat;
  width: number;
  height: number;
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
    // Decoding (scaled down, cheap) proves the pixel data is complete, not only the header.
    await sharp(file.buffer, { failOn: 'truncated' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    return { format, width: meta.width, height: meta.height };
  } catch {
    throw new AppError(-11002);
  }
}
