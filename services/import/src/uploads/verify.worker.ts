import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import type { Logger } from 'pino';
import { AppError, UploadFileStatus as S, sniffPhoto, type UploadManifest, type UploadManifestImage } from '@windward/contracts';
import { FILE_STORE, JobWorker, JobsService, LOGGER, type FileStore, type ReportProgress } from '@windward/service-kit';
import type { ZipFile } from 'yauzl';
import type { Readable } from 'node:stream';
import {
  archiveError,
  archiveFormatOf,
  openZipInStore,
  planArchive,
  planEntries,
  readEntry,
  type ArchiveFormat,
  type PlannedImage,
} from './archive.js';
import { listTarGz, readTarEntry, walkTarGz } from './tar-gz.js';
import { UploadTaskRepository } from './upload-task.repository.js';
import { UploadsService, VERIFY_QUEUE, archiveKey, day, manifestKey, uploadPrefix, type StoredError } from './uploads.service.js';

/** Whether the bytes decode completely (header and pixel data), cheaply: scaled down on load. */
export async function decodes(buf: Buffer, format: 'jpeg' | 'png'): Promise<{ width: number; height: number } | null> {
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
export function entryFailure(err: unknown, entryName: string): AppError {
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

  /** The whole archive from the store, as one stream. */
  private async read(key: string): Promise<Readable> {
    const r = await this.store.stream(key);
    if (!r) throw new Error(`archive ${key} not found in the file store`);
    return r.stream;
  }

  async run({ uploadTaskId: id }: { uploadTaskId: string }, progress: ReportProgress): Promise<void> {
    const row = await this.tasks.startVerifying(id, S.VERIFYING, S.UPLOADED);
    if (!row) return; // already decided (a retried job), or the task went away
    const format: ArchiveFormat = archiveFormatOf(row.archive_name ?? '') ?? 'zip';
    const key = archiveKey(id, format);
    let zip: ZipFile | null = null;
    try {
      // A run that died half-way left photos behind: start again from the archive.
      await this.store.removePrefix(`${uploadPrefix(id)}/images`);
      const found: (UploadManifestImage | undefined)[] = [];
      const notPhotos: string[] = [];
      const broken: string[] = [];
      let checked = 0;
      let shown = -1;
      let total = 0;
      /** One photo's bytes: good ones are stored as the plan's n-th image (whatever order the archive streams them in). */
      const check = async (index: number, p: PlannedImage<unknown>, buf: Buffer) => {
        const kind = sniffPhoto(buf);
        const size = kind && (await decodes(buf, kind));
        if (!kind) notPhotos.push(p.entryName);
        else if (!size) broken.push(p.entryName);
        else if (!notPhotos.length && !broken.length) {
          // Once something is refused nothing more is stored, but every entry is still checked so the error lists them all.
          const fileKey = `${uploadPrefix(id)}/images/${String(index + 1).padStart(5, '0')}.${kind === 'jpeg' ? 'jpg' : 'png'}`;
          await this.store.put(fileKey, buf);
          found[index] = {
            fileKey,
            fileName: p.fileName,
            entryName: p.entryName,
            format: kind,
            sizeBytes: buf.length,
            width: size.width,
            height: size.height,
            bladePosition: p.bladePosition,
            path: p.path,
            chamber: p.chamber,
            sortIndex: p.sortIndex,
          };
        }
        checked++;
        const pct = Math.min(99, Math.floor((100 * checked) / total));
        if (pct !== shown && (pct - shown >= 5 || checked === total)) {
          shown = pct;
          await progress(pct, `${checked}/${total} photos checked`);
          await this.tasks.verifyProgress(id, S.VERIFYING, pct, `${checked}/${total} photos checked`);
        }
      };
      if (format === 'zip') {
        zip = await openZipInStore(this.store, key);
        const plan = await planArchive(zip);
        total = plan.images.length;
        for (const [i, p] of plan.images.entries()) {
          let buf: Buffer;
          try {
            buf = await readEntry(zip, p.entry);
          } catch (err) {
            throw entryFailure(err, p.entryName);
          }
          await check(i, p, buf);
        }
      } else {
        // A .tar.gz has no directory: one pass reads the headers for the plan, a second one the photos, in archive order.
        const size = (await this.store.size(key)) ?? 0;
        const plan = planEntries(await listTarGz(await this.read(key), size), size);
        total = plan.images.length;
        const wanted = new Map(plan.images.map((p, i) => [p.entryName, i]));
        await walkTarGz(await this.read(key), size, async (e, bytes) => {
          const i = wanted.get(e.name);
          if (i === undefined) return;
          let buf: Buffer;
          try {
            buf = await readTarEntry(bytes, e.uncompressedSize);
          } catch (err) {
            throw entryFailure(err, e.name);
          }
          await check(i, plan.images[i]!, buf);
        });
      }
      const images = found.filter((x): x is UploadManifestImage => x !== undefined);
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
      zip?.close();
      zip = null;
      await this.store.removePrefix(key);
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
