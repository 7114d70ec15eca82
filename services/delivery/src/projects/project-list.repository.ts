import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { entityRowColumns, pageWithCappedCount, Sql, type AuthUser, type ListCount, type PageRequest } from '@windward/service-kit';
import type { ProjectListQuery } from './project.dto.js';
import type { Project } from './project.entity.js';
import { projectScopeConditions } from './project-scope.js';

/** The entity's properties a project's view shows, and their columns. */
const COLUMN_OF = {
  id: 'id',
  name: 'name',
  projectType: 'project_type',
  subType: 'sub_type',
  serviceType: 'service_type',
  status: 'status',
  operation: 'operation',
  operationProjectId: 'operation_project_id',
  customerId: 'customer_id',
  organizationId: 'organization_id',
  windParkIds: 'wind_park_ids',
  internalTurbineIds: 'internal_turbine_ids',
  externalTurbineIds: 'external_turbine_ids',
  operators: 'operators',
  plannedVolume: 'planned_volume',
  startTime: 'start_time',
  endTime: 'end_time',
  defectTemplateId: 'defect_template_id',
  dprTemplateId: 'dpr_template_id',
  updatedAt: 'updated_at',
} as const satisfies Partial<Record<keyof Project, string>>;
const SELECT = entityRowColumns('project', COLUMN_OF).select('p');

/** A project as its view needs it: its own columns (entity names) … */
export type ProjectRow = Pick<Project, keyof typeof COLUMN_OF>;
/** … and what other tables say of it. */
export interface ProjectExtras {
  parkNames: (string | null)[];
  customerName: string | null;
  organizationName: string | null;
  completed: number;
  processing: number;
  affiliated: string[];
}

/**
 * The select list of a project's extras (`alias` the project): its parks' names in its order,
 * customer and organization names, campaign counts and the projects associated to it. One list
 * for the single read and the list page, so both answer the same view.
 */
export function projectExtras(s: string, alias: string): string {
  return `ARRAY(SELECT r.name FROM unnest(${alias}.wind_park_ids) WITH ORDINALITY AS u(park_id, n)
            LEFT JOIN ${s}.park_ref r ON r.wind_farm_id = u.park_id ORDER BY u.n) AS "parkNames",
          (SELECT name FROM ${s}.customer_ref WHERE customer_id = ${alias}.customer_id) AS "customerName",
          (SELECT name FROM ${s}.organization_ref WHERE organization_id = ${alias}.organization_id) AS "organizationName",
          (SELECT count(*) FILTER (WHERE c.status = 3)::int FROM ${s}.inspection_campaign c WHERE c.project_id = ${alias}.id) AS completed,
          (SELECT count(*) FILTER (WHERE c.status = 2 AND c.active)::int FROM ${s}.inspection_campaign c WHERE c.project_id = ${alias}.id) AS processing,
          ARRAY(SELECT a.id FROM ${s}.project a WHERE a.operation_project_id = ${alias}.id ORDER BY a.id) AS affiliated`;
}

/** Sort fields of the list and their columns. */
export const PROJECT_SORT: Record<string, string> = {
  projectName: 'p.name',
  projectStartTime: 'p.start_time',
  projectUpdatedTime: 'p.updated_at',
  projectStatusType: 'p.status',
};

/**
 * The project list in one statement through raw SQL: the page, each project's extras and the
 * count capped at 10,000 (`pageWithCappedCount`); PostgreSQL works the extras out for the page's
 * rows only. Through TypeORM (the page, a count, then the extras) the list cost
 * three round trips and TypeORM's query building and hydration (docs/performance.md, session 26).
 */
@Injectable()
export class ProjectListRepository {
  constructor(private readonly sql: Sql) {}

  async page(
    m: EntityManager,
    user: AuthUser,
    q: ProjectListQuery,
    p: PageRequest,
  ): Promise<{ rows: (ProjectRow & ProjectExtras)[] } & ListCount> {
    const params: unknown[] = [];
    const arg = (v: unknown) => `$${params.push(v)}`;
    // Scope in SQL, the rule of the project's single read: paging counts only what the caller sees.
    const where = projectScopeConditions(user, arg);
    if (q.projectId) where.push(`p.id = ${arg(q.projectId)}::uuid`);
    if (q.projectName) where.push(`p.name ILIKE ${arg(`%${q.projectName.replace(/[%_\\]/g, '\\$&')}%`)}`);
    if (q.customerId) where.push(`p.customer_id = ${arg(q.customerId)}::uuid`);
    if (q.customerIds?.length) where.push(`p.customer_id = ANY(${arg(q.customerIds)}::uuid[])`);
    if (q.windFarmId) where.push(`${arg(q.windFarmId)}::uuid = ANY(p.wind_park_ids)`);
    if (q.windParkIds?.length) where.push(`p.wind_park_ids && ${arg(q.windParkIds)}::uuid[]`);
    if (q.projectOperatorId) where.push(`p.operators @> ${arg(JSON.stringify([{ id: q.projectOperatorId }]))}::jsonb`);
    if (q.projectStatusType) where.push(`p.status = ${arg(q.projectStatusType)}`);
    if (q.projectType) where.push(`p.project_type = ${arg(q.projectType)}`);
    if (q.organizationId) where.push(`p.organization_id = ${arg(q.organizationId)}::uuid`);
    if (q.operation !== undefined) where.push(`p.operation = ${arg(q.operation)}`);
    if (q.startDate) where.push(`(p.end_time IS NULL OR p.end_time >= ${arg(q.startDate)}::timestamptz)`);
    if (q.endDate) where.push(`(p.start_time IS NULL OR p.start_time <= ${arg(q.endDate)}::timestamptz)`);
    const fromWhere = `FROM ${this.sql.s}.project p${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const dir = p.descending ? 'DESC' : 'ASC';
    // take and skip are integers parsePage checked: inline, so the count shares the parameters.
    return pageWithCappedCount<ProjectRow & ProjectExtras>(
      m,
      {
        select: `${SELECT}, ${projectExtras(this.sql.s, 'p')}`,
        fromWhere,
        tail: `ORDER BY ${PROJECT_SORT[p.sortField]} ${dir} NULLS LAST, p.id LIMIT ${p.take} OFFSET ${p.skip}`,
      },
      params,
    );
  }
}
