import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { Readable } from 'node:stream';
import { AppError, Rights, TurbinePipelineState, compareByViewOrder, compareChambers, isUuid } from '@windward/contracts';
import { EventPublisher, JobsService, type AuthUser } from '@windward/service-kit';
import { announceStitching } from './stitching-progress.js';
import { assertCanEdit, loadInspection } from '../common/access.js';
import { intIn, invalid } from '../common/checks.js';
import { FILE_STORE, type FileStore } from '@windward/service-kit';
import { Defect } from '../defects/defect.entity.js';
import { Image } from '../images/image.entity.js';
import { dziKey, thumbKey, tileKey } from '../images/tiles.worker.js';
import type { Inspection } from '../inspections/inspection.entity.js';
import { DEFAULT_PIXEL_SIZE_MM, MAX_OFFSET_PX, projectPolygon, type Offset } from './layout.js';
import { STITCHING_QUEUE, panoramaKey, type PanoramaRow } from './panorama.row.js';
import { PanoramaRepository } from './panorama.repository.js';
import { STITCHING_FAILED, StitchingWorker, pathImages } from './stitching.worker.js';
import type { PanoramaListQuery, PanoramaOffsetsDto, RequestPanoramaDto } from './stitching.dto.js';
import type { PanoramaDetailView, PanoramaListView, PanoramaQueuedView, PanoramaView } from './stitching.view.js';

const MAX_PIXEL_SIZE_MM = 1000;
const MAX_OFFSET_ENTRIES = 2000;

export type PanoramaFile = 'dzi' | 'thumbnail' | 'panorama' | { level: string; tile: string };

/** Manual offsets `{imageId: {dx, dy}}` in source pixels: integers within ±MAX_OFFSET_PX. */
function parseOffsets(v: unknown): Record<string, Offset> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) invalid('offsets', '{imageId: {dx, dy}}');
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > MAX_OFFSET_ENTRIES) invalid('offsets', `at most ${MAX_OFFSET_ENTRIES} images`);
  const out: Record<string, Offset> = {};
  for (const [id, o] of entries) {
    if (!isUuid(id)) invalid(`offsets.${id}`, 'an image id');
    const { dx, dy } = (o ?? {}) as { dx?: unknown; dy?: unknown };
    const dxN = intIn(dx ?? 0, -MAX_OFFSET_PX, MAX_OFFSET_PX, `offsets.${id}.dx`, false)!;
    const dyN = intIn(dy ?? 0, -MAX_OFFSET_PX, MAX_OFFSET_PX, `offsets.${id}.dy`, false)!;
    // A zero offset says nothing: it is not kept.
    if (dxN !== 0 || dyN !== 0) out[id.toLowerCase()] = { dx: dxN, dy: dyN };
  }
  return out;
}

function checkPixelSize(v: number): number {
  if (!Number.isFinite(v) || v <= 0 || v > MAX_PIXEL_SIZE_MM) invalid('pixelSizeMm', `a number > 0 and ≤ ${MAX_PIXEL_SIZE_MM}`);
  if (Math.round(v * 10000) / 10000 !== v) invalid('pixelSizeMm', 'at most 4 decimals');
  return v;
}

/**
 * Panoramas of blade paths: requests (validated, re-queued on every change), the list and one
 * panorama with its photo placements and the path's defects projected into panorama pixels,
 * and the files of the current run.
 */
@Injectable()
export class StitchingService {
  constructor(
    private readonly ds: DataSource,
    private readonly jobs: JobsService,
    private readonly worker: StitchingWorker,
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly panoramas: PanoramaRepository,
    private readonly events: EventPublisher,
  ) {}

  /** Create/offset rights: the inspection's write rights, or a reviewer's `qa.edit` (stitching is task work). */
  private assertCanStitch(user: AuthUser, insp: Inspection) {
    if (!user.rights.includes(Rights.QA_EDIT)) assertCanEdit(user, insp.componentType);
  }

  /**
   * Stitches a path (again): `{bladePosition, pathViewIndex, chamber?, pixelSizeMm?, offsets?}`.
   * Omitted pixel size / offsets keep what the panorama had. Refused with -11005 (nothing stored)
   * when the path has no active photo.
   */
  async request(user: AuthUser, inspectionId: string, dto: RequestPanoramaDto): Promise<PanoramaQueuedView> {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    this.assertCanStitch(user, insp);
    const { bladePosition, pathViewIndex } = dto;
    const chamber = dto.chamber ?? 0;
    const pixelSizeMm = dto.pixelSizeMm === undefined || dto.pixelSizeMm === null ? null : checkPixelSize(dto.pixelSizeMm);
    const offsets = dto.offsets === undefined || dto.offsets === null ? null : parseOffsets(dto.offsets);
    const key = { inspectionId: insp.id, bladePosition, pathViewIndex, chamber };
    const queued = await this.ds.transaction(async (m) => {
      await loadInspection(m, user, insp.id, true);
      const images = await pathImages(m, key);
      if (!images.length) throw new AppError(STITCHING_FAILED, { details: { reason: 'NO_ACTIVE_IMAGES', ...key } });
      if (offsets) await this.assertPathImages(m, key, Object.keys(offsets));
      const row = await this.panoramas.upsertRequest(m, {
        ...key,
        pixelSizeMm,
        offsets,
        defaultPixelSizeMm: DEFAULT_PIXEL_SIZE_MM,
        requestedBy: user.userId,
      });
      // Queued again: the path is not stitched until this run is done.
      await announceStitching(m, this.events, insp.id, user.userId);
      return row;
    });
    return this.enqueue(queued);
  }

  /** Replaces the manual offsets and stitches again. */
  async setOffsets(user: AuthUser, panoramaId: string, dto: PanoramaOffsetsDto): Promise<PanoramaQueuedView> {
    const offsets = parseOffsets(dto.offsets);
    const queued = await this.ds.transaction(async (m) => {
      const { row, insp } = await this.load(user, panoramaId, m, true);
      this.assertCanStitch(user, insp);
      await this.assertPathImages(m, row, Object.keys(offsets));
      if (!(await pathImages(m, row)).length) throw new AppError(STITCHING_FAILED, { details: { reason: 'NO_ACTIVE_IMAGES' } });
      const queued = await this.panoramas.replaceOffsets(m, row.id, offsets, user.userId);
      await announceStitching(m, this.events, insp.id, user.userId);
      return queued;
    });
    return this.enqueue(queued);
  }

  private async enqueue(row: PanoramaRow): Promise<PanoramaQueuedView> {
    const jobId = await this.worker.enqueue(row.id, row.version);
    return { panoramaId: row.id, jobId, status: 'queued' as const, version: row.version };
  }

  /** Offsets may only name photos of that path (active or not: a photo may come back). */
  private async assertPathImages(
    m: import('typeorm').EntityManager,
    p: Pick<PanoramaRow, 'inspectionId' | 'bladePosition' | 'pathViewIndex' | 'chamber'>,
    ids: string[],
  ) {
    if (!ids.length) return;
    const found = await m.getRepository(Image).find({
      select: { id: true },
      where: { id: In(ids), inspectionId: p.inspectionId, bladePosition: p.bladePosition, path: p.pathViewIndex, chamber: p.chamber },
    });
    const known = new Set(found.map((i) => i.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) invalid(`offsets.${unknown[0]}`, 'an image of this path');
  }

  async list(user: AuthUser, inspectionId: string, q: PanoramaListQuery): Promise<PanoramaListView> {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    const rows = await this.panoramas.listByInspection(insp.id, q.bladePosition);
    const byView = compareByViewOrder('LEADING_EDGE_FIRST');
    rows.sort(
      (a, b) => a.bladePosition - b.bladePosition || byView(a.pathViewIndex, b.pathViewIndex) || compareChambers(a.chamber, b.chamber),
    );
    const results = [];
    for (const r of rows) results.push(await this.present(r));
    return { results, totalCount: results.length };
  }

  /** One panorama with its placements and the path's defects in panorama pixels. */
  async get(user: AuthUser, panoramaId: string): Promise<PanoramaDetailView> {
    const { row } = await this.load(user, panoramaId);
    const placements = row.status === 'done' ? row.placements : [];
    const byImage = new Map(placements.map((p) => [p.imageId, p]));
    const defects = byImage.size
      ? await this.ds.getRepository(Defect).find({ where: { imageId: In([...byImage.keys()]) }, order: { defectNo: 'ASC' } })
      : [];
    return {
      ...(await this.present(row)),
      placements: placements.map((p) => ({
        imageId: p.imageId,
        x: p.x,
        y: p.y,
        width: p.width,
        height: p.height,
        sourceWidth: p.sourceWidth,
        sourceHeight: p.sourceHeight,
        sortIndex: p.sortIndex,
        distanceToRoot: p.distanceToRoot,
        fileName: p.fileName,
      })),
      defects: defects.map((d) => {
        const p = byImage.get(d.imageId)!;
        return {
          defectId: d.id,
          defectNo: d.defectNo,
          imageId: d.imageId,
          severity: d.severity,
          defectType: d.defectType,
          dpsStatus: d.dpsStatus,
          distanceToRoot: d.distanceToRoot,
          polygon: projectPolygon(d.polygon, p, { width: p.sourceWidth, height: p.sourceHeight }),
        };
      }),
    };
  }

  /** A file of the current run; 404 until it is done, and for a `v` that is not the current run. */
  async file(
    user: AuthUser,
    panoramaId: string,
    what: PanoramaFile,
    v: string | undefined,
  ): Promise<{ stream: Readable; size: number; type: string; current: boolean }> {
    const { row } = await this.load(user, panoramaId);
    if (row.status !== 'done' || !row.storagePrefix) throw new AppError('NOT_FOUND');
    if (v !== undefined && v !== String(row.version)) throw new AppError('NOT_FOUND');
    const at = { storagePrefix: row.storagePrefix };
    let key: string;
    let type = 'image/jpeg';
    if (what === 'dzi') {
      key = dziKey(at);
      type = 'application/xml';
    } else if (what === 'thumbnail') key = thumbKey(at);
    else if (what === 'panorama') key = panoramaKey(row.storagePrefix);
    else {
      // Only what sharp writes: numeric level, "<col>_<row>.jpeg". Nothing else reaches the store.
      if (!/^\d{1,2}$/.test(what.level) || !/^\d{1,5}_\d{1,5}\.jpeg$/.test(what.tile)) throw new AppError('NOT_FOUND');
      key = tileKey(at, Number(what.level), what.tile);
    }
    const f = await this.store.stream(key);
    if (!f) throw new AppError('NOT_FOUND');
    return { ...f, type, current: v !== undefined };
  }

  private async load(user: AuthUser, panoramaId: string, m = this.ds.manager, lock = false) {
    if (!isUuid(panoramaId)) throw new AppError('NOT_FOUND');
    const row = await this.panoramas.find(panoramaId, m, lock);
    if (!row) throw new AppError('NOT_FOUND');
    const insp = await loadInspection(m, user, row.inspectionId);
    return { row, insp };
  }

  private async present(r: PanoramaRow): Promise<PanoramaView> {
    const base = `/gw/inspection/api/v2/panoramas/${r.id}`;
    const done = r.status === 'done';
    const job = r.jobId && !done && r.status !== 'failed' ? await this.jobs.status(STITCHING_QUEUE, r.jobId) : null;
    return {
      panoramaId: r.id,
      inspectionId: r.inspectionId,
      bladePosition: r.bladePosition,
      pathViewIndex: r.pathViewIndex,
      chamber: r.chamber,
      status: r.status,
      version: r.version,
      jobId: r.jobId,
      progress: done ? 100 : (job?.percent ?? 0),
      progressMessage: job?.message ?? null,
      // SPEC §3 turbine pipeline state of the path: stitching / stitching completed.
      pipelineState: done ? TurbinePipelineState.STITCHING_COMPLETED : r.status === 'failed' ? null : TurbinePipelineState.STITCHING,
      errorCode: r.errorCode,
      errorMessage: r.errorMessage,
      pixelSizeMm: r.pixelSizeMm,
      offsets: r.offsets,
      width: done ? r.width : null,
      height: done ? r.height : null,
      scale: done ? r.scale : null,
      imageCount: done ? r.imageCount : null,
      panoUri: done ? `${base}/panorama?v=${r.version}` : null,
      dziUri: done ? `${base}/image.dzi?v=${r.version}` : null,
      thumbUri: done ? `${base}/thumbnail?v=${r.version}` : null,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  }
}
