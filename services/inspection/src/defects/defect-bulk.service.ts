import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { AppError, EventTypes } from '@windward/contracts';
import { EventPublisher, type AuthUser } from '@windward/service-kit';
import { assertCanEdit, loadInspection } from '../common/access.js';
import { invalid } from '../common/checks.js';
import type { Inspection } from '../inspections/inspection.entity.js';
import { assertNotLockedByOther } from '../locks/edit-lock.store.js';
import { Defect } from './defect.entity.js';
import type { BulkChangesDto, DefectFieldsDto } from './defect.dto.js';
import type { DefectBulkResultView } from './defect.view.js';
import { applyDefect, checkDefectIds, defectEvent, presentDefect, settleDefects } from './defect-rules.js';

/** Labeling's bulk edit: one change for many defects. */
@Injectable()
export class DefectBulkService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

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
      for (const id of inspections.keys()) await settleDefects(m, this.events, id, user.userId);
      for (const d of rows) {
        if (!d.suggested) await this.events.publish(m, EventTypes.InspectionDefectUpdated, d.id, await defectEvent(m, d), user.userId);
      }
      return rows.map((d) => d.id);
    });
    const byId = new Map((await this.ds.getRepository(Defect).find({ where: { id: In(updated) } })).map((d) => [d.id, d]));
    const results = ids.map((id) => presentDefect(byId.get(id)!));
    return { results, totalCount: results.length };
  }
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
