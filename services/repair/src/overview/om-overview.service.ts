import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '@windward/contracts';
import { canSeeCustomer, KeptAnswers, parsePage, type AuthUser } from '@windward/service-kit';
import type { OmOverviewQuery, OmParkListQuery } from './om-overview.dto.js';
import { OM_PARK_SORT_FIELDS, OmOverviewRepository, type OmCountsRow } from './om-overview.repository.js';
import type { OmCountsView, OmOverviewView, OmParkPage } from './om-overview.view.js';

/** Customers (times scope and page) whose overview answers one instance keeps. */
const KEPT_ANSWERS = 500;

function counts(r: OmCountsRow): OmCountsView {
  return {
    turbineCount: r.turbine_count,
    openDefects: r.open_defects,
    openByPriority: [r.p1, r.p2, r.p3, r.p4].map((count, i) => ({ repairPriority: i + 1, count })),
    openWithoutPriority: r.no_priority,
    campaignsPlanned: r.planned,
    campaignsOngoing: r.ongoing,
    campaignsDone: r.done,
    inspectionsDue: r.inspections_due,
  };
}

/**
 * The O&M overview per customer (docs/data-center.md): open defects by repair priority, repair
 * campaigns planned / ongoing / done and inspections due, for the cards and per park. A customer
 * outside the caller's scope is the same 404 as an unknown one; the park scope narrows the parks.
 */
@Injectable()
export class OmOverviewService {
  /**
   * Answers kept per version of the customer's parks in the caller's scope (`version`): the
   * counts walk every open defect of the customer's latest inspections (80,000 on a large park),
   * so many people on the overview run them once per change, and concurrent asks share one run.
   */
  private readonly totalsKept = new KeptAnswers<OmOverviewView>(KEPT_ANSWERS);
  private readonly pagesKept = new KeptAnswers<OmParkPage>(KEPT_ANSWERS);

  constructor(
    private readonly ds: DataSource,
    private readonly repo: OmOverviewRepository,
  ) {}

  private customer(user: AuthUser, customerId: string): string {
    if (!canSeeCustomer(user, customerId)) throw new AppError('NOT_FOUND');
    return customerId.toLowerCase();
  }

  /** The answer kept under the scope's version (`key` adds what else it depends on); computed each time for a customer without parks. */
  private async kept<T>(kept: KeptAnswers<T>, user: AuthUser, customerId: string, key: string, compute: () => Promise<T>): Promise<T> {
    const version = await this.repo.version(this.ds.manager, customerId, user.parkIds);
    return version === null ? compute() : kept.get(`${version}|${key}`, compute);
  }

  async overview(user: AuthUser, q: OmOverviewQuery): Promise<OmOverviewView> {
    const customerId = this.customer(user, q.customerId);
    return this.kept(this.totalsKept, user, customerId, '', async () => {
      const r = await this.repo.totals(this.ds.manager, customerId, user.parkIds);
      return { customerId, parkCount: r.park_count, windowFrom: r.window_from, ...counts(r) };
    });
  }

  async parks(user: AuthUser, q: OmParkListQuery): Promise<OmParkPage> {
    const customerId = this.customer(user, q.customerId);
    const page = parsePage(q, OM_PARK_SORT_FIELDS, { sortField: 'windFarmName' });
    return this.kept(this.pagesKept, user, customerId, `${page.sortField}|${page.descending}|${page.skip}|${page.take}`, async () => {
      const { rows, total } = await this.repo.parks(this.ds.manager, customerId, user.parkIds, page);
      return {
        results: rows.map((r) => ({ windFarmId: r.wind_farm_id, windFarmName: r.name, lastInspectionDate: r.last_date, ...counts(r) })),
        totalCount: total,
      };
    });
  }
}
