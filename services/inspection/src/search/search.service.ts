import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, ARCHIVE_MAX_IMAGES, EXPORT_MAX_DEFECTS, QUERY_MAX_TURBINES, isUuid } from '@windward/contracts';
import { parsePage, uniqueAsConflict, type AuthUser } from '@windward/service-kit';
import { canSeeRow, loadVisibleParkVersion } from '../common/access.js';
import { presentDefect } from '../defects/defect-rules.js';
import { presentImage } from '../images/images.service.js';
import type { AdvancedCriteriaDto, AdvancedSearchDto, SaveQueryDto, SearchFilterQuery, SinglePointQuery } from './search.dto.js';
import {
  DEFECT_SEARCH_SORT_FIELDS,
  IMAGE_SEARCH_SORT_FIELDS,
  SearchRepository,
  type DefectHitRow,
  type GalleryRow,
  type SearchFilter,
} from './search.repository.js';
import { SavedQuery } from './saved-query.entity.js';
import type {
  DefectHitPage,
  DefectHitView,
  ExportSelectionView,
  ImageExportSelectionView,
  ImageHitPage,
  ImageHitView,
  SavedQueryView,
  SinglePointView,
} from './search.view.js';

/** Single-point window half-width (m) when none is given. */
const SINGLE_POINT_TOLERANCE_M = 1;

/**
 * Data Center search (SPEC §5: per single wind park), its defect export selection (SPEC §9: at
 * most 2,500 defects), the advanced search over at most 200 turbines, saved queries and the
 * single-point export.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: SearchRepository,
  ) {}

  async defects(user: AuthUser, q: SearchFilterQuery): Promise<DefectHitPage> {
    const f = await this.parkFilter(user, q);
    const page = parsePage(q, DEFECT_SEARCH_SORT_FIELDS, { sortField: 'inspectionDate', descending: true, pageSize: 20 });
    const { rows, totalCount, totalCountExact } = await this.repo.defectPage(user, f, page);
    return { results: rows.map(presentDefectHit), totalCount, totalCountExact };
  }

  async images(user: AuthUser, q: SearchFilterQuery): Promise<ImageHitPage> {
    const f = await this.parkFilter(user, q);
    const page = parsePage(q, IMAGE_SEARCH_SORT_FIELDS, { sortField: 'inspectionDate', descending: true, pageSize: 24 });
    const { rows, totalCount, totalCountExact } = await this.repo.imagePage(user, f, page);
    return { results: rows.map(presentGalleryImage), totalCount, totalCountExact };
  }

  /**
   * The defects an Excel export of this search holds: none → NO_QUALIFYING_DEFECTS, more than
   * 2,500 → -13012 (export over 2500 defects); the console then asks the report service for the file.
   */
  async exportSelection(user: AuthUser, q: SearchFilterQuery): Promise<ExportSelectionView> {
    const f = await this.parkFilter(user, q);
    const ids = await this.repo.defectIds(user, f, EXPORT_MAX_DEFECTS + 1);
    if (!ids.length) throw new AppError('NO_QUALIFYING_DEFECTS');
    if (ids.length > EXPORT_MAX_DEFECTS) throw new AppError(-13012);
    return { windFarmId: q.windFarmId, count: ids.length, defectIds: ids };
  }

  /**
   * An image export of the search (SPEC §5 "searching or exporting images works per single wind
   * park"): the gallery's images — every active image of the filters, or with defect filters those
   * showing a matching defect — and the search's defects for the manifest. No image →
   * NO_QUALIFYING_IMAGES; more than 2,500 images → EXPORT_ARCHIVE_TOO_LARGE; more than 2,500
   * defects → -13012. The console hands it to the report service, which builds the archive.
   */
  async imageExportSelection(user: AuthUser, q: SearchFilterQuery): Promise<ImageExportSelectionView> {
    const f = await this.parkFilter(user, q);
    const images = await this.repo.imageRefs(user, f, ARCHIVE_MAX_IMAGES + 1);
    if (!images.length) throw new AppError('NO_QUALIFYING_IMAGES');
    if (images.length > ARCHIVE_MAX_IMAGES) throw new AppError('EXPORT_ARCHIVE_TOO_LARGE');
    const defectIds = await this.repo.defectIds(user, f, EXPORT_MAX_DEFECTS + 1);
    if (defectIds.length > EXPORT_MAX_DEFECTS) throw new AppError(-13012);
    return {
      windFarmId: q.windFarmId,
      count: images.length,
      images: images.map((r) => ({ imageId: r.image_id, inspectionId: r.inspection_id })),
      defectIds,
    };
  }

  /** Advanced search: any turbines of the caller's scope, at most 200 (checked before anything runs). */
  async advanced(user: AuthUser, dto: AdvancedSearchDto): Promise<DefectHitPage> {
    const f = await this.turbineFilter(user, dto.criteria);
    const page = parsePage(dto, DEFECT_SEARCH_SORT_FIELDS, { sortField: 'inspectionDate', descending: true, pageSize: 20 });
    const { rows, totalCount, totalCountExact } = await this.repo.defectPage(user, f, page);
    return { results: rows.map(presentDefectHit), totalCount, totalCountExact };
  }

  async savedQueries(user: AuthUser): Promise<SavedQueryView[]> {
    const rows = await this.ds.getRepository(SavedQuery).find({ where: { userId: user.userId }, order: { createdAt: 'DESC' } });
    return rows.map(presentQuery);
  }

  async saveQuery(user: AuthUser, dto: SaveQueryDto): Promise<SavedQueryView> {
    if (dto.criteria.turbineIds.length > QUERY_MAX_TURBINES) throw new AppError('QUERY_TOO_MANY_TURBINES');
    const name = dto.name.trim();
    if (!name) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'name' }] });
    const row = await uniqueAsConflict(
      () => this.ds.getRepository(SavedQuery).save({ userId: user.userId, name, criteria: { ...dto.criteria } }),
      { saved_query_user_name_uq: 'DUPLICATE_VALUES' },
    );
    return presentQuery(row);
  }

  async deleteQuery(user: AuthUser, id: string): Promise<void> {
    const r = await this.ds.getRepository(SavedQuery).delete({ id, userId: user.userId });
    if (!r.affected) throw new AppError('NOT_FOUND');
  }

  /** Every image and defect around one point of a blade (± tolerance), across the turbine's inspections. */
  async singlePoint(user: AuthUser, q: SinglePointQuery): Promise<SinglePointView> {
    const [t] = await this.repo.turbines([q.turbineId]);
    if (!t || !canSeeRow(user, { customerId: t.customer_id, windParkId: t.wind_park_id })) throw new AppError('NOT_FOUND');
    const tol = q.tolerance ?? SINGLE_POINT_TOLERANCE_M;
    const { images, defects } = await this.repo.singlePoint(user, {
      turbineId: q.turbineId,
      bladePosition: q.bladePosition,
      viewIndex: q.viewIndex,
      from: q.distanceToRoot - tol,
      to: q.distanceToRoot + tol,
    });
    return { images: images.map(presentGalleryImage), defects: defects.map(presentDefectHit) };
  }

  // --- helpers ---------------------------------------------------------------------------

  private async parkFilter(user: AuthUser, q: SearchFilterQuery): Promise<SearchFilter> {
    if ((q.turbineId?.length ?? 0) > QUERY_MAX_TURBINES) throw new AppError('QUERY_TOO_MANY_TURBINES');
    const { version } = await loadVisibleParkVersion(this.ds.manager, user, q.windFarmId);
    return {
      windFarmId: q.windFarmId,
      parkVersion: version,
      turbineIds: q.turbineId,
      componentType: q.componentType,
      bladePosition: q.bladePosition,
      viewIndex: q.viewIndex,
      severity: q.severity,
      defectType: q.defectType,
      timelineStatus: q.timelineStatus,
      repairStatus: q.repairStatus,
      dpsStatus: q.dpsStatus,
      dateFrom: q.dateFrom,
      dateTo: q.dateTo,
    };
  }

  private async turbineFilter(user: AuthUser, c: AdvancedCriteriaDto): Promise<SearchFilter> {
    const ids = [...new Set(c.turbineIds)];
    if (ids.length > QUERY_MAX_TURBINES) throw new AppError('QUERY_TOO_MANY_TURBINES');
    const known = await this.repo.turbines(ids.filter(isUuid));
    const visible = new Set(
      known.filter((t) => canSeeRow(user, { customerId: t.customer_id, windParkId: t.wind_park_id })).map((t) => t.turbine_id),
    );
    if (!ids.every((id) => visible.has(id))) throw new AppError('NOT_FOUND');
    const { turbineIds: _t, ...rest } = c;
    return { ...rest, turbineIds: ids };
  }
}

/** What the search shows beside every hit: the inspection's turbine, date and component. */
const hitColumns = (r: { turbineName: string; inspectionDate: string; componentType: number }) => ({
  turbineName: r.turbineName,
  inspectionDate: r.inspectionDate,
  componentType: r.componentType,
});

function presentDefectHit(r: DefectHitRow): DefectHitView {
  return presentDefect(r, { ...hitColumns(r), repairStatus: r.repairStatus });
}

function presentGalleryImage(r: GalleryRow): ImageHitView {
  return presentImage(r, { ...hitColumns(r), defects: r.defects });
}

function presentQuery(q: SavedQuery): SavedQueryView {
  return { queryId: q.id, name: q.name, criteria: q.criteria as unknown as AdvancedCriteriaDto, createdAt: q.createdAt };
}
