import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, isUuid } from '@windward/contracts';
import { KeptAnswers, parsePage, type AuthUser } from '@windward/service-kit';
import { loadVisiblePark } from '../common/access.js';
import { parkVersion } from '../common/park-version.js';
import { DefectsService } from '../defects/defects.service.js';
import { GrowthDecision } from './growth-decision.entity.js';
import type { GrowthQuery } from './growth.dto.js';
import { GrowthRepository, type ChainRow } from './growth.repository.js';
import type { DefectGrowthPage, DefectGrowthView } from './growth.view.js';

/** Default rate (% size growth per month) above which an upgrade is suggested; env GROWTH_UPGRADE_RATE. */
export const growthRate = () => Number(process.env.GROWTH_UPGRADE_RATE) || 10;
const DAYS_PER_MONTH = 30.4375;
/** Parks (times rate) whose growth lists one instance keeps. */
const KEPT_PARKS = 200;

const num = (v: string | null) => (v === null ? null : Number(v));
const sizeOf = (r: ChainRow): number | null => {
  const l = num(r.size_length);
  const w = num(r.size_width);
  if (l !== null && w !== null) return Math.round(l * w * 1e6) / 1e6;
  return l ?? w;
};
const round = (n: number) => Math.round(n * 100) / 100;

/** Growth of one chain (rows newest first) and its suggestion at `rate`. */
export function growthOf(rows: ChainRow[], rate: number, decision: GrowthDecision | undefined): DefectGrowthView {
  const head = rows[0]!;
  const history = [...rows].reverse().map((r) => ({ defectId: r.id, inspectionDate: r.inspection_date, severity: r.severity, size: sizeOf(r) }));
  const first = history[0]!;
  const last = history.at(-1)!;
  const months = Math.max(0, (Date.parse(last.inspectionDate) - Date.parse(first.inspectionDate)) / 86_400_000 / DAYS_PER_MONTH);
  const sized = history.filter((h) => h.size !== null && h.size > 0);
  const sizeGrowth = months > 0 && sized.length >= 2 ? ((sized.at(-1)!.size! / sized[0]!.size! - 1) * 100) / months : null;
  const severityPerMonth = months > 0 ? ((last.severity ?? 0) - (first.severity ?? 0)) / months : 0;
  let suggestedSeverity: number | null = null;
  let suggestedPriority: number | null = null;
  if (!decision && sizeGrowth !== null && sizeGrowth > rate) {
    if ((head.severity ?? 0) < 5) suggestedSeverity = (head.severity ?? 0) + 1;
    if ((head.repair_priority ?? 4) > 1) suggestedPriority = (head.repair_priority ?? 4) - 1;
  }
  return {
    defectId: head.id,
    defectNo: head.defect_no,
    defectType: head.defect_type,
    turbineId: head.turbine_id,
    turbineName: head.turbine_name,
    bladePosition: head.blade_position,
    distanceToRoot: num(head.distance_to_root),
    severity: head.severity,
    repairPriority: head.repair_priority,
    history,
    months: round(months),
    sizeGrowthPctPerMonth: sizeGrowth === null ? null : round(sizeGrowth),
    severityPerMonth: round(severityPerMonth),
    suggestedSeverity,
    suggestedPriority,
    decision: decision?.decision ?? null,
  };
}

function groupChains(rows: ChainRow[]): ChainRow[][] {
  const out = new Map<string, ChainRow[]>();
  for (const r of rows) out.set(r.head_id, [...(out.get(r.head_id) ?? []), r]);
  return [...out.values()];
}

/**
 * Defect growth (issue #21 point 6): every defect linked across inspections with its size and
 * severity change per month, fastest growing first, and a suggested severity/priority upgrade
 * when growth passes the rate, which an engineer accepts (the defect is updated, its event
 * published) or dismisses. Nothing changes without that decision.
 */
@Injectable()
export class GrowthService {
  /** A park's chains walk every linked defect: kept per park version and rate (`parkVersion`). */
  private readonly kept = new KeptAnswers<DefectGrowthView[]>(KEPT_PARKS);

  constructor(
    private readonly ds: DataSource,
    private readonly repo: GrowthRepository,
    private readonly defects: DefectsService,
  ) {}

  async park(user: AuthUser, parkId: string, q: GrowthQuery): Promise<DefectGrowthPage> {
    await loadVisiblePark(this.ds.manager, user, parkId);
    const rate = q.rate ?? growthRate();
    const all = await this.kept.get(`${await parkVersion(this.ds, parkId)}|${rate}`, () => this.parkGrowth(parkId, rate));
    const page = parsePage(q, ['growth'], { sortField: 'growth' });
    return { results: all.slice(page.skip, page.skip + page.take), totalCount: all.length, rate };
  }

  /** Every chain of the park with its growth, fastest growing first. */
  private async parkGrowth(parkId: string, rate: number): Promise<DefectGrowthView[]> {
    const chains = groupChains(await this.repo.chains({ windParkId: parkId }));
    const decisions = await this.decisions(chains.map((c) => c[0]!.id));
    return chains
      .map((c) => growthOf(c, rate, decisions.get(c[0]!.id)))
      .sort((a, b) => (b.sizeGrowthPctPerMonth ?? -Infinity) - (a.sizeGrowthPctPerMonth ?? -Infinity) || b.severityPerMonth - a.severityPerMonth);
  }

  /** Applies the pending suggestion to the defect (ILLEGAL_TRANSITION when there is none). */
  async accept(user: AuthUser, defectId: string, rate = growthRate()): Promise<DefectGrowthView> {
    const g = await this.one(user, defectId, rate);
    if (g.suggestedSeverity === null && g.suggestedPriority === null) throw new AppError('ILLEGAL_TRANSITION', { details: { reason: 'no pending suggestion' } });
    await this.defects.update(user, defectId, {
      ...(g.suggestedSeverity !== null ? { severity: g.suggestedSeverity } : {}),
      ...(g.suggestedPriority !== null ? { repairPriority: g.suggestedPriority } : {}),
    });
    await this.decide(user, defectId, 'ACCEPTED', g);
    return this.one(user, defectId, rate);
  }

  async dismiss(user: AuthUser, defectId: string, rate = growthRate()): Promise<DefectGrowthView> {
    const g = await this.one(user, defectId, rate);
    if (g.suggestedSeverity === null && g.suggestedPriority === null) throw new AppError('ILLEGAL_TRANSITION', { details: { reason: 'no pending suggestion' } });
    await this.defects.get(user, defectId);
    await this.decide(user, defectId, 'DISMISSED', g);
    return this.one(user, defectId, rate);
  }

  private async one(user: AuthUser, defectId: string, rate: number): Promise<DefectGrowthView> {
    if (!isUuid(defectId)) throw new AppError('NOT_FOUND');
    await this.defects.get(user, defectId); // scope: the same 404
    const rows = await this.repo.chains({ defectId });
    if (!rows.length) throw new AppError('NOT_FOUND');
    return growthOf(rows, rate, (await this.decisions([defectId])).get(defectId));
  }

  private async decide(user: AuthUser, defectId: string, decision: 'ACCEPTED' | 'DISMISSED', g: DefectGrowthView) {
    await this.ds.getRepository(GrowthDecision).save({
      defectId,
      decision,
      suggestedSeverity: g.suggestedSeverity,
      suggestedPriority: g.suggestedPriority,
      decidedBy: user.userId,
      decidedAt: new Date(),
    });
  }

  private async decisions(ids: string[]): Promise<Map<string, GrowthDecision>> {
    if (!ids.length) return new Map();
    const rows = await this.ds.getRepository(GrowthDecision).createQueryBuilder('g').where('g.defect_id = ANY(:ids)', { ids }).getMany();
    return new Map(rows.map((r) => [r.defectId, r]));
  }
}
