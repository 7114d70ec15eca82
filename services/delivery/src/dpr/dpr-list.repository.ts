import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { entityRowColumns, pageWithCappedCount, Sql, type AuthUser, type ListCount, type PageRequest } from '@windward/service-kit';
import type { Dpr } from './dpr.entity.js';
import { projectScopeConditions } from '../projects/project-scope.js';

/** The entity's properties a report's view shows, and their columns. */
const COLUMN_OF = {
  id: 'id',
  projectId: 'project_id',
  campaignId: 'campaign_id',
  reportDate: 'report_date',
  status: 'status',
  items: 'items',
  weather: 'weather',
  downtimeHours: 'downtime_hours',
  comments: 'comments',
  photos: 'photos',
  submittedBy: 'submitted_by',
  submittedByName: 'submitted_by_name',
  reviewedByName: 'reviewed_by_name',
  reviewedAt: 'reviewed_at',
  reviewComment: 'review_comment',
  updatedAt: 'updated_at',
} as const satisfies Partial<Record<keyof Dpr, string>>;

/** One report as the list reads it: the entity's own property names and types, and its project's name. */
export type DprListRow = Pick<Dpr, keyof typeof COLUMN_OF> & { projectName: string };
const SELECT = entityRowColumns('dpr', COLUMN_OF, ['downtime_hours'], ['report_date']).select('d');

/** Sort fields of the list and their columns (not null: no NULLS clause needed). */
export const DPR_SORT: Record<string, string> = { reportDate: 'd.report_date', updatedAt: 'd.updated_at', status: 'd.status' };

/** The list's filters (undefined does not filter). */
export interface DprListFilter {
  projectId?: string;
  campaignId?: string;
  status?: string;
  from?: string;
  to?: string;
}

/**
 * The report list in one statement through raw SQL: the page with its project's name, and the
 * count capped at 10,000 (the planner's estimate beyond) riding on it (`pageWithCappedCount`). The
 * default order, newest report first, walks `dpr_report_date_ix` backwards and stops after the
 * page; the count joins the project only when the caller's scope needs it (a LEFT JOIN nothing
 * reads is dropped by PostgreSQL). Through TypeORM's query builder (a join with skip/take: a
 * distinct ids query, the page, a count, all sorting every report) TypeORM was ~40 % of the
 * service's CPU and PostgreSQL read every report for each page (docs/performance.md, session 26).
 */
@Injectable()
export class DprListRepository {
  constructor(private readonly sql: Sql) {}

  async page(m: EntityManager, user: AuthUser, f: DprListFilter, p: PageRequest): Promise<{ rows: DprListRow[] } & ListCount> {
    const params: unknown[] = [];
    const arg = (v: unknown) => `$${params.push(v)}`;
    // Scope in SQL, the rule of the project's single read: paging counts only what the caller sees.
    const where = projectScopeConditions(user, arg);
    if (f.projectId) where.push(`d.project_id = ${arg(f.projectId)}::uuid`);
    if (f.campaignId) where.push(`d.campaign_id = ${arg(f.campaignId)}::uuid`);
    if (f.status) where.push(`d.status = ${arg(f.status)}`);
    if (f.from) where.push(`d.report_date >= ${arg(f.from)}::date`);
    if (f.to) where.push(`d.report_date <= ${arg(f.to)}::date`);
    const fromWhere = `FROM ${this.sql.s}.dpr d LEFT JOIN ${this.sql.s}.project p ON p.id = d.project_id${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const dir = p.descending ? 'DESC' : 'ASC';
    // take and skip are integers parsePage checked: inline, so the count shares the parameters.
    return pageWithCappedCount<DprListRow>(
      m,
      {
        select: `${SELECT}, p.name AS "projectName"`,
        fromWhere,
        tail: `ORDER BY ${DPR_SORT[p.sortField]} ${dir}, d.id ${dir} LIMIT ${p.take} OFFSET ${p.skip}`,
      },
      params,
    );
  }
}
