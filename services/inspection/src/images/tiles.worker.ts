import { mkdtemp, rm } from 'node:fs/promises';
import { schemaName } from '../common/columns.js';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import sharp, { type Sharp } from 'sharp';
import type { Logger } from 'pino';
import { EventTypes } from '@windward/contracts';
import { EventPublisher, JobWorker, JobsService, LOGGER, type ReportProgress } from '@windward/service-kit';
import { FILE_STORE, listFiles, makeThumbnail, type FileStore } from '@windward/service-kit';
import { Inspection } from '../inspections/inspection.entity.js';
import { Image } from './image.entity.js';
import { announcePhotosChanged } from '../stitching/stitching-progress.js';

export const TILES_QUEUE = 'inspection-tiles';
export const TILE_SIZE = 256;
const STORE_BATCH = 200;
/**
 * Photos tiled at once per inspection process: one per core by default (TILE_JOBS). sharp itself
 * uses one thread per picture on glibc Linux (its default there, against memory fragmentation), so
 * one job at a time left the other core idle (issue #22).
 */
export const TILE_JOBS = Math.max(1, Number(process.env.TILE_JOBS ?? os.availableParallelism()));
/**
 * libvips threads per picture in this process (sharp's glibc default is one). With one job per
 * core and one thread each, a core idled whenever its job waited on writing its ~450 tiles; more
 * threads fill those gaps (issue #22; photos/min and memory over 300 photos in docs/performance.md).
 */
export const SHARP_THREADS = Math.max(1, Number(process.env.SHARP_THREADS ?? os.availableParallelism()));

export const originalKey = (img: Pick<Image, 'storagePrefix' | 'format'>) =>
  `${img.storagePrefix}/original.${img.format === 'jpeg' ? 'jpg' : 'png'}`;
export const thumbKey = (img: Pick<Image, 'storagePrefix'>) => `${img.storagePrefix}/thumb.jpg`;
export const dziKey = (img: Pick<Image, 'storagePrefix'>) => `${img.storagePrefix}/image.dzi`;
export const tileKey = (img: Pick<Image, 'storagePrefix'>, level: number, tile: string) =>
  `${img.storagePrefix}/image_files/${level}/${tile}`;

/**
 * Deep-zoom tiles of `input` (sharp `layout: 'dz'`, 256 px JPEG tiles) written below `storagePrefix`
 * in the store: generated in a temp folder, tiles moved in first and the `.dzi` last, so a
 * client that sees the descriptor finds every tile. `onProgress('tiled')` once sharp is done,
 * then `('storing', i, total)` after each batch of STORE_BATCH tiles (taken in several at a time:
 * one at a time cost a 20-MP photo's ~450 tiles as many round trips). Shared by image tiles and
 * stitched panoramas.
 */
export async function storeDeepZoom(
  store: FileStore,
  storagePrefix: string,
  input: Sharp,
  onProgress: (step: 'tiled' | 'storing', done: number, total: number) => Promise<void> = async () => undefined,
): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'ww-tiles-'));
  try {
    await input.jpeg({ quality: 85 }).tile({ size: TILE_SIZE, overlap: 0, layout: 'dz' }).toFile(path.join(tmp, 'image.dz'));
    const files = (await listFiles(tmp)).filter((f) => f === 'image.dzi' || /^image_files\/\d+\/\d+_\d+\.jpeg$/.test(f));
    const tiles = files.filter((f) => f !== 'image.dzi');
    await onProgress('tiled', 0, tiles.length);
    for (let i = 0; i < tiles.length; i += STORE_BATCH) {
      const batch = tiles.slice(i, i + STORE_BATCH);
      await store.putFiles(batch.map((t) => ({ key: `${storagePrefix}/${t}`, localPath: path.join(tmp, t) })));
      await onProgress('storing', i + batch.length, tiles.length);
    }
    await store.putFile(dziKey({ storagePrefix }), path.join(tmp, 'image.dzi'));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Thumbnails and deep-zoom tiles (sharp, `layout: 'dz'`) as pg-boss jobs with progress; when the
 * last image of an inspection is done, inspection.images.processed is published.
 */
@Injectable()
export class TilesWorker extends JobWorker<{ imageId: string }> {
  protected readonly queue = TILES_QUEUE;
  protected override readonly retryLimit = 3;
  protected override readonly concurrency = TILE_JOBS;

  constructor(
    private readonly ds: DataSource,
    jobs: JobsService,
    private readonly events: EventPublisher,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    super(jobs);
  }

  override async onApplicationBootstrap(): Promise<void> {
    sharp.concurrency(SHARP_THREADS);
    await super.onApplicationBootstrap();
  }

  /** Queues the tiles of an image (after its row committed) and remembers the job id for progress. */
  async enqueue(imageId: string): Promise<string> {
    const jobId = await this.send({ imageId });
    await this.ds.query(`UPDATE ${schemaName(this.ds)}.image SET tile_job_id = $2 WHERE id = $1`, [imageId, jobId]);
    return jobId;
  }

  async run({ imageId }: { imageId: string }, progress: ReportProgress): Promise<void> {
    // A job queued inside a still-open transaction (demo seed) may start first: wait for the row.
    let img: Image | null = null;
    for (let i = 0; i < 40 && !img; i++) {
      img = await this.ds.getRepository(Image).findOne({ where: { id: imageId } });
      if (!img) await new Promise((r) => setTimeout(r, 250));
    }
    if (!img) throw new Error(`image ${imageId} not found`);
    if (img.tileStatus === 'done') return;
    await this.ds.query(`UPDATE ${schemaName(this.ds)}.image SET tile_status = 'processing', tile_error = NULL WHERE id = $1`, [img.id]);
    try {
      const original = await this.store.read(originalKey(img));
      if (!original) throw new PermanentTileError('original file missing');
      // The upload's photo check stored the thumbnail (its decode); older images get theirs here.
      if ((await this.store.size(thumbKey(img))) === null) {
        await progress(5, 'thumbnail');
        await this.store.put(thumbKey(img), await makeThumbnail(sharp(original)));
      }
      await progress(20, 'tiling');
      await storeDeepZoom(this.store, img.storagePrefix, sharp(original), (step, i, total) =>
        step === 'tiled' ? progress(60, 'storing tiles') : progress(60 + Math.floor((35 * i) / total), 'storing tiles'),
      );
      // Deleted while its tiles were made: the delete removed what was stored by then, this the rest.
      if (!(await this.finish(img, 'done', null))) await this.store.removePrefix(img.storagePrefix);
    } catch (err) {
      if (err instanceof PermanentTileError || isSharpInputError(err)) {
        // Retrying cannot fix a broken original: record it for the screens instead.
        this.log.warn({ imageId, err }, 'tile generation failed');
        await this.finish(img, 'failed', err instanceof Error ? err.message.slice(0, 500) : String(err));
        return;
      }
      throw err;
    }
  }

  /**
   * Marks the image and, under the inspection's row lock (two jobs finishing together must not
   * both see "all done"), announces the inspection once none of its images is waiting. False when
   * the image is gone (deleted while its tiles were made).
   */
  private async finish(img: Image, status: 'done' | 'failed', error: string | null): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const insp = await m.findOne(Inspection, { where: { id: img.inspectionId }, lock: { mode: 'pessimistic_write' } });
      if (!insp) return false;
      const [, updated] = await m.query(
        `UPDATE ${schemaName(this.ds)}.image SET tile_status = $2, tile_error = $3, tiled_at = CASE WHEN $2 = 'done' THEN now() END WHERE id = $1`,
        [img.id, status, error],
      );
      if (!updated) return false;
      const [c] = await m.query(
        `SELECT count(*)::int AS images,
                count(*) FILTER (WHERE tile_status IN ('pending', 'processing'))::int AS waiting,
                count(DISTINCT (blade_position, path)) FILTER (WHERE path IS NOT NULL)::int AS paths
           FROM ${schemaName(this.ds)}.image WHERE inspection_id = $1`,
        [insp.id],
      );
      if (c.waiting === 0) {
        await this.events.publish(m, EventTypes.InspectionImagesProcessed, insp.id, {
          inspectionId: insp.id,
          imageCount: c.images,
          pathCount: c.paths,
        });
        // The first labeling status (nothing labeled yet) goes out with the processed images,
        // and so do the blade paths still to stitch.
        await announcePhotosChanged(m, this.events, insp.id);
      }
      return true;
    });
  }
}

class PermanentTileError extends Error {}

/** A sharp error that says the input bytes cannot be decoded (retrying will not help). */
export function isSharpInputError(err: unknown): boolean {
  return err instanceof Error && /unsupported image format|Input buffer|VipsJpeg|pngload|jpegload|premature end/i.test(err.message);
}
