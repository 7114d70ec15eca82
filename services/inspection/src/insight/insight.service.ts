import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  HEALTH_EXCELLENT_MAX_SEVERITY,
  HEALTH_POOR_SEVERITY,
  HealthLevel,
  healthScore,
} from '@windward/contracts';
import { KeptAnswers, type AuthUser } from '@windward/service-kit';
import { canSeeRow, loadVisiblePark } from '../common/access.js';
import { parkVersion, parkVersions } from '../common/park-version.js';
import { ParkRef } from '../refs/refs.entity.js';
import type { HealthParksQuery, InsightQuery } from './insight.dto.js';
import { InsightRepository, type TurbineHealthRow } from './insight.repository.js';
import type {
  ErosionCountsView,
  KeyedCountsView,
  ParkHealthSummaryView,
  ParkHealthView,
  ParkInsightView,
  SeverityCountsView,
  TurbineHealthView,
} from './insight.view.js';

const DEFAULT_ZONE_M = 5;
/** Parks (times component and zone width for the insight; park lists for the health list) whose answers one instance keeps. */
const KEPT_PARKS = 500;

/** A park's past-year turbine figures and the window they cover. */
interface ParkHealthRows {
  rows: TurbineHealthRow[];
  windowFrom: string;
}

/** Health care (SPEC §9) and the data insight of a park. */
@Injectable()
export class InsightService {
  /**
   * The aggregates over a park's defects (100,000s of rows on a large park) kept per park version
   * (`parkVersion`): a dashboard opened by many people runs them once per change of the park, and
   * concurrent openings share one run. Access is checked on every request.
   */
  private readonly health = new KeptAnswers<ParkHealthRows>(KEPT_PARKS);
  private readonly healthLists = new KeptAnswers<TurbineHealthRow[]>(KEPT_PARKS);
  private readonly insights = new KeptAnswers<ParkInsightView>(KEPT_PARKS);

  constructor(
    private readonly ds: DataSource,
    private readonly repo: InsightRepository,
  ) {}

  async parkHealth(user: AuthUser, parkId: string): Promise<ParkHealthView> {
    const park = await this.park(user, parkId);
    const { rows, windowFrom } = await this.health.get(await parkVersion(this.ds, parkId), async () => {
      const [rows, windowFrom] = await Promise.all([this.repo.turbineHealth([parkId]), this.repo.windowFrom()]);
      return { rows, windowFrom };
    });
    return { ...scorePark(park, rows), windowFrom, turbines: rows.map(scoreTurbine) };
  }

  /** Every park of the caller's scope (optionally one customer's) with its health. */
  async parksHealth(user: AuthUser, q: HealthParksQuery): Promise<ParkHealthSummaryView[]> {
    const parks = (await this.ds.getRepository(ParkRef).find({ where: { active: true, ...(q.customerId ? { customerId: q.customerId } : {}) }, order: { name: 'ASC' } })).filter(
      (p) => canSeeRow(user, p),
    );
    if (!parks.length) return [];
    const ids = parks.map((p) => p.windParkId);
    // Kept under the versions of every park listed, read in one statement when any changed.
    const versions = await parkVersions(this.ds, ids);
    const rows = await this.healthLists.get(ids.map((id) => versions.get(id)).join(','), () => this.repo.turbineHealth(ids));
    return parks.map((p) => {
      const h = scorePark(p, rows.filter((r) => r.wind_park_id === p.windParkId));
      return { windFarmId: h.windFarmId, name: h.name, level: h.level, inspectedTurbines: h.inspectedTurbines, turbineCount: h.turbineCount, level4Share: h.level4Share };
    });
  }

  async parkInsight(user: AuthUser, parkId: string, q: InsightQuery): Promise<ParkInsightView> {
    await this.park(user, parkId);
    const zoneM = q.zoneM ?? DEFAULT_ZONE_M;
    const key = `${await parkVersion(this.ds, parkId)}|${q.componentType ?? ''}|${zoneM}`;
    return this.insights.get(key, () => this.computeInsight(parkId, q.componentType, zoneM));
  }

  private async computeInsight(parkId: string, componentType: number | undefined, zoneM: number): Promise<ParkInsightView> {
    const [byType, byComponent, perTurbine, zones, erosion] = await Promise.all([
      this.repo.countsBy(parkId, componentType, 'defect_type'),
      this.repo.countsBy(parkId, componentType, 'component'),
      this.repo.severityPerTurbine(parkId, componentType),
      this.repo.bladeZones(parkId, componentType, zoneM),
      this.repo.leadingEdgeErosion(parkId, zoneM),
    ]);
    const bySeverity = emptyCounts();
    for (const r of byType) add(bySeverity, r.severity, r.n);
    const erosionPark = groupCounts(erosion, (r) => `${r.inspection_date}|${r.zone}`, (r) => ({ inspectionDate: r.inspection_date, zone: r.zone }));
    const erosionTurbines = groupCounts(erosion, (r) => r.turbine_id, (r) => ({ turbineId: r.turbine_id, turbineName: r.turbine_name })).map((t) => ({
      turbineId: t.turbineId,
      turbineName: t.turbineName,
      zones: groupCounts(
        erosion.filter((r) => r.turbine_id === t.turbineId),
        (r) => `${r.inspection_date}|${r.zone}`,
        (r) => ({ inspectionDate: r.inspection_date, zone: r.zone }),
      ) as ErosionCountsView[],
    }));
    return {
      windFarmId: parkId,
      zoneM,
      bySeverity,
      byType: sortByTotal(groupCounts(byType, (r) => r.key ?? '', (r) => ({ key: r.key ?? '' }))) as KeyedCountsView[],
      byComponent: groupCounts(byComponent, (r) => r.key ?? '', (r) => ({ key: r.key ?? '' })) as KeyedCountsView[],
      perTurbine: groupCounts(perTurbine, (r) => r.turbine_id, (r) => ({ turbineId: r.turbine_id, turbineName: r.turbine_name })),
      bladeZones: groupCounts(zones, (r) => String(r.zone), (r) => ({ zone: r.zone })),
      leadingEdgeErosion: { park: erosionPark, turbines: erosionTurbines },
    };
  }

  private park(user: AuthUser, parkId: string): Promise<ParkRef> {
    return loadVisiblePark(this.ds.manager, user, parkId);
  }
}

/** SPEC §9 on one turbine: unknown without past-year O&M, else the rule over its own highest severity. */
export function scoreTurbine(r: TurbineHealthRow): TurbineHealthView {
  return {
    turbineId: r.turbine_id,
    turbineName: r.name,
    level: r.inspections > 0 ? healthScore({ turbineMaxSeverities: [r.max_severity] }) : HealthLevel.UNKNOWN,
    maxSeverity: r.max_severity,
    inspections: r.inspections,
    lastInspectionDate: r.last_inspection_date,
  };
}

/**
 * SPEC §9 on a park. The population is the turbines with O&M (an inspection) in the past year;
 * none → unknown (docs/inspection.md, decisions).
 */
export function scorePark(park: ParkRef, rows: TurbineHealthRow[]): Omit<ParkHealthView, 'turbines' | 'windowFrom'> {
  const inspected = rows.filter((r) => r.inspections > 0);
  const sev = inspected.map((r) => r.max_severity);
  const high = sev.filter((s) => s !== null && s >= HEALTH_POOR_SEVERITY).length;
  return {
    windFarmId: park.windParkId,
    name: park.name,
    level: healthScore({ turbineMaxSeverities: sev, hasOmInPastYear: inspected.length > 0 }),
    turbineCount: rows.length,
    inspectedTurbines: inspected.length,
    turbinesAboveLevel2: sev.filter((s) => s !== null && s > HEALTH_EXCELLENT_MAX_SEVERITY).length,
    turbinesLevel4OrHigher: high,
    level4Share: inspected.length ? high / inspected.length : 0,
  };
}

function emptyCounts(): SeverityCountsView {
  return { severities: [0, 0, 0, 0, 0, 0], unrated: 0, total: 0 };
}

function add(c: SeverityCountsView, severity: number | null, n: number) {
  if (severity === null || severity < 0 || severity > 5) c.unrated += n;
  else c.severities[severity]! += n;
  c.total += n;
}

/** Rows of (…, severity, n) grouped by a key into severity counts, in first-seen order. */
function groupCounts<R extends { severity: number | null; n: number }, E extends object>(rows: R[], key: (r: R) => string, extra: (r: R) => E): (E & SeverityCountsView)[] {
  const out = new Map<string, E & SeverityCountsView>();
  for (const r of rows) {
    const k = key(r);
    let c = out.get(k);
    if (!c) out.set(k, (c = { ...extra(r), ...emptyCounts() }));
    add(c, r.severity, r.n);
  }
  return [...out.values()];
}

function sortByTotal<T extends SeverityCountsView>(list: T[]): T[] {
  return list.sort((a, b) => b.total - a.total);
}
