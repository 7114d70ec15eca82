import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import type { Logger } from 'pino';
import { AppError, UploadFileStatus as S, sniffPhoto, type UploadManifest, type UploadManifestImage } from '@windward/contracts';
import { FILE_STORE, JobWorker, JobsService, LOGGER, type FileStore, type ReportProgress } from '@windward/service-kit';
import type { ZipFile } from 'yauzl';
import { archiveError, openZipInStore, planArchive, readEntry } from './archive.js';
import { UploadTaskRepository } from './upload-task.repository.js';
import { UploadsService, VERIFY_QUEUE, archiveKey, day, manifestKey, uploadPrefix, type StoredError } from './uploads.service.js';

/** Whether the bytes decode completely (header and pixel data), cheaply: scaled down on load. */
async function decodes(buf: Buffer, format: 'jpeg' | 'png'): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(buf, { failOn: 'truncated' }).metadata();
    if (meta.format !== format || !meta.width || !meta.height) return null;
    await sharp(buf, { failOn: 'truncated' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    return { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** yauzl's own refusals while inflating: a stream longer than declared is a lying zip bomb. */
function entryFailure(err: unknown, entryName: string): AppError {
  if (err instanceof AppError) return archiveError(err.code, [entryName], (err.params ?? {}) as Record<string, string | number>);
  if (err instanceof Error && /too many bytes|not enough bytes/i.test(err.message)) return archiveError('ARCHIVE_TOO_LARGE', [entryName]);
  return archiveError('ARCHIVE_UNREADABLE', [entryName]);
}

/**
 * The verification job (pg-boss queue `import-verify`): every planned photo is inflated, its
 * bytes must be a JPEG or PNG (magic numbers, -11003) that decodes (-11002); good ones go to
 * `uploads/<id>/images/NNNNN.jpg|png` and a `manifest.json` lists them. Success: status 5 and the
 * archive is dropped; any refusal: status 8 with the errors and nothing of the upload kept.
 */
@Injectable()
export class VerifyWorker extends JobWorker<{ uploadTaskId: string }> {
  protected readonly queue = VERIFY_QUEUE;

  constructor(
    jobs: JobsService,
    private readonly tasks: UploadTaskRepository,
    private readonly uploads: UploadsService,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    super(jobs);
  }

  async run({ uploadTaskId: id }: { uploadTaskId: string }, progress: ReportProgress): Promise<void> {
    const row = await this.tasks.startVerifying(id, S.VERIFYING, S.UPLOADED);
    if (!row) return; // already decided (a retried job), or the task went away
    let zip: ZipFile | null = null;
    try {
      // A run that died half-way left photos behind: start again from the archive.
      await this.store.removePrefix(`${uploadPrefix(id)}/images`);
      zip = await openZipInStore(this.store, archiveKey(id));
      const plan = await planArchive(zip);
      const images: UploadManifestImage[] = [];
      const notPhotos: string[] = [];
      const broken: string[] = [];
      let shown = -1;
      for (const [i, p] of plan.images.entries()) {
        let buf: Buffer;
        try {
          buf = await readEntry(zip, p.entry);
        } catch (err) {
          throw entryFailure(err, p.entryName);
        }
        const format = sniffPhoto(buf);
        const size = format && (await decodes(buf, format));
        if (!format) notPhotos.push(p.entryName);
        else if (!size) broken.push(p.entryName);
        else if (!notPhotos.length && !broken.length) {
          // Once something is refused nothing more is stored, but every entry is still checked so the error lists them all.
          const fileKey = `${uploadPrefix(id)}/images/${String(images.length + 1).padStart(5, '0')}.${format === 'jpeg' ? 'jpg' : 'png'}`;
          await this.store.put(fileKey, buf);
          images.push({
            fileKey,
            fileName: p.fileName,
            entryName: p.entryName,
            format,
            sizeBytes: buf.length,
            width: size.width,
            height: size.height,
            bladePosition: p.bladePosition,
            path: p.path,
            chamber: p.chamber,
            sortIndex: p.sortIndex,
          });
        }
        const pct = Math.min(99, Math.floor((100 * (i + 1)) / plan.images.length));
        if (pct !== shown && (pct - shown >= 5 || i === plan.images.length - 1)) {
          shown = pct;
          await progress(pct, `${i + 1}/${plan.images.length} photos checked`);
          await this.tasks.verifyProgress(id, S.VERIFYING, pct, `${i + 1}/${plan.images.length} photos checked`);
        }
      }
      if (notPhotos.length) throw archiveError(-11003, notPhotos);
      if (broken.length) throw archiveError(-11002, broken);
      const manifest: UploadManifest = {
        version: 1,
        uploadTaskId: id,
        windfarmId: row.wind_farm_id,
        turbineId: row.turbine_id,
        turbineName: row.turbine_name,
        inspectionDate: day(row.inspection_date),
        packageType: row.package_type,
        images,
      };
      await this.store.put(manifestKey(id), Buffer.from(JSON.stringify(manifest, null, 1)));
      zip.close();
      zip = null;
      await this.store.removePrefix(archiveKey(id));
      await this.tasks.markVerified(id, S.VERIFY_SUCCESS, S.VERIFYING, images.length, manifestKey(id));
    } catch (err) {
      zip?.close();
      zip = null;
      const error: StoredError =
        err instanceof AppError
          ? { code: err.code, ...(err.params ? { params: { ...err.params } } : {}), ...(err.details ? { details: err.details } : {}) }
          : { code: 'INTERNAL_ERROR' };
      if (!(err instanceof AppError)) this.log.error({ err, uploadTaskId: id }, 'archive verification failed');
      await this.uploads.fail(id, S.VERIFYING, error);
    } finally {
      zip?.close();
    }
  }
}
