import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '@windward/contracts';
import { parsePage, type AuthUser } from '@windward/service-kit';
import { loadInspectionScopeVersion, loadVisibleParkVersion } from '../common/access.js';
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
   * timelineStatus, imageId. Each sort field walks an index of (park, field, id). Suggestions
   * only within one inspection.
   */
  async list(user: AuthUser, q: DefectListQuery): Promise<DefectPage> {
    const page = parsePage(q, DEFECT_SORT_FIELDS, { sortField: 'dpsStatus', pageSize: 20 });
    const windFarmId = q.windFarmId ?? q.windParkId;
    const includeSuggested = q.includeSuggested === true;
    const onlySuggested = q.suggested === true;
    // Suggestions belong to one inspection's pre-label: the park and turbine lists never show them.
    if ((includeSuggested || onlySuggested) && !q.inspectionId) invalid('includeSuggested', 'only with inspectionId');
    // The park's version comes with each scope's access check: the list's count is kept under it.
    let scope: DefectFilter['scope'];
    let version: string;
    if (q.inspectionId) {
      ({ version } = await loadInspectionScopeVersion(this.ds.manager, user, q.inspectionId));
      scope = { inspectionId: q.inspectionId };
    } else if (q.turbineId) {
      const t = await this.ds.getRepository(TurbineRef).findOne({ where: { turbineId: q.turbineId } });
      if (!t) throw new AppError('NOT_FOUND');
      ({ version } = await loadVisibleParkVersion(this.ds.manager, user, t.windParkId));
      scope = { turbineId: q.turbineId };
    } else if (windFarmId) {
      ({ version } = await loadVisibleParkVersion(this.ds.manager, user, windFarmId));
      scope = { windParkId: windFarmId };
    } else {
      return invalid('windFarmId', 'windFarmId, turbineId or inspectionId is required');
    }
    const { rows, totalCount, totalCountExact } = await this.repo.findPage(
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
      version,
    );
    return {
      results: rows.map((r) => presentDefect(r, { turbineName: r.turbineName, inspectionDate: r.joinedInspectionDate })),
      totalCount,
      totalCountExact,
    };
  }
}
