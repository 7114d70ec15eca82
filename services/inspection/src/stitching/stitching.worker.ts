import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import sharp, { type OverlayOptions } from 'sharp';
import type { Logger } from 'pino';
import { EventTypes, errorText } from '@windward/contracts';
import { EventPublisher, JobWorker, JobsService, LOGGER, type ReportProgress } from '@windward/service-kit';
import { schemaName } from '../common/columns.js';
import { FILE_STORE, makeThumbnail, type FileStore } from '@windward/service-kit';
import { Image } from '../images/image.entity.js';
import { originalKey, storeDeepZoom, thumbKey } from '../images/tiles.worker.js';
import { layoutPanorama } from './layout.js';
import { announceStitching } from './stitching-progress.js';
import {
  PANORAMA_COLUMNS,
  STITCHING_QUEUE,
  panoramaKey,
  returned,
  runPrefix,
  toRow,
  type PanoramaRow,
  type StoredPlacement,
} from './panorama.row.js';

/** The catalogue's "stitching failed" (SPEC §8). */
export const STITCHING_FAILED = -11005;
const BACKGROUND = { r: 32, g: 32, b: 32 };

/** A reason the run cannot succeed (no photos, unreadable photo): recorded, never retried. */
export class StitchError extends Error {}

export interface StitchJob {
  panoramaId: string;
  version: number;
}

/** The active photos of a path in stitching order (sort index, then upload order). */
export function pathImages(m: EntityManager, p: Pick<PanoramaRow, 'inspectionId' | 'bladePosition' | 'pathViewIndex' | 'chamber'>) {
  return m.getRepository(Image).find({
    where: { inspectionId: p.inspectionId, bladePosition: p.bladePosition, path: p.pathViewIndex, chamber: p.chamber, isActive: true },
    order: { sortIndex: 'ASC', createdAt: 'ASC', id: 'ASC' },
  });
}

/**
 * Stitches a blade path as a pg-boss job: lays the path's active photos out along the blade
 * (layout.ts), composites them downscaled with sharp (each input resized first, so memory follows
 * the panorama, not the originals), then writes the JPEG, its thumbnail and deep-zoom tiles
 * (the images module's tile code) below a folder of its own run. A run superseded by a newer
 * request (version) drops its result; the row and the completed/failed event commit together.
 */
@Injectable()
export class StitchingWorker extends JobWorker<StitchJob> {
  // Retries only cover a crash mid-run: every failure inside a run is recorded as failed.
  protected readonly queue = STITCHING_QUEUE;

  constructor(
    private readonly ds: DataSource,
    jobs: JobsService,
    private readonly events: EventPublisher,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    super(jobs);
  }

  private get table() {
    return `${schemaName(this.ds)}.panoramas`;
  }

  /** Queues run `version` of a panorama (after its row committed) and records the job id. */
  async enqueue(panoramaId: string, version: number): Promise<string> {
    const jobId = await this.send({ panoramaId, version });
    await this.ds.query(`UPDATE ${this.table} SET job_id = $3 WHERE id = $1 AND version = $2`, [panoramaId, version, jobId]);
    return jobId;
  }

  async run({ panoramaId, version }: StitchJob, progress: ReportProgress): Promise<void> {
    const raw = returned(
      await this.ds.query(
        `UPDATE ${this.table} SET status = 'running', updated_at = now() WHERE id = $1 AND version = $2 AND status IN ('queued', 'running')
       RETURNING ${PANORAMA_COLUMNS}`,
        [panoramaId, version],
      ),
    );
    if (!raw) return; // superseded by a newer request, or the inspection is gone
    const p = toRow(raw);
    const prefix = runPrefix(p, version);
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'ww-pano-'));
    try {
      const images = await pathImages(this.ds.manager, p);
      if (!images.length) throw new StitchError('the path has no active images');
      const layout = layoutPanorama(
        images.map((i) => ({ imageId: i.id, width: i.width, height: i.height, distanceToRoot: i.distanceToRoot })),
        { pixelSizeMm: p.pixelSizeMm, offsets: p.offsets },
      );
      await progress(5, 'reading photos');
      const inputs: OverlayOptions[] = [];
      for (let i = 0; i < images.length; i++) {
        const img = images[i]!;
        const pl = layout.placements[i]!;
        const original = await this.store.read(originalKey(img));
        if (!original) throw new StitchError(`original of image ${img.id} is missing`);
        const resized = await sharp(original, { failOn: 'truncated' })
          .resize(pl.width, pl.height, { fit: 'fill' })
          .jpeg({ quality: 90 })
          .toBuffer()
          .catch((err: unknown) => {
            throw new StitchError(`image ${img.id} (${img.fileName}) cannot be read: ${err instanceof Error ? err.message : String(err)}`);
          });
        inputs.push({ input: resized, left: pl.x, top: pl.y });
        await progress(5 + Math.floor((45 * (i + 1)) / images.length), 'reading photos');
      }
      const file = path.join(tmp, 'panorama.jpg');
      await sharp({ create: { width: layout.width, height: layout.height, channels: 3, background: BACKGROUND } })
        .composite(inputs)
        .jpeg({ quality: 88 })
        .toFile(file);
      inputs.length = 0;
      await progress(60, 'thumbnail');
      await this.store.put(thumbKey({ storagePrefix: prefix }), await makeThumbnail(sharp(file)));
      await progress(65, 'tiling');
      await storeDeepZoom(this.store, prefix, sharp(file), (step, i, total) =>
        step === 'tiled' ? progress(85, 'storing tiles') : progress(85 + Math.floor((13 * i) / total), 'storing tiles'),
      );
      await this.store.putFile(panoramaKey(prefix), file);
      const placements: StoredPlacement[] = layout.placements.map((pl, i) => ({
        ...pl,
        sourceWidth: images[i]!.width,
        sourceHeight: images[i]!.height,
        sortIndex: images[i]!.sortIndex,
        distanceToRoot: images[i]!.distanceToRoot,
        fileName: images[i]!.fileName,
      }));
      await this.finish(p, version, prefix, { width: layout.width, height: layout.height, scale: layout.scale, placements });
    } catch (err) {
      // Every failure of a run is final for that run (-11005); the user may stitch again.
      this.log.warn({ panoramaId, version, err }, 'stitching failed');
      const message =
        err instanceof StitchError
          ? err.message
          : `${errorText(STITCHING_FAILED, 'en_us')} ${err instanceof Error ? err.message : String(err)}`;
      await this.finish(p, version, prefix, null, message.slice(0, 500));
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  /**
   * Records the run's outcome if it is still the current one (row lock), with its event; the
   * previous run's files (or, when superseded or failed, this run's) are removed after commit.
   */
  private async finish(
    p: PanoramaRow,
    version: number,
    prefix: string,
    result: { width: number; height: number; scale: number; placements: StoredPlacement[] } | null,
    error: string | null = null,
  ) {
    const remove = await this.ds.transaction(async (m) => {
      const [raw] = await m.query(`SELECT ${PANORAMA_COLUMNS} FROM ${this.table} WHERE id = $1 FOR UPDATE`, [p.id]);
      if (!raw || raw.version !== version) return [prefix];
      const cur = toRow(raw);
      const key = {
        panoramaId: p.id,
        inspectionId: p.inspectionId,
        bladePosition: p.bladePosition,
        pathViewIndex: p.pathViewIndex,
        chamber: p.chamber,
      };
      if (result) {
        await m.query(
          `UPDATE ${this.table} SET status = 'done', error_code = NULL, error_message = NULL, width = $2, height = $3, scale = $4,
                  image_count = $5, placements = $6, storage_prefix = $7, updated_at = now() WHERE id = $1`,
          [p.id, result.width, result.height, result.scale, result.placements.length, JSON.stringify(result.placements), prefix],
        );
        const base = `/gw/inspection/api/v2/panoramas/${p.id}`;
        await this.events.publish(m, EventTypes.InspectionPanoramaCompleted, p.id, {
          ...key,
          width: result.width,
          height: result.height,
          imageCount: result.placements.length,
          panoUri: `${base}/image.dzi?v=${version}`,
          panoThumbUri: `${base}/thumbnail?v=${version}`,
        });
      } else {
        await m.query(
          `UPDATE ${this.table} SET status = 'failed', error_code = $2, error_message = $3, width = NULL, height = NULL, scale = NULL,
                  image_count = NULL, placements = '[]', storage_prefix = NULL, updated_at = now() WHERE id = $1`,
          [p.id, STITCHING_FAILED, error],
        );
        await this.events.publish(m, EventTypes.InspectionPanoramaFailed, p.id, {
          ...key,
          errorCode: STITCHING_FAILED,
          errorMessage: error ?? '',
        });
      }
      await this.fillPath(m, p, result ? `/gw/inspection/api/v2/panoramas/${p.id}` : null, version);
      await announceStitching(m, this.events, p.inspectionId);
      const stale = cur.storagePrefix && cur.storagePrefix !== prefix ? [cur.storagePrefix] : [];
      return result ? stale : [...stale, prefix];
    });
    for (const f of remove) await this.store.removePrefix(f);
  }

  /**
   * SPEC §3 path shape: the paths module's row of the same (inspection, blade, view index,
   * chamber) shows the panorama (`CVPanoUri` / `CVPanoThumbUri`); nothing to do where that
   * table does not exist.
   */
  private async fillPath(m: EntityManager, p: PanoramaRow, base: string | null, version: number) {
    const [{ t }] = await m.query('SELECT to_regclass($1) AS t', [`${schemaName(this.ds)}.paths`]);
    if (!t) return;
    await m.query(
      `UPDATE ${schemaName(this.ds)}.paths SET cv_pano_uri = $5, cv_pano_thumb_uri = $6
        WHERE inspection_id = $1 AND blade_position = $2 AND path_view_index = $3 AND chamber = $4`,
      [
        p.inspectionId,
        p.bladePosition,
        p.pathViewIndex,
        p.chamber,
        base && `${base}/image.dzi?v=${version}`,
        base && `${base}/thumbnail?v=${version}`,
      ],
    );
  }
}
