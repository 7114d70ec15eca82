import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Readable } from 'node:stream';
import { AppError, Chamber, VIEW_SORT_ORDERS, isUuid, inspectionImagePrefix } from '@windward/contracts';
import { EventPublisher, JobsService, parsePage, type AuthUser } from '@windward/service-kit';
import { assertCanEdit, canSeeInspection, loadInspection, loadInspectionScope } from '../common/access.js';
import { distanceToRoot } from '../common/checks.js';
import { bladeLength } from '../common/blades.js';
import { FILE_STORE, type FileStore } from '@windward/service-kit';
import { Inspection } from '../inspections/inspection.entity.js';
import { Defect } from '../defects/defect.entity.js';
import { Image } from './image.entity.js';
import type { ImageListQuery, UpdateImageDto, UploadImageDto } from './image.dto.js';
import type { ImagePage, ImageView, ProcessingView } from './image.view.js';
import { checkPhoto } from './photo-check.js';
import { ImageListRepository, type ImageListRow } from './image-list.repository.js';
import { announcePhotosChanged } from '../stitching/stitching-progress.js';
import { TILES_QUEUE, TilesWorker, dziKey, originalKey, thumbKey, tileKey } from './tiles.worker.js';

/** An image as the API shows it, with what a list adds to each row (`extra`) in the same object. */
export function presentImage<E extends object = object>(i: ImageListRow, extra: E = {} as E): ImageView & E {
  const base = `/gw/inspection/api/v2/images/${i.id}`;
  const done = i.tileStatus === 'done';
  return {
    guid: i.id,
    imageId: i.id,
    inspectionId: i.inspectionId,
    bladePosition: i.bladePosition,
    pathViewIndex: i.path,
    chamber: i.chamber,
    section: i.section,
    sortIndex: i.sortIndex,
    distanceToRoot: i.distanceToRoot,
    isActive: i.isActive,
    keyPartTag: i.keyPartTag,
    fileName: i.fileName,
    format: i.format,
    width: i.width,
    height: i.height,
    sizeBytes: i.sizeBytes,
    tileStatus: i.tileStatus,
    tileJobId: i.tileJobId,
    uri: `${base}/original`,
    thumbUri: done ? `${base}/thumbnail` : null,
    dziUri: done ? `${base}/image.dzi` : null,
    createdAt: i.createdAt,
    ...extra,
  };
}

@Injectable()
export class ImagesService {
  constructor(
    private readonly ds: DataSource,
    private readonly tiles: TilesWorker,
    private readonly jobs: JobsService,
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly events: EventPublisher,
    private readonly imageList: ImageListRepository,
  ) {}

  /** Checks the photo and its fields, stores it, then queues its thumbnail and tiles. */
  async upload(user: AuthUser, inspectionId: string, file: Express.Multer.File | undefined, dto: UploadImageDto): Promise<ImageView> {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    assertCanEdit(user, insp.componentType);
    const photo = await checkPhoto(file);
    const id = randomUUID();
    const img = this.ds.getRepository(Image).create({
      id,
      inspectionId: insp.id,
      bladePosition: null,
      path: null,
      chamber: Chamber.NONE,
      section: null,
      sortIndex: 0,
      distanceToRoot: null,
      isActive: true,
      keyPartTag: null,
      fileName: file!.originalname.slice(0, 200),
      format: photo.format,
      width: photo.width,
      height: photo.height,
      sizeBytes: file!.size,
      storagePrefix: inspectionImagePrefix(insp.id, id),
      tileStatus: 'pending',
      tileJobId: null,
      tileError: null,
      tiledAt: null,
    });
    await this.apply(this.ds.manager, insp, img, dto);
    await this.store.put(originalKey(img), file!.buffer);
    await this.store.put(thumbKey(img), photo.thumbnail);
    try {
      await this.ds.transaction(async (m) => {
        // The inspection may have gone (or left the caller's scope) while the bytes were checked.
        await loadInspection(m, user, insp.id, true);
        await m.insert(Image, img);
        await announcePhotosChanged(m, this.events, insp.id, user.userId);
      });
    } catch (err) {
      await this.store.removePrefix(img.storagePrefix);
      throw err;
    }
    img.tileJobId = await this.tiles.enqueue(img.id);
    return presentImage((await this.ds.getRepository(Image).findOneByOrFail({ id: img.id }))!);
  }

  /**
   * Images of an inspection in gallery order: blade, then the chosen view sort order (SPEC §3,
   * default leading-edge first; paths outside the order after it by number), chamber display
   * order, sort index.
   */
  async list(user: AuthUser, inspectionId: string, q: ImageListQuery): Promise<ImagePage> {
    const insp = await loadInspectionScope(this.ds.manager, user, inspectionId);
    const page = parsePage(q, ['gallery'], { sortField: 'gallery', pageSize: 100 });
    const views: readonly number[] = VIEW_SORT_ORDERS[q.viewOrder ?? 'LEADING_EDGE_FIRST'];
    const { rows, total } = await this.imageList.page(
      this.ds.manager,
      insp.id,
      { bladePosition: q.bladePosition, path: q.path, chamber: q.chamber, isActive: q.isActive },
      views,
      page,
    );
    return { results: rows.map((r) => presentImage(r)), totalCount: total };
  }

  async get(user: AuthUser, imageId: string): Promise<ImageView> {
    return presentImage((await this.load(this.ds.manager, user, imageId)).img);
  }

  async update(user: AuthUser, imageId: string, dto: UpdateImageDto): Promise<ImageView> {
    await this.ds.transaction(async (m) => {
      const { img, insp } = await this.load(m, user, imageId, true);
      assertCanEdit(user, insp.componentType);
      await this.apply(m, insp, img, dto);
      await m.save(img);
      // Active flag, blade or path changes can complete or reopen a labeling side.
      await announcePhotosChanged(m, this.events, insp.id, user.userId);
    });
    return this.get(user, imageId);
  }

  /** SPEC §5: an image with defects cannot be deleted, and at least one image must remain. */
  async remove(user: AuthUser, imageId: string): Promise<void> {
    const prefix = await this.ds.transaction(async (m) => {
      const { img, insp } = await this.load(m, user, imageId, true);
      assertCanEdit(user, insp.componentType);
      if (await m.exists(Defect, { where: { imageId: img.id } })) throw new AppError('IMAGE_HAS_DEFECTS');
      if ((await m.count(Image, { where: { inspectionId: insp.id } })) <= 1) throw new AppError('LAST_IMAGE_CANNOT_BE_DELETED');
      await m.delete(Image, { id: img.id });
      await announcePhotosChanged(m, this.events, insp.id, user.userId);
      return img.storagePrefix;
    });
    if (prefix) await this.store.removePrefix(prefix);
  }

  /** Tile progress of an inspection's images (pg-boss job state and percent). */
  async processing(user: AuthUser, inspectionId: string): Promise<ProcessingView> {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    const images = await this.ds.getRepository(Image).find({ where: { inspectionId: insp.id }, order: { createdAt: 'ASC' } });
    const jobs = [];
    for (const img of images) {
      const job = img.tileJobId ? await this.jobs.status(TILES_QUEUE, img.tileJobId) : null;
      jobs.push({
        imageId: img.id,
        tileStatus: img.tileStatus,
        tileError: img.tileError,
        jobId: img.tileJobId,
        state: job?.state ?? null,
        percent: img.tileStatus === 'done' ? 100 : (job?.percent ?? 0),
      });
    }
    const count = (s: string) => images.filter((i) => i.tileStatus === s).length;
    return {
      imageCount: images.length,
      done: count('done'),
      failed: count('failed'),
      waiting: count('pending') + count('processing'),
      images: jobs,
    };
  }

  /** A file of an image: original, thumbnail, DZI descriptor or one tile. */
  async file(
    user: AuthUser,
    imageId: string,
    what: 'original' | 'thumbnail' | 'dzi' | { level: string; tile: string },
  ): Promise<{ stream: Readable; size: number; type: string }> {
    const { img } = await this.load(this.ds.manager, user, imageId);
    let key: string;
    let type = 'image/jpeg';
    if (what === 'original') {
      key = originalKey(img);
      type = img.format === 'png' ? 'image/png' : 'image/jpeg';
    } else if (what === 'thumbnail') key = thumbKey(img);
    else if (what === 'dzi') {
      key = dziKey(img);
      type = 'application/xml';
    } else {
      // Only what sharp writes: numeric level, "<col>_<row>.jpeg". Nothing else reaches the store.
      if (!/^\d{1,2}$/.test(what.level) || !/^\d{1,5}_\d{1,5}\.jpeg$/.test(what.tile)) throw new AppError('NOT_FOUND');
      key = tileKey(img, Number(what.level), what.tile);
    }
    if (what !== 'original' && img.tileStatus !== 'done') throw new AppError('NOT_FOUND');
    const f = await this.store.stream(key);
    if (!f) throw new AppError('NOT_FOUND');
    return { ...f, type };
  }

  private async load(m: EntityManager, user: AuthUser, imageId: string, lock = false) {
    if (!isUuid(imageId)) throw new AppError('NOT_FOUND');
    const img = await m.findOne(Image, { where: { id: imageId } });
    if (!img) throw new AppError('NOT_FOUND');
    const insp = await m.findOne(Inspection, {
      where: { id: img.inspectionId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!insp || !(await canSeeInspection(m, user, insp))) throw new AppError('NOT_FOUND');
    return { img, insp };
  }

  /** Validates the attributes against the inspection (distance to root needs the blade length). */
  private async apply(m: EntityManager, insp: Inspection, img: Image, dto: UpdateImageDto | UploadImageDto) {
    if (dto.bladePosition !== undefined) img.bladePosition = dto.bladePosition;
    if (dto.path !== undefined) img.path = dto.path;
    if (dto.chamber !== undefined) img.chamber = dto.chamber;
    if (dto.section !== undefined) img.section = dto.section?.trim() || null;
    if (dto.sortIndex !== undefined) img.sortIndex = dto.sortIndex;
    if (dto.isActive !== undefined) img.isActive = dto.isActive;
    if (dto.keyPartTag !== undefined) img.keyPartTag = dto.keyPartTag?.trim() || null;
    if (dto.distanceToRoot !== undefined || dto.bladePosition !== undefined) {
      const value = dto.distanceToRoot !== undefined ? dto.distanceToRoot : img.distanceToRoot;
      img.distanceToRoot = distanceToRoot(value, await bladeLength(m, insp, img.bladePosition));
    }
  }
}
