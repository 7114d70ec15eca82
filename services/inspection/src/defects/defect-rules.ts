import type { EntityManager } from 'typeorm';
import { AppError, DpsStatus, isUuid, type DefectEventPayload } from '@windward/contracts';
import { fileStoreUri, type AuthUser, type EventPublisher } from '@windward/service-kit';
import { loadInspection } from '../common/access.js';
import { decimal3, distanceToRoot, invalid, minMax, text } from '../common/checks.js';
import { bladeLength } from '../common/blades.js';
import type { Inspection } from '../inspections/inspection.entity.js';
import { Image } from '../images/image.entity.js';
import { originalKey } from '../images/tiles.worker.js';
import { INSPECTION_FILES_SCOPE } from '../common/files.module.js';
import { TemplateItem } from '../templates/template.entity.js';
import { recomputeTimeline } from '../timeline/timeline.store.js';
import { Defect, type Point } from './defect.entity.js';
import { checkPolygon, svgSelector } from './polygon.js';
import type { DefectFieldsDto } from './defect.dto.js';
import type { DefectView } from './defect.view.js';
import type { DefectViewRow } from './defect.repository.js';
import { announceLabeling } from './labeling-progress.js';

/**
 * The rules every defect use case shares: how a defect is shown and announced, the checks of its
 * fields, loading one within the caller's scope, and what follows a change of an inspection's defects.
 */

/** Most defects one bulk edit (or one accept/reject of suggestions) may name. */
export const BULK_MAX = 1000;

/** A defect as the API shows it, with what a list adds to each row (`extra`: turbine name, inspection date…) in the same object. */
export function presentDefect<E extends object = object>(d: DefectViewRow, extra: E = {} as E): DefectView & E {
  return {
    defectId: d.id,
    defectNo: d.defectNo,
    inspectionId: d.inspectionId,
    imageId: d.imageId,
    windFarmId: d.windParkId,
    turbineId: d.turbineId,
    ...extra,
    severity: d.severity,
    defectType: d.defectType,
    layer: d.layer,
    affectedPart: d.affectedPart,
    recommendation: d.recommendation,
    sizeLength: d.sizeLength,
    sizeWidth: d.sizeWidth,
    position: d.position,
    bladePosition: d.bladePosition,
    distanceToRoot: d.distanceToRoot,
    chordwiseStart: d.chordwiseStart,
    chordwiseEnd: d.chordwiseEnd,
    repairPriority: d.repairPriority,
    polygon: d.polygon,
    selector: svgSelector(d.polygon),
    dpsStatus: d.dpsStatus,
    timelineStatus: d.timelineStatus,
    timelineManual: d.timelineManual,
    previousDefectId: d.previousDefectId,
    suggested: d.suggested,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** The defect's photo as other services may read it from the shared file store (report's photo crops). */
export const imageRef = (img: Pick<Image, 'storagePrefix' | 'format' | 'width' | 'height'>) => ({
  uri: fileStoreUri(`${INSPECTION_FILES_SCOPE}/${originalKey(img)}`),
  width: img.width,
  height: img.height,
});

/** The event payload with the defect's photo (loaded unless given). */
export async function defectEvent(m: EntityManager, d: Defect, img?: Image | null): Promise<DefectEventPayload> {
  const image = img ?? (await m.findOne(Image, { where: { id: d.imageId } }));
  return { ...defectPayload(d), image: image ? imageRef(image) : null };
}

export const defectPayload = (d: Defect): DefectEventPayload => ({
  defectId: d.id,
  inspectionId: d.inspectionId,
  severity: d.severity,
  dpsStatus: d.dpsStatus,
  // What repair's defect read model (plans: filters, single park, blade distance) and report's
  // defect tables need; both are fed by these events only.
  windFarmId: d.windParkId,
  turbineId: d.turbineId,
  defectNo: d.defectNo,
  defectType: d.defectType,
  bladePosition: d.bladePosition,
  position: d.position,
  distanceToRoot: d.distanceToRoot,
  sizeLength: d.sizeLength,
  sizeWidth: d.sizeWidth,
  repairPriority: d.repairPriority,
  recommendation: d.recommendation,
  timelineStatus: d.timelineStatus,
  polygon: d.polygon,
});

/** A defect and its inspection; the same 404 for unknown and out-of-scope ids. */
export async function loadDefect(
  m: EntityManager,
  user: AuthUser,
  defectId: string,
  lock = false,
): Promise<{ d: Defect; insp: Inspection }> {
  if (!isUuid(defectId)) throw new AppError('NOT_FOUND');
  const d = await m.findOne(Defect, { where: { id: defectId } });
  if (!d) throw new AppError('NOT_FOUND');
  const insp = await loadInspection(m, user, d.inspectionId, lock);
  return { d, insp };
}

/** One defect as the detail shows it (with its inspection's turbine name and date). */
export async function readDefect(m: EntityManager, user: AuthUser, defectId: string): Promise<DefectView> {
  const { d, insp } = await loadDefect(m, user, defectId);
  return presentDefect(d, { turbineName: insp.turbineName, inspectionDate: insp.inspectionDate });
}

/** After an inspection's defects changed: its defect timeline and its labeling status follow. */
export async function settleDefects(m: EntityManager, events: EventPublisher, inspectionId: string, userId: string): Promise<void> {
  await recomputeTimeline(m, events, inspectionId, userId);
  await announceLabeling(m, events, inspectionId, userId);
}

export /** 1..BULK_MAX distinct defect ids; an empty list is "select at least one defect". */
function checkDefectIds(v: unknown): string[] {
  if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) throw new AppError('SELECT_AT_LEAST_ONE_DEFECT');
  if (!Array.isArray(v) || v.length > BULK_MAX) invalid('defectIds', `a list of 1..${BULK_MAX} defect ids`);
  const list = v as unknown[];
  if (!list.every(isUuid)) throw new AppError('NOT_FOUND', { details: [{ field: 'defectIds' }] });
  const ids = [...new Set(list as string[])];
  if (ids.length !== list.length) throw new AppError('DUPLICATE_VALUES', { details: [{ field: 'defectIds' }] });
  return ids;
}

/**
 * Every rule of a defect's fields (SPEC §3, §5): the image belongs to the inspection and the
 * polygon lies inside it; distance to root within -5 m .. blade length with 2 decimals;
 * sizes and chordwise positions with 3 decimals, start ≤ end; values from the customer's
 * defect template when it has one. Only given fields change (PATCH).
 */
export async function applyDefect(m: EntityManager, insp: Inspection, d: Defect, dto: DefectFieldsDto, creating: boolean) {
  let image: Image | null = null;
  if (dto.imageId !== undefined || creating) {
    image = await m.findOne(Image, { where: { id: dto.imageId ?? '', inspectionId: insp.id } });
    if (!image) throw new AppError('NOT_FOUND', { details: [{ field: 'imageId' }] });
    d.imageId = image.id;
  }
  if (creating || dto.polygon !== undefined || image) {
    image ??= await m.findOneByOrFail(Image, { id: d.imageId });
    d.polygon = checkPolygon(dto.polygon !== undefined ? dto.polygon : creating ? undefined : d.polygon, image) as Point[];
  }
  if (creating) {
    d.bladePosition = image!.bladePosition;
    d.position = image!.path;
  }
  if (dto.bladePosition !== undefined) d.bladePosition = dto.bladePosition;
  if (dto.position !== undefined) d.position = dto.position;
  if (dto.severity !== undefined) d.severity = dto.severity;
  if (creating || dto.defectType !== undefined) d.defectType = text(dto.defectType, 'defectType', { required: true, max: 100 })!;
  if (dto.layer !== undefined) d.layer = text(dto.layer, 'layer', { max: 100 });
  if (dto.affectedPart !== undefined) d.affectedPart = text(dto.affectedPart, 'affectedPart', { max: 100 });
  if (dto.recommendation !== undefined) d.recommendation = text(dto.recommendation, 'recommendation', { max: 500 });
  if (dto.sizeLength !== undefined) d.sizeLength = decimal3(dto.sizeLength, 'sizeLength', { min0: true });
  if (dto.sizeWidth !== undefined) d.sizeWidth = decimal3(dto.sizeWidth, 'sizeWidth', { min0: true });
  if (dto.chordwiseStart !== undefined) d.chordwiseStart = decimal3(dto.chordwiseStart, 'chordwiseStart', { min0: true });
  if (dto.chordwiseEnd !== undefined) d.chordwiseEnd = decimal3(dto.chordwiseEnd, 'chordwiseEnd', { min0: true });
  minMax(d.chordwiseStart ?? null, d.chordwiseEnd ?? null, 'chordwiseStart');
  if (dto.repairPriority !== undefined) d.repairPriority = dto.repairPriority;
  if (creating || dto.distanceToRoot !== undefined || dto.bladePosition !== undefined) {
    const value = dto.distanceToRoot !== undefined ? dto.distanceToRoot : (d.distanceToRoot ?? null);
    d.distanceToRoot = distanceToRoot(value, await bladeLength(m, insp, d.bladePosition ?? null));
  }
  d.severity ??= null;
  d.repairPriority ??= null;
  for (const k of ['layer', 'affectedPart', 'recommendation', 'sizeLength', 'sizeWidth', 'chordwiseStart', 'chordwiseEnd'] as const) {
    (d as unknown as Record<string, unknown>)[k] ??= null;
  }
  await checkAgainstTemplate(m, insp.customerId, d);
}

/** A new defect of an inspection as every creation starts it (DPS pending, no timeline yet); applyDefect fills the fields. */
export function newDefect(m: EntityManager, insp: Inspection, createdBy: string | null, suggested = false): Defect {
  return m.create(Defect, {
    inspectionId: insp.id,
    windParkId: insp.windParkId,
    turbineId: insp.turbineId,
    dpsStatus: DpsStatus.PENDING,
    timelineStatus: 'NOT_APPLICABLE',
    timelineManual: false,
    previousDefectId: null,
    suggested,
    createdBy,
  });
}

/** When the customer keeps a template of a kind, values of that kind must come from it (-10019). */
async function checkAgainstTemplate(m: EntityManager, customerId: string, d: Defect) {
  for (const [kind, value, field] of [
    ['type', d.defectType, 'defectType'],
    ['recommendation', d.recommendation, 'recommendation'],
  ] as const) {
    if (value === null) continue;
    const items = await m.find(TemplateItem, { where: { customerId, kind }, select: { name: true } });
    if (items.length && !items.some((i) => i.name.toLowerCase() === value.toLowerCase())) {
      throw new AppError(-10019, { details: [{ field }] });
    }
  }
}
