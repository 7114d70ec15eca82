import { Injectable } from '@nestjs/common';
import { schemaName } from '../common/columns.js';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AppError, DpsStatus, EventTypes, canTransitionDps, checkDefectId, type DefectEventPayload, isUuid } from '@windward/contracts';
import { EventPublisher, cappedCount, parsePage, type AuthUser, type ListCount } from '@windward/service-kit';
import { assertCanEdit, canSeeRow, loadInspection } from '../common/access.js';
import { decimal3, distanceToRoot, invalid, minMax, must, text } from '../common/checks.js';
import { bladeLength } from '../common/blades.js';
import { uniqueAsConflict } from '@windward/service-kit';
import { Inspection } from '../inspections/inspection.entity.js';
import { Image } from '../images/image.entity.js';
import { ParkRef, TurbineRef } from '../refs/refs.entity.js';
import { TemplateItem } from '../templates/template.entity.js';
import { recomputeTimeline } from '../timeline/timeline.store.js';
import { assertNotLockedByOther } from '../locks/edit-lock.store.js';
import { Defect, DefectLink, type Point } from './defect.entity.js';
import { checkPolygon, svgSelector } from './polygon.js';
import type { BulkChangesDto, CreateDefectDto, DefectFieldsDto, DefectListQuery, UpdateDefectDto } from './defect.dto.js';
import type { DefectBulkResultView, DefectPage, DefectView, SuggestionDecisionView } from './defect.view.js';
import { announceLabeling } from './labeling-progress.js';

/** Most defects one bulk edit may change (one transaction, one event each). */
export const BULK_MAX = 1000;
const SORT: Record<string, string> = {
  dpsStatus: 'd.dps_rank',
  severity: 'd.severity',
  createdAt: 'd.created_at',
  defectNo: 'd.defect_no',
  distanceToRoot: 'd.distance_to_root',
  defectType: 'd.defect_type',
};

export function presentDefect(d: Defect, extra: { turbineName?: string; inspectionDate?: string } = {}): DefectView {
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

const payload = (d: Defect): DefectEventPayload => ({
  defectId: d.id,
  inspectionId: d.inspectionId,
  severity: d.severity,
  dpsStatus: d.dpsStatus,
});

@Injectable()
export class DefectsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** After an inspection's defects changed: its defect timeline and its labeling status follow. */
  private async settle(m: EntityManager, inspectionId: string, userId: string): Promise<void> {
    await recomputeTimeline(m, inspectionId);
    await announceLabeling(m, this.events, inspectionId, userId);
  }

  async create(user: AuthUser, inspectionId: string, dto: CreateDefectDto): Promise<DefectView> {
    const id = await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const insp = await loadInspection(m, user, inspectionId, true);
          assertCanEdit(user, insp.componentType);
          await assertNotLockedByOther(m, insp.id, user.userId);
          if (!isUuid(dto.imageId)) invalid('imageId', 'an image of the inspection');
          const d = m.create(Defect, {
            inspectionId: insp.id,
            windParkId: insp.windParkId,
            turbineId: insp.turbineId,
            dpsStatus: DpsStatus.PENDING,
            timelineStatus: 'NOT_APPLICABLE',
            timelineManual: false,
            previousDefectId: null,
            suggested: dto.suggested === true,
            createdBy: user.userId,
          });
          await applyDefect(m, insp, d, { ...dto, defectType: dto.defectType ?? '' }, true);
          d.defectNo = await this.defectNo(m, insp, dto.defectNo);
          await m.save(d);
          await this.settle(m, insp.id, user.userId);
          // A suggestion is announced when it is accepted (other services count real defects only).
          if (!d.suggested) await this.events.publish(m, EventTypes.InspectionDefectCreated, d.id, payload(d), user.userId);
          return d.id;
        }),
      { defect_no_uq: -10018 },
    );
    return this.get(user, id);
  }

  async get(user: AuthUser, defectId: string): Promise<DefectView> {
    const { d, insp } = await this.load(this.ds.manager, user, defectId);
    return presentDefect(d, { turbineName: insp.turbineName, inspectionDate: insp.inspectionDate });
  }

  async update(user: AuthUser, defectId: string, dto: UpdateDefectDto): Promise<DefectView> {
    await this.ds.transaction(async (m) => {
      const { d, insp } = await this.load(m, user, defectId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      await applyDefect(m, insp, d, dto, false);
      await m.save(d);
      await this.settle(m, insp.id, user.userId);
      if (!d.suggested) {
        await this.events.publish(
          m,
          EventTypes.InspectionDefectUpdated,
          d.id,
          payload(await m.findOneByOrFail(Defect, { id: d.id })),
          user.userId,
        );
      }
    });
    return this.get(user, defectId);
  }

  /** DPS review flow (contracts DPS_TRANSITIONS); anything else is ILLEGAL_TRANSITION. */
  async setDpsStatus(user: AuthUser, defectId: string, to: number): Promise<DefectView> {
    await this.ds.transaction(async (m) => {
      const { d } = await this.load(m, user, defectId, true);
      if (!canTransitionDps(d.dpsStatus, to)) {
        throw new AppError('ILLEGAL_TRANSITION', { details: { from: d.dpsStatus, to } });
      }
      d.dpsStatus = to;
      await m.save(d);
      if (!d.suggested) await this.events.publish(m, EventTypes.InspectionDefectUpdated, d.id, payload(d), user.userId);
    });
    return this.get(user, defectId);
  }

  /** "Link Defect Related": a defect linked to its internal/external counterpart must be unlinked first. */
  async remove(user: AuthUser, defectId: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const { d, insp } = await this.load(m, user, defectId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      const linked = await m.exists(DefectLink, { where: [{ externalDefectId: d.id }, { internalDefectId: d.id }] });
      if (linked) throw new AppError('LINK_DEFECT_RELATED');
      await m.delete(Defect, { id: d.id });
      await this.settle(m, insp.id, user.userId);
      if (!d.suggested) await this.events.publish(m, EventTypes.InspectionDefectDeleted, d.id, { id: d.id }, user.userId);
    });
  }

  /**
   * One change for many defects (labeling's bulk edit): one transaction, the single PATCH's
   * rules for every defect, all or nothing; an event per (non-suggested) defect.
   */
  async bulkUpdate(user: AuthUser, defectIds: unknown, bulkChanges: BulkChangesDto): Promise<DefectBulkResultView> {
    const ids = checkDefectIds(defectIds);
    const changes = checkBulkChanges(bulkChanges);
    const updated = await this.ds.transaction(async (m) => {
      const found = await m.find(Defect, { where: { id: In(ids) }, select: { id: true, inspectionId: true } });
      if (found.length !== ids.length) throw new AppError('NOT_FOUND');
      // Inspections locked in id order, so two bulk edits over the same inspections cannot deadlock.
      const inspections = new Map<string, Inspection>();
      for (const inspectionId of [...new Set(found.map((d) => d.inspectionId))].sort()) {
        const insp = await loadInspection(m, user, inspectionId, true);
        assertCanEdit(user, insp.componentType);
        await assertNotLockedByOther(m, insp.id, user.userId);
        inspections.set(insp.id, insp);
      }
      const rows = await m.find(Defect, { where: { id: In(ids) }, order: { id: 'ASC' } });
      for (const d of rows) {
        await applyDefect(m, inspections.get(d.inspectionId)!, d, changes, false);
        await m.save(d);
      }
      for (const id of inspections.keys()) await this.settle(m, id, user.userId);
      for (const d of rows) {
        if (!d.suggested) await this.events.publish(m, EventTypes.InspectionDefectUpdated, d.id, payload(d), user.userId);
      }
      return rows.map((d) => d.id);
    });
    const byId = new Map((await this.ds.getRepository(Defect).find({ where: { id: In(updated) } })).map((d) => [d.id, d]));
    const results = ids.map((id) => presentDefect(byId.get(id)!));
    return { results, totalCount: results.length };
  }

  /** A suggestion becomes a regular defect (and is announced as created). */
  async accept(user: AuthUser, defectId: string): Promise<DefectView> {
    await this.ds.transaction(async (m) => {
      const { d, insp } = await this.load(m, user, defectId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      if (!d.suggested) throw new AppError('DEFECT_NOT_SUGGESTED');
      await this.acceptRows(m, user, [d]);
      await this.settle(m, insp.id, user.userId);
    });
    return this.get(user, defectId);
  }

  /** A suggestion is dropped: the row goes; nobody outside ever heard of it, so no event. */
  async reject(user: AuthUser, defectId: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const { d, insp } = await this.load(m, user, defectId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      if (!d.suggested) throw new AppError('DEFECT_NOT_SUGGESTED');
      await m.delete(Defect, { id: d.id });
      await recomputeTimeline(m, insp.id);
    });
  }

  /**
   * Accept or reject several suggestions of one inspection (the pre-label "accept all" /
   * "reject all"): the given ones, or every suggestion of the inspection when none are given.
   */
  async decideSuggestions(
    user: AuthUser,
    inspectionId: string,
    decision: 'accept' | 'reject',
    defectIds: string[] | undefined,
  ): Promise<SuggestionDecisionView> {
    return this.ds.transaction(async (m) => {
      const insp = await loadInspection(m, user, inspectionId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      let rows: Defect[];
      if (defectIds === undefined) {
        rows = await m.find(Defect, { where: { inspectionId: insp.id, suggested: true }, order: { defectNo: 'ASC' } });
      } else {
        const ids = checkDefectIds(defectIds);
        rows = await m.find(Defect, { where: { id: In(ids), inspectionId: insp.id }, order: { defectNo: 'ASC' } });
        if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
        if (rows.some((d) => !d.suggested))
          throw new AppError('DEFECT_NOT_SUGGESTED', { details: { defectIds: rows.filter((d) => !d.suggested).map((d) => d.id) } });
      }
      if (decision === 'accept') await this.acceptRows(m, user, rows);
      else if (rows.length) await m.delete(Defect, { id: In(rows.map((d) => d.id)) });
      if (rows.length) {
        await this.settle(m, insp.id, user.userId);
      }
      const decided = rows.map((d) => d.id);
      return decision === 'accept'
        ? { inspectionId: insp.id, accepted: rows.length, defectIds: decided }
        : { inspectionId: insp.id, rejected: rows.length, defectIds: decided };
    });
  }

  private async acceptRows(m: EntityManager, user: AuthUser, rows: Defect[]) {
    for (const d of rows) {
      d.suggested = false;
      await m.update(Defect, { id: d.id }, { suggested: false });
      await this.events.publish(m, EventTypes.InspectionDefectCreated, d.id, payload(d), user.userId);
    }
  }

  /**
   * Defects of one park, turbine or inspection (searching is per single park, SPEC §5), paged
   * and sorted on the server; filters severity, defectType, dpsStatus, bladePosition,
   * timelineStatus, imageId. Each sort field walks an index of (park, field, id).
   */
  async list(user: AuthUser, q: DefectListQuery): Promise<DefectPage> {
    const page = parsePage(q, Object.keys(SORT), { sortField: 'dpsStatus', pageSize: 20 });
    const params: unknown[] = [];
    const where: string[] = [];
    const windFarmId = q.windFarmId ?? q.windParkId;
    const includeSuggested = q.includeSuggested === true;
    const onlySuggested = q.suggested === true;
    // Suggestions belong to one inspection's pre-label: the park and turbine lists never show them.
    if ((includeSuggested || onlySuggested) && !q.inspectionId) invalid('includeSuggested', 'only with inspectionId');
    if (onlySuggested) where.push('d.suggested');
    else if (!includeSuggested) where.push('NOT d.suggested');
    if (q.inspectionId) {
      await loadInspection(this.ds.manager, user, q.inspectionId);
      where.push(`d.inspection_id = $${params.push(q.inspectionId)}`);
    } else if (q.turbineId) {
      const t = await this.ds.getRepository(TurbineRef).findOne({ where: { turbineId: q.turbineId } });
      await this.visiblePark(user, t?.windParkId);
      where.push(`d.turbine_id = $${params.push(q.turbineId)}`);
    } else if (windFarmId) {
      await this.visiblePark(user, windFarmId);
      where.push(`d.wind_park_id = $${params.push(windFarmId)}`);
    } else {
      invalid('windFarmId', 'windFarmId, turbineId or inspectionId is required');
    }
    if (q.severity?.length) where.push(`d.severity = ANY($${params.push(q.severity)}::int[])`);
    if (q.dpsStatus?.length) where.push(`d.dps_status = ANY($${params.push(q.dpsStatus)}::int[])`);
    if (q.bladePosition?.length) where.push(`d.blade_position = ANY($${params.push(q.bladePosition)}::int[])`);
    const types = q.defectType ?? q.type ?? [];
    if (types.length) where.push(`lower(d.defect_type) = ANY($${params.push(types.map((t) => t.toLowerCase()))}::text[])`);
    if (q.timelineStatus?.length) where.push(`d.timeline_status = ANY($${params.push(q.timelineStatus)}::text[])`);
    if (q.imageId) where.push(`d.image_id = $${params.push(q.imageId)}`);
    const dir = page.descending ? 'DESC' : 'ASC';
    const whereSql = where.join(' AND ');
    const ids: { id: string }[] = await this.ds.query(
      `SELECT d.id FROM ${schemaName(this.ds)}.defect d WHERE ${whereSql} ORDER BY ${SORT[page.sortField]} ${dir}, d.id ${dir} LIMIT ${page.take} OFFSET ${page.skip}`,
      params,
    );
    const { totalCount, totalCountExact } = await this.count(whereSql, params);
    const rows = ids.length ? await this.ds.getRepository(Defect).find({ where: { id: In(ids.map((r) => r.id)) } }) : [];
    const inspections = new Map(
      (rows.length
        ? await this.ds.getRepository(Inspection).find({ where: { id: In([...new Set(rows.map((r) => r.inspectionId))]) } })
        : []
      ).map((i) => [i.id, i]),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      results: ids.map(({ id }) => {
        const d = byId.get(id)!;
        const i = inspections.get(d.inspectionId);
        return presentDefect(d, { turbineName: i?.turbineName, inspectionDate: i?.inspectionDate });
      }),
      totalCount,
      totalCountExact,
    };
  }

  /** Exact up to COUNT_EXACT_LIMIT, the planner's estimate beyond (see the kit's cappedCount). */
  private count(whereSql: string, params: unknown[]): Promise<ListCount> {
    return cappedCount(this.ds, `FROM ${schemaName(this.ds)}.defect d WHERE ${whereSql}`, params);
  }

  private async visiblePark(user: AuthUser, parkId: string | undefined) {
    const park = parkId ? await this.ds.getRepository(ParkRef).findOne({ where: { windParkId: parkId } }) : null;
    if (!park || !canSeeRow(user, park)) throw new AppError('NOT_FOUND');
    return park;
  }

  async load(m: EntityManager, user: AuthUser, defectId: string, lock = false) {
    if (!isUuid(defectId)) throw new AppError('NOT_FOUND');
    const d = await m.findOne(Defect, { where: { id: defectId } });
    if (!d) throw new AppError('NOT_FOUND');
    const insp = await loadInspection(m, user, d.inspectionId, lock);
    return { d, insp };
  }

  /** The given 6-digit number (unique in the inspection: -10018), or the next free one. */
  private async defectNo(m: EntityManager, insp: Inspection, given: string | undefined): Promise<string> {
    if (given !== undefined && given !== null && given !== '') {
      must(checkDefectId(given), 'defectNo');
      if (await m.exists(Defect, { where: { inspectionId: insp.id, defectNo: given } })) throw new AppError(-10018);
      return given;
    }
    const [{ next }] = await m.query(
      `SELECT coalesce(max(defect_no::int), 0) + 1 AS next FROM ${schemaName(m.connection)}.defect WHERE inspection_id = $1`,
      [insp.id],
    );
    if (next > 999_999) throw new AppError('INVALID_DEFECT_ID');
    return String(next).padStart(6, '0');
  }
}

/** 1..BULK_MAX distinct defect ids; an empty list is "select at least one defect". */
function checkDefectIds(v: unknown): string[] {
  if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) throw new AppError('SELECT_AT_LEAST_ONE_DEFECT');
  if (!Array.isArray(v) || v.length > BULK_MAX) invalid('defectIds', `a list of 1..${BULK_MAX} defect ids`);
  const list = v as unknown[];
  if (!list.every(isUuid)) throw new AppError('NOT_FOUND', { details: [{ field: 'defectIds' }] });
  const ids = [...new Set(list as string[])];
  if (ids.length !== list.length) throw new AppError('DUPLICATE_VALUES', { details: [{ field: 'defectIds' }] });
  return ids;
}

/** At least one field (the DTO allows only the bulk fields and checks the numbers); texts by applyDefect like a single PATCH. */
function checkBulkChanges(v: BulkChangesDto): DefectFieldsDto {
  const out: DefectFieldsDto = {};
  if (v.severity !== undefined) out.severity = v.severity;
  if (v.defectType !== undefined) out.defectType = v.defectType;
  if (v.layer !== undefined) out.layer = v.layer;
  if (v.affectedPart !== undefined) out.affectedPart = v.affectedPart;
  if (v.recommendation !== undefined) out.recommendation = v.recommendation;
  if (v.repairPriority !== undefined) out.repairPriority = v.repairPriority;
  if (!Object.keys(out).length) invalid('changes', 'at least one field');
  return out;
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
