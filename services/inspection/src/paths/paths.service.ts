import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, EventTypes, Rights, compareByViewOrder, compareChambers, isUuid } from '@windward/contracts';
import { EventPublisher, type AuthUser } from '@windward/service-kit';
import { assertCanEdit, loadInspection } from '../common/access.js';
import { bladeLength } from '../common/blades.js';
import { distanceToRoot, text } from '../common/checks.js';
import type { Inspection } from '../inspections/inspection.entity.js';
import { Image } from '../images/image.entity.js';
import { presentImage } from '../images/images.service.js';
import { ParkRef } from '../refs/refs.entity.js';
import { InspectionPath } from './path.entity.js';
import { PathRepository } from './path.repository.js';
import type { SavePathDto, SavePathImageDto } from './path.dto.js';
import type { SortAndRemoveTaskView } from './path.view.js';
import { announcePhotosChanged } from '../stitching/stitching-progress.js';

/** Namespace of blade guids (UUID v5 of turbine, position and serial number). */
const BLADE_NAMESPACE = Buffer.from('5b0d6a8e3c1f4e7a9d2b8c4f6e1a3d57', 'hex');

/**
 * SPEC §3 `bladeGuid`: blades are known by position and serial number (docs/inspection.md
 * decision 2), so the guid is derived from them — the same blade has the same guid in every
 * inspection of the turbine, a changed blade a new one.
 */
export function bladeGuid(turbineId: string, position: number, serialNumber: string): string {
  const h = createHash('sha1').update(BLADE_NAMESPACE).update(`${turbineId}/${position}/${serialNumber}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const groupKey = (bladePosition: number | null, view: number | null, chamber: number) =>
  `${bladePosition ?? '-'}/${view ?? '-'}/${chamber}`;

const nullsLast = (a: number | null, b: number | null, cmp: (x: number, y: number) => number) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : cmp(a, b);
const byView = compareByViewOrder('LEADING_EDGE_FIRST');

/** Gallery order of paths: blade, leading-edge-first view order, chamber display order. */
function comparePaths(a: InspectionPath, b: InspectionPath): number {
  return (
    nullsLast(a.bladePosition, b.bladePosition, (x, y) => x - y) ||
    nullsLast(a.pathViewIndex, b.pathViewIndex, byView) ||
    compareChambers(a.chamber, b.chamber)
  );
}

const compareImages = (a: Image, b: Image) =>
  a.sortIndex - b.sortIndex || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

/** Where an image ends up after a save. */
interface Planned {
  img: Image;
  target: InspectionPath;
  sortIndex: number;
  isActive: boolean;
  keyPartTag: string | null;
  distanceToRoot: number | null;
}

/** Labelers sort (qa.edit) whatever the component; otherwise the component's edit right. */
export function assertCanSort(user: AuthUser, componentType: number): void {
  if (user.rights.includes(Rights.QA_EDIT)) return;
  assertCanEdit(user, componentType);
}

@Injectable()
export class PathsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
    private readonly repo: PathRepository,
  ) {}

  /**
   * SPEC §3 sort-and-remove task of an inspection: its paths in gallery order, each with every
   * image (inactive ones too) by sort index. `spentTime` is task-flow's (stage spentSeconds).
   */
  async task(user: AuthUser, inspectionId: string): Promise<SortAndRemoveTaskView> {
    const m = this.ds.manager;
    const insp = await loadInspection(m, user, inspectionId);
    const park = await m.findOne(ParkRef, { where: { windParkId: insp.windParkId } });
    const paths = await m.find(InspectionPath, { where: { inspectionId: insp.id } });
    const images = await m.find(Image, { where: { inspectionId: insp.id } });
    const byGroup = new Map<string, Image[]>();
    for (const img of images) {
      const k = groupKey(img.bladePosition, img.path, img.chamber);
      byGroup.set(k, [...(byGroup.get(k) ?? []), img]);
    }
    paths.sort(comparePaths);
    const lengths = new Map<number | null, number | null>();
    for (const p of paths) if (!lengths.has(p.bladePosition)) lengths.set(p.bladePosition, await bladeLength(m, insp, p.bladePosition));
    return {
      inspectionId: insp.id,
      windfarmId: insp.windParkId,
      windfarmName: park?.name ?? null,
      turbineId: insp.turbineId,
      turbineName: insp.turbineName,
      inspectionTime: insp.inspectionDate,
      componentType: insp.componentType,
      spentTime: null,
      paths: paths.map((p) => {
        const blade = p.bladePosition === null ? undefined : insp.blades.find((b) => b.position === p.bladePosition);
        return {
          pathGuid: p.id,
          pathViewIndex: p.pathViewIndex,
          bladePosition: p.bladePosition,
          bladeGuid: blade ? bladeGuid(insp.turbineId, blade.position, blade.serialNumber) : null,
          bladeSerialNo: blade?.serialNumber ?? null,
          bladeLength: lengths.get(p.bladePosition) ?? null,
          chamber: p.chamber,
          saved: p.saved,
          savedAt: p.savedAt,
          savedBy: p.savedBy,
          CVPanoUri: p.cvPanoUri,
          CVPanoThumbUri: p.cvPanoThumbUri,
          images: (byGroup.get(groupKey(p.bladePosition, p.pathViewIndex, p.chamber)) ?? []).sort(compareImages).map((img) => {
            const v = presentImage(img);
            return {
              guid: v.guid,
              uri: v.uri,
              thumbUri: v.thumbUri,
              sortIndex: v.sortIndex,
              distanceToRoot: v.distanceToRoot,
              isActive: v.isActive,
              keyPartTag: v.keyPartTag,
              fileName: v.fileName,
              width: v.width,
              height: v.height,
              tileStatus: v.tileStatus,
            };
          }),
        };
      }),
    };
  }

  /**
   * Saves a path in one transaction: order, moves to other paths, active flags, distances and
   * key-part tags; the path becomes saved, paths that gained or lost images become unsaved.
   * Any refusal leaves everything as it was.
   */
  async save(user: AuthUser, inspectionId: string, pathGuid: string, dto: SavePathDto): Promise<SortAndRemoveTaskView> {
    await this.ds.transaction(async (m) => {
      // The inspection's row lock serialises saves (and image deletes) of one inspection.
      const insp = await loadInspection(m, user, inspectionId, true);
      assertCanSort(user, insp.componentType);
      if (!isUuid(pathGuid)) throw new AppError('NOT_FOUND');
      const paths = await m.find(InspectionPath, { where: { inspectionId: insp.id } });
      const pathById = new Map(paths.map((p) => [p.id, p]));
      const path = pathById.get(pathGuid);
      if (!path) throw new AppError('NOT_FOUND');
      const images = await m.find(Image, { where: { inspectionId: insp.id } });
      const pathOf = new Map(paths.map((p) => [groupKey(p.bladePosition, p.pathViewIndex, p.chamber), p]));
      const imgById = new Map(images.map((i) => [i.id, i]));

      const plan = await this.plan(m, insp, path, pathById, imgById, dto.images);

      const activeBefore = images.filter((i) => i.isActive).length;
      const finalActive = new Map(images.map((i) => [i.id, i.isActive]));
      for (const p of plan) finalActive.set(p.img.id, p.isActive);
      const activeAfter = [...finalActive.values()].filter(Boolean).length;
      if (activeAfter === 0 && activeBefore > 0) {
        throw new AppError('LAST_IMAGE_CANNOT_BE_DELETED', {
          details: [{ field: 'isActive', constraints: { rule: 'at least one active image' } }],
        });
      }

      const touched = new Set<string>();
      const changed = plan.filter((p) => {
        const from = pathOf.get(groupKey(p.img.bladePosition, p.img.path, p.img.chamber));
        const moved = from?.id !== p.target.id;
        if (moved) {
          if (from && from.id !== path.id) touched.add(from.id);
          if (p.target.id !== path.id) touched.add(p.target.id);
        }
        return (
          moved ||
          p.sortIndex !== p.img.sortIndex ||
          p.isActive !== p.img.isActive ||
          p.keyPartTag !== p.img.keyPartTag ||
          p.distanceToRoot !== p.img.distanceToRoot
        );
      });
      await this.repo.placeImages(
        m,
        insp.id,
        changed.map((p) => ({
          imageId: p.img.id,
          bladePosition: p.target.bladePosition,
          pathViewIndex: p.target.pathViewIndex,
          chamber: p.target.chamber,
          sortIndex: p.sortIndex,
          isActive: p.isActive,
          keyPartTag: p.keyPartTag,
          distanceToRoot: p.distanceToRoot,
        })),
      );
      await this.repo.markUnsaved(m, [...touched]);
      if (changed.length) await announcePhotosChanged(m, this.events, insp.id, user.userId);
      await this.repo.markSaved(m, path.id, user.userId);

      const inPath = new Map(images.map((i) => [i.id, pathOf.get(groupKey(i.bladePosition, i.path, i.chamber))?.id]));
      for (const p of plan) inPath.set(p.img.id, p.target.id);
      const mine = [...inPath].filter(([, pid]) => pid === path.id).map(([id]) => id);
      await this.events.publish(
        m,
        EventTypes.InspectionPathSaved,
        insp.id,
        {
          inspectionId: insp.id,
          pathGuid: path.id,
          bladePosition: path.bladePosition,
          pathViewIndex: path.pathViewIndex,
          chamber: path.chamber,
          imageCount: mine.length,
          activeImageCount: mine.filter((id) => finalActive.get(id)).length,
          touchedPathGuids: [...touched],
          savedBy: user.userId,
        },
        user.userId,
      );
    });
    return this.task(user, inspectionId);
  }

  /** Checks every image of the request (each refusal with its catalogue code) and computes its end state. */
  private async plan(
    m: EntityManager,
    insp: Inspection,
    path: InspectionPath,
    pathById: Map<string, InspectionPath>,
    imgById: Map<string, Image>,
    items: SavePathImageDto[],
  ): Promise<Planned[]> {
    const seen = new Set<string>();
    const sortIndexes = new Map<string, Set<number>>();
    const lengths = new Map<number | null, number | null>();
    const lengthOf = async (position: number | null) => {
      if (!lengths.has(position)) lengths.set(position, await bladeLength(m, insp, position));
      return lengths.get(position)!;
    };
    const out: Planned[] = [];
    for (const [i, item] of items.entries()) {
      const field = (f: string) => `images[${i}].${f}`;
      if (seen.has(item.guid)) throw new AppError(-10014, { details: [{ field: field('guid'), value: item.guid }] });
      seen.add(item.guid);
      const img = imgById.get(item.guid);
      if (!img) throw new AppError(-10015, { details: [{ field: field('guid'), value: item.guid }] });
      if (item.sortIndex === undefined || item.sortIndex === null) throw new AppError(-10012, { details: [{ field: field('sortIndex') }] });
      const target = item.pathGuid === undefined ? path : pathById.get(item.pathGuid);
      if (!target) throw new AppError('NOT_FOUND', { details: [{ field: field('pathGuid'), value: item.pathGuid }] });
      const used = sortIndexes.get(target.id) ?? new Set<number>();
      if (used.has(item.sortIndex)) {
        throw new AppError('DUPLICATE_VALUES', { details: [{ field: field('sortIndex'), value: item.sortIndex, pathGuid: target.id }] });
      }
      used.add(item.sortIndex);
      sortIndexes.set(target.id, used);
      const edit = item.isEdit === true;
      const bladeMoved = target.bladePosition !== img.bladePosition;
      let distance = img.distanceToRoot;
      if (edit && item.distanceToRoot !== undefined) distance = item.distanceToRoot === null ? null : Number(item.distanceToRoot);
      // A new value, or the old one on another blade, must lie within that blade (SPEC §5).
      if ((edit && item.distanceToRoot !== undefined) || bladeMoved) {
        const value = edit && item.distanceToRoot !== undefined ? item.distanceToRoot : img.distanceToRoot;
        distance = distanceToRoot(value, await lengthOf(target.bladePosition), field('distanceToRoot'));
      }
      out.push({
        img,
        target,
        sortIndex: item.sortIndex,
        isActive: edit && item.isActive !== undefined ? item.isActive : img.isActive,
        keyPartTag: edit && item.keyPartTag !== undefined ? text(item.keyPartTag, field('keyPartTag'), { max: 100 }) : img.keyPartTag,
        distanceToRoot: distance,
      });
    }
    return out;
  }
}
