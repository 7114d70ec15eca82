import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '@windward/contracts';
import { parsePage, type AuthUser } from '@windward/service-kit';
import { loadInspectionScope, loadVisiblePark } from '../common/access.js';
import { TurbineRef } from '../refs/refs.entity.js';
import { invalid } from '../common/checks.js';
import type { DefectListQuery } from './defect.dto.js';
import type { DefectPage } from './defect.view.js';
import { DEFECT_SORT_FIELDS, DefectRepository, type DefectFilter } from './defect.repository.js';
import { presentDefect } from './defect-rules.js';

/** The defect lists (park, turbine, inspection): paged, sorted and filtered on the server. */
@Injectable()
export class DefectListService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: DefectRepository,
  ) {}

  /**
   * Defects of one park, turbine or inspection (searching is per single park, SPEC §5), paged
   * and sorted on the server; filters severity, defectType, dpsStatus, bladePosition,
   * timelineStatus, imageId. Each sort field walks an index of (park, field, id).
   */
  /**
   * Defects of one park, turbine or inspection (searching is per single park, SPEC §5), paged
   * and sorted on the server; filters severity, defectType, dpsStatus, bladePosition,
   * timelineStatus, imageId. Suggestions only within one inspection.
   */
  async list(user: AuthUser, q: DefectListQuery): Promise<DefectPage> {
    const page = parsePage(q, DEFECT_SORT_FIELDS, { sortField: 'dpsStatus', pageSize: 20 });
    const windFarmId = q.windFarmId ?? q.windParkId;
    const includeSuggested = q.includeSuggested === true;
    const onlySuggested = q.suggested === true;
    // Suggestions belong to one inspection's pre-label: the park and turbine lists never show them.
    if ((includeSuggested || onlySuggested) && !q.inspectionId) invalid('includeSuggested', 'only with inspectionId');
    let scope: DefectFilter['scope'];
    if (q.inspectionId) {
      await loadInspectionScope(this.ds.manager, user, q.inspectionId);
      scope = { inspectionId: q.inspectionId };
    } else if (q.turbineId) {
      const t = await this.ds.getRepository(TurbineRef).findOne({ where: { turbineId: q.turbineId } });
      if (!t) throw new AppError('NOT_FOUND');
      await loadVisiblePark(this.ds.manager, user, t.windParkId);
      scope = { turbineId: q.turbineId };
    } else if (windFarmId) {
      await loadVisiblePark(this.ds.manager, user, windFarmId);
      scope = { windParkId: windFarmId };
    } else {
      return invalid('windFarmId', 'windFarmId, turbineId or inspectionId is required');
    }
    const { ids, totalCount, totalCountExact } = await this.repo.findPage(
      {
        scope,
        suggestions: onlySuggested ? 'only' : includeSuggested ? 'include' : 'exclude',
        severity: q.severity,
        dpsStatus: q.dpsStatus,
        bladePosition: q.bladePosition,
        defectTypes: q.defectType ?? q.type,
        timelineStatus: q.timelineStatus,
        imageId: q.imageId,
      },
      page,
    );
    // The page's defects with their inspection's turbine name and date joined: one statement.
    const rows = ids.length ? await this.repo.viewRows(ids) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      results: ids.map((id) => {
        const { turbineName, joinedInspectionDate, ...d } = byId.get(id)!;
        return presentDefect(d, { turbineName, inspectionDate: joinedInspectionDate });
      }),
      totalCount,
      totalCountExact,
    };
  }
}
