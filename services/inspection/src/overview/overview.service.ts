import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError,
  ComponentType,
  RESULT_COMPONENT_ORDER,
  bladeColorLevel,
  canEditComponentWith,
  canShowComponentWith,
  isUuid,
  type Right,
} from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { canSeeRow } from '../common/access.js';
import { invalid } from '../common/checks.js';
import { ParkRef, TurbineRef } from '../refs/refs.entity.js';
import { presentLps, LpsService } from '../lps/lps.service.js';
import { ImagesService } from '../images/images.service.js';
import { InspectionRepository, type InspectionRow } from '../inspections/inspection.repository.js';
import { presentInspection } from '../inspections/inspections.service.js';
import type { ComponentResultsQuery, ParkOverviewQuery } from './overview.dto.js';
import { OverviewRepository } from './overview.repository.js';
import type {
  ComponentInspectionView,
  ComponentResultsView,
  LpsSummaryView,
  OverviewComponentTotalsView,
  OverviewTurbineView,
  ParkOverviewView,
  OverviewSeverityCountsView,
} from './overview.view.js';

export function emptyCounts(): OverviewSeverityCountsView {
  return { tbd: 0, bySeverity: [0, 0, 0, 0, 0, 0], total: 0, worstSeverity: null, worstLevel: 0 };
}

/** Adds `n` defects of a severity (null = TBD) and keeps the worst severity and its colour level. */
export function addCount(c: OverviewSeverityCountsView, severity: number | null, n: number): void {
  if (n <= 0) return;
  c.total += n;
  if (severity === null) c.tbd += n;
  else {
    c.bySeverity[severity] = (c.bySeverity[severity] ?? 0) + n;
    if (c.worstSeverity === null || severity > c.worstSeverity) c.worstSeverity = severity;
  }
  c.worstLevel = c.worstSeverity !== null ? bladeColorLevel(c.worstSeverity) : c.tbd > 0 ? bladeColorLevel('TBD') : 0;
}

const hasRightOf = (user: AuthUser) => (r: Right) => user.rights.includes(r);

/**
 * Components the caller asked for and may see (SPEC §6 show rights). Asking for a component
 * without its right, or seeing none at all, is refused.
 */
function visibleComponents(user: AuthUser, asked: number[] | undefined): number[] {
  const has = hasRightOf(user);
  if (asked?.length) {
    if (asked.some((c) => !canShowComponentWith(has, c))) throw new AppError('NO_ACCESS_RIGHTS');
    return RESULT_COMPONENT_ORDER.filter((c) => asked.includes(c));
  }
  const all = RESULT_COMPONENT_ORDER.filter((c) => canShowComponentWith(has, c));
  if (!all.length) throw new AppError('NO_ACCESS_RIGHTS');
  return all;
}

/** The wind farm overview's results and the component page: read-only aggregations over inspections. */
@Injectable()
export class OverviewService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: OverviewRepository,
    private readonly inspections: InspectionRepository,
    private readonly images: ImagesService,
    private readonly lps: LpsService,
  ) {}

  private async park(user: AuthUser, windFarmId: string): Promise<ParkRef> {
    const park = isUuid(windFarmId) ? await this.ds.manager.findOne(ParkRef, { where: { windParkId: windFarmId } }) : null;
    if (!park || !canSeeRow(user, { customerId: park.customerId, windParkId: park.windParkId })) throw new AppError('NOT_FOUND');
    return park;
  }

  /**
   * Every turbine of the park with its latest inspection (by date) of each component, in four
   * statements whatever the park's size: turbines, latest inspections, defect counts, LPS readings.
   */
  async parkOverview(user: AuthUser, windFarmId: string, q: ParkOverviewQuery): Promise<ParkOverviewView> {
    const components = visibleComponents(user, q.componentTypes);
    const park = await this.park(user, windFarmId);
    const turbines = await this.repo.turbines(park.windParkId);
    const latest = await this.repo.latestInspections(park.windParkId, components, { from: q.from, to: q.to });
    const ids = latest.map((l) => l.id);
    const counts = await this.severityCounts(ids);
    const lpsIds = latest.filter((l) => l.component_type === ComponentType.LPS).map((l) => l.id);
    const lps = await this.lpsSummaries(lpsIds);

    const totals = new Map<number, OverviewComponentTotalsView>(
      components.map((c) => [c, { componentType: c, inspectedTurbines: 0, counts: emptyCounts(), lpsPassed: 0, lpsFailed: 0 }]),
    );
    const byTurbine = new Map<string, OverviewTurbineView>(
      turbines.map((t) => [t.turbine_id, { turbineId: t.turbine_id, turbineName: t.name, serialNumber: t.serial_number, worstLevel: 0, components: [] }]),
    );
    const order = (c: number) => components.indexOf(c);
    for (const l of latest) {
      const turbine = byTurbine.get(l.turbine_id);
      if (!turbine) continue; // a deleted turbine's inspections
      const c = counts.get(l.id) ?? emptyCounts();
      const summary = lps.get(l.id) ?? (l.component_type === ComponentType.LPS ? { passed: 0, failed: 0, receptors: [] } : null);
      turbine.components.push({
        componentType: l.component_type,
        inspectionId: l.id,
        inspectionDate: l.day,
        packageType: l.package_type,
        imageCount: l.images,
        counts: c,
        lps: summary,
      });
      turbine.worstLevel = Math.max(turbine.worstLevel, c.worstLevel);
      const total = totals.get(l.component_type)!;
      total.inspectedTurbines += 1;
      c.bySeverity.forEach((n, severity) => addCount(total.counts, severity, n));
      addCount(total.counts, null, c.tbd);
      total.lpsPassed += summary?.passed ?? 0;
      total.lpsFailed += summary?.failed ?? 0;
    }
    for (const t of byTurbine.values()) t.components.sort((a, b) => order(a.componentType) - order(b.componentType));
    return {
      windFarmId: park.windParkId,
      windFarmName: park.name,
      componentTypes: components,
      turbineCount: turbines.length,
      totals: components.map((c) => totals.get(c)!),
      turbines: [...byTurbine.values()],
    };
  }

  /** Defects per severity of each inspection; pre-label suggestions and review-deleted defects (DPS 0) do not count. */
  private async severityCounts(inspectionIds: string[]): Promise<Map<string, OverviewSeverityCountsView>> {
    const out = new Map<string, OverviewSeverityCountsView>();
    if (!inspectionIds.length) return out;
    for (const r of await this.repo.severityCounts(inspectionIds)) {
      const c = out.get(r.inspection_id) ?? emptyCounts();
      addCount(c, r.severity, r.n);
      out.set(r.inspection_id, c);
    }
    return out;
  }

  /** Pass/fail per receptor (blade and receptor id): a receptor passes when every reading of it is within range. */
  private async lpsSummaries(inspectionIds: string[]): Promise<Map<string, LpsSummaryView>> {
    const out = new Map<string, LpsSummaryView>();
    if (!inspectionIds.length) return out;
    for (const row of await this.repo.lpsReadings(inspectionIds)) {
      const view = presentLps(row);
      const summary = out.get(row.inspectionId) ?? { passed: 0, failed: 0, receptors: [] };
      out.set(row.inspectionId, summary);
      let receptor = summary.receptors.find(
        (r) => r.bladePosition === row.bladePosition && r.receptorId.toLowerCase() === row.receptorId.toLowerCase(),
      );
      if (!receptor) {
        receptor = { bladePosition: row.bladePosition, receptorId: row.receptorId, pass: true, readings: [] };
        summary.receptors.push(receptor);
      }
      receptor.pass &&= view.withinRange;
      receptor.readings.push(`${view.side} ${view.reading}`);
    }
    for (const summary of out.values()) {
      summary.passed = summary.receptors.filter((r) => r.pass).length;
      summary.failed = summary.receptors.length - summary.passed;
    }
    return out;
  }

  /** The component page (SPEC §2 /inspection/component): refused without the component's show right. */
  async componentResults(user: AuthUser, turbineId: string, componentTypeText: string, q: ComponentResultsQuery): Promise<ComponentResultsView> {
    const componentType = Number(componentTypeText);
    if (!Number.isInteger(componentType) || !RESULT_COMPONENT_ORDER.includes(componentType as ComponentType))
      invalid('componentType', 'a part-2 component type 0..5');
    const has = hasRightOf(user);
    if (!canShowComponentWith(has, componentType)) throw new AppError('NO_ACCESS_RIGHTS');
    const turbine = await this.ds.manager.findOne(TurbineRef, { where: { turbineId, deleted: false } });
    const park = turbine && (await this.ds.manager.findOne(ParkRef, { where: { windParkId: turbine.windParkId } }));
    if (!turbine || !park || !canSeeRow(user, { customerId: park.customerId, windParkId: park.windParkId })) throw new AppError('NOT_FOUND');
    const { rows } = await this.inspections.findPage(
      user,
      { turbineId, componentType: [componentType] },
      { sortField: 'inspectionDate', descending: true, skip: 0, take: 200, pageIndex: 1, pageSize: 200 },
    );
    const pick = (id: string | undefined): InspectionRow | undefined => {
      if (id === undefined) return undefined;
      const row = rows.find((r) => r.id === id);
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    };
    const current = pick(q.inspectionId) ?? rows[0];
    let previous = pick(q.compareTo);
    if (!previous && current) {
      // Its timeline link, else the next older one (rows are newest first).
      previous = rows.find((r) => r.id === current.previous_inspection_id) ?? rows[rows.indexOf(current) + 1];
    }
    if (previous && current && previous.id === current.id) previous = undefined;
    return {
      turbineId,
      turbineName: turbine.name,
      windFarmId: park.windParkId,
      windFarmName: park.name,
      componentType,
      canEdit: canEditComponentWith(has, componentType),
      inspections: rows.map(presentInspection),
      current: current ? await this.oneInspection(user, current) : null,
      previous: previous ? await this.oneInspection(user, previous) : null,
    };
  }

  private async oneInspection(user: AuthUser, row: InspectionRow): Promise<ComponentInspectionView> {
    const images = await this.images.list(user, row.id, { pageIndex: 1, pageSize: 1000, isActive: true });
    const counts = (await this.severityCounts([row.id])).get(row.id) ?? emptyCounts();
    const lps = row.component_type === ComponentType.LPS ? await this.lps.list(user, row.id) : [];
    return { inspection: presentInspection(row), images: images.results, counts, lps };
  }
}
