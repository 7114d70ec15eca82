import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TaskStage, type ChangeCounts } from '@windward/contracts';
import { SERVICE_CONFIG, parkVersionsOf, type ServiceConfig } from '@windward/service-kit';
import { EVERY_PARK, PARK_CHANGES } from '../refs/park-changes.js';

/** The range and scope of every figure: completions from `from` through the day `to`, of projects in scope. */
export interface StatisticsFilter {
  from: Date;
  to: Date;
  /** Only this organization's projects (null: every organization). */
  organizationId: string | null;
  /** The caller's customers (null: all). */
  customerIds: string[] | null;
}
/** Completed stages per organization, project and stage. */
export interface StageCompletionRow {
  organizationId: string | null;
  organizationName: string | null;
  projectId: string;
  projectName: string;
  stage: number;
  completed: number;
}
export interface DayCompletionRow {
  day: string;
  completed: number;
}
/** One person's summed figures (seconds and the reviewers' change counts are turned into rates by the service). */
export interface PersonFiguresRow extends ChangeCounts {
  userId: string;
  userName: string | null;
  organizationId: string | null;
  organizationName: string | null;
  imagesSorted: number;
  defectsLabeled: number;
  stagesCompleted: number;
  reviewsReceived: number;
  reviewsPassed: number;
  reviewsDone: number;
  seconds: number;
}

/** The statistics' SQL over task-flow's stage announcements (stage_progress, stage_work) and the projects' copies. */
@Injectable()
export class StatisticsRepository {
  private readonly s: string;

  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.s = `"${cfg.schema}"`;
  }

  private params(f: StatisticsFilter): unknown[] {
    return [f.from, f.to, f.organizationId, f.customerIds];
  }

  /** Completions in range of inspections of projects in scope ($1..$4 = the filter). */
  private completions(): string {
    return `FROM ${this.s}.stage_progress sp
      JOIN ${this.s}.inspection_ref i ON i.inspection_id = sp.inspection_id
      JOIN ${this.s}.project p ON i.wind_farm_id = ANY(p.wind_park_ids)
      WHERE sp.completed_at >= $1 AND sp.completed_at < $2::timestamptz + interval '1 day'
        AND ($3::uuid IS NULL OR p.organization_id = $3) AND ($4::uuid[] IS NULL OR p.customer_id = ANY($4::uuid[]))`;
  }

  /**
   * The version of what the statistics read for one scope: the parks of the projects in scope
   * (organization, customers) and the names' pseudo-park, each with its version, in one statement
   * (service-kit `parkVersionsOf`). A project gaining or losing a park changes the set, so the key.
   */
  async version(m: EntityManager, f: Pick<StatisticsFilter, 'organizationId' | 'customerIds'>): Promise<string> {
    const versions = await parkVersionsOf(
      m,
      this.s,
      PARK_CHANGES,
      `SELECT unnest(p.wind_park_ids) AS id FROM ${this.s}.project p
        WHERE ($1::uuid IS NULL OR p.organization_id = $1) AND ($2::uuid[] IS NULL OR p.customer_id = ANY($2::uuid[]))
       UNION SELECT $3::uuid`,
      [f.organizationId, f.customerIds, EVERY_PARK],
    );
    return [...versions.values()].join(',');
  }

  /**
   * JIT off for the rest of the transaction: the row estimates of `= ANY(wind_park_ids)` are far
   * too high and made PostgreSQL compile each statement (~30–55 ms apiece; docs/performance.md).
   */
  async withoutJit(m: EntityManager): Promise<void> {
    await m.query('SET LOCAL jit = off');
  }

  async byProjectAndStage(m: EntityManager, f: StatisticsFilter): Promise<StageCompletionRow[]> {
    return m.query(
      `SELECT p.organization_id AS "organizationId", o.name AS "organizationName", p.id AS "projectId", p.name AS "projectName", sp.stage, count(*)::int AS completed
       ${this.completions().replace('WHERE', `LEFT JOIN ${this.s}.organization_ref o ON o.organization_id = p.organization_id WHERE`)}
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 2 NULLS LAST, 4, 5`,
      this.params(f),
    );
  }

  async byDay(m: EntityManager, f: StatisticsFilter): Promise<DayCompletionRow[]> {
    return m.query(
      `SELECT to_char(date_trunc('day', sp.completed_at), 'YYYY-MM-DD') AS day, count(*)::int AS completed ${this.completions()} GROUP BY 1 ORDER BY 1`,
      this.params(f),
    );
  }

  /**
   * Per person, over the stage announcements in range of inspections of projects in scope. Work
   * figures (images, defects, seconds, stages) take each task stage's latest announcement, so work
   * redone after a reject counts once and its time (task-flow's running total) is not added twice;
   * QA figures count every verdict on the person's work. Only the columns the figures need (the
   * rows are materialized once and read three times); summed per person before the names are
   * joined (50 rows, not 180,000). Most stages completed first.
   */
  async byPerson(m: EntityManager, f: StatisticsFilter): Promise<PersonFiguresRow[]> {
    return m.query(
      `WITH w AS (
       SELECT sw.id, sw.task_id, sw.stage, sw.completed_at, sw.handler_id, sw.handler_name, sw.qa_outcome, sw.reviewed_handler_id,
              sw.image_count, sw.defect_count, sw.spent_seconds, sw.qa_added, sw.qa_deleted, sw.qa_modified, sw.qa_correct FROM ${this.s}.stage_work sw
       WHERE sw.completed_at >= $1 AND sw.completed_at < $2::timestamptz + interval '1 day'
         AND EXISTS (SELECT 1 FROM ${this.s}.project p JOIN ${this.s}.inspection_ref i ON i.wind_farm_id = ANY(p.wind_park_ids)
                     WHERE i.inspection_id = sw.inspection_id
                       AND ($3::uuid IS NULL OR p.organization_id = $3) AND ($4::uuid[] IS NULL OR p.customer_id = ANY($4::uuid[])))),
     latest AS (SELECT DISTINCT ON (task_id, stage) * FROM w ORDER BY task_id, stage, completed_at DESC, id DESC),
     facts AS (
       SELECT handler_id AS user_id, handler_name AS name,
              CASE WHEN stage = ${TaskStage.SORT_AND_REMOVE} THEN coalesce(image_count, 0) ELSE 0 END AS images,
              CASE WHEN stage = ${TaskStage.LABELING} THEN coalesce(defect_count, 0) ELSE 0 END AS defects,
              CASE WHEN qa_outcome IS DISTINCT FROM 'REJECT' THEN 1 ELSE 0 END AS stages,
              coalesce(spent_seconds, 0) AS seconds, 0 AS reviewed, 0 AS passed, 0 AS reviews,
              0 AS added, 0 AS deleted, 0 AS modified, 0 AS correct
         FROM latest WHERE handler_id IS NOT NULL
       UNION ALL
       SELECT reviewed_handler_id, NULL, 0, 0, 0, 0, 1, CASE WHEN qa_outcome = 'PASS' THEN 1 ELSE 0 END, 0,
              coalesce(qa_added, 0), coalesce(qa_deleted, 0), coalesce(qa_modified, 0), coalesce(qa_correct, 0)
         FROM w WHERE qa_outcome IS NOT NULL AND reviewed_handler_id IS NOT NULL
       UNION ALL
       SELECT handler_id, handler_name, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0 FROM w WHERE qa_outcome IS NOT NULL AND handler_id IS NOT NULL),
     per AS (
       SELECT user_id, max(name) AS name, sum(images) AS images, sum(defects) AS defects, sum(stages) AS stages,
              sum(reviewed) AS reviewed, sum(passed) AS passed, sum(reviews) AS reviews, sum(seconds) AS seconds,
              sum(added) AS added, sum(deleted) AS deleted, sum(modified) AS modified, sum(correct) AS correct
         FROM facts GROUP BY user_id)
     SELECT f.user_id AS "userId", coalesce(u.display_name, f.name) AS "userName",
            u.organization_id AS "organizationId", o.name AS "organizationName",
            f.images::int AS "imagesSorted", f.defects::int AS "defectsLabeled", f.stages::int AS "stagesCompleted",
            f.reviewed::int AS "reviewsReceived", f.passed::int AS "reviewsPassed", f.reviews::int AS "reviewsDone",
            f.seconds::int AS seconds,
            f.added::int AS added, f.deleted::int AS deleted, f.modified::int AS modified, f.correct::int AS correct
     FROM per f LEFT JOIN ${this.s}.user_ref u ON u.user_id = f.user_id
     LEFT JOIN ${this.s}.organization_ref o ON o.organization_id = u.organization_id
     ORDER BY f.stages DESC, 2, 1`,
      this.params(f),
    );
  }
}
