import type { StageCompletedPayload } from '@windward/contracts';
import type { EntityManager } from 'typeorm';

export interface StageCount {
  stage: number;
  inspections: number;
}
export interface ProjectScopeRow {
  id: string;
  customerId: string | null;
  parkIds: string[];
}

/** Typed SQL of the progress dashboard (stage_progress joined with the inspection copies). */
export class ProgressRepository {
  constructor(
    private readonly m: EntityManager,
    private readonly s: string,
  ) {}

  /** Records a completed stage; false when it was known already (a replayed event). */
  async record(taskId: string, inspectionId: string, stage: number): Promise<boolean> {
    const rows = await this.m.query(
      `INSERT INTO ${this.s}.stage_progress (task_id, stage, inspection_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING task_id`,
      [taskId, stage, inspectionId],
    );
    return rows.length > 0;
  }

  /** One stage announcement with its handler and figures (absent in older events = unknown). */
  async recordWork(p: StageCompletedPayload): Promise<void> {
    await this.m.query(
      `INSERT INTO ${this.s}.stage_work (task_id, stage, inspection_id, handler_id, handler_name, qa_outcome, reviewed_handler_id, spent_seconds, image_count, defect_count,
         qa_added, qa_deleted, qa_modified, qa_correct)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        p.taskId, p.stage, p.inspectionId, p.handlerId ?? null, p.handlerName ?? null, p.qaOutcome ?? null, p.reviewedHandlerId ?? null,
        p.spentSeconds ?? null, p.imageCount ?? null, p.defectCount ?? null,
        p.qaCounts?.added ?? null, p.qaCounts?.deleted ?? null, p.qaCounts?.modified ?? null, p.qaCounts?.correct ?? null,
      ],
    );
  }

  /** Projects whose parks hold the inspection (the dashboards to nudge). */
  async projectsOfInspection(inspectionId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.m.query(
      `SELECT p.id FROM ${this.s}.project p JOIN ${this.s}.inspection_ref i ON i.wind_farm_id = ANY(p.wind_park_ids) WHERE i.inspection_id = $1`,
      [inspectionId],
    );
    return rows.map((r) => r.id);
  }

  async notify(channel: string, projectId: string): Promise<void> {
    await this.m.query('SELECT pg_notify($1, $2)', [channel, projectId]);
  }

  /** Inspections of the project (its turbines, or parks when it lists none, within its time range) per completed stage. */
  stageCounts(parkIds: string[], turbineIds: string[], from: Date | null, to: Date | null): Promise<StageCount[]> {
    return this.m.query(
      `SELECT sp.stage, count(DISTINCT sp.inspection_id)::int AS inspections
       FROM ${this.s}.stage_progress sp JOIN ${this.s}.inspection_ref i ON i.inspection_id = sp.inspection_id
       WHERE i.wind_farm_id = ANY($1::uuid[]) AND ($2::uuid[] IS NULL OR i.turbine_id = ANY($2::uuid[]))
         AND ($3::timestamptz IS NULL OR i.inspection_date >= $3::timestamptz::date)
         AND ($4::timestamptz IS NULL OR i.inspection_date <= $4::timestamptz::date)
       GROUP BY sp.stage ORDER BY sp.stage`,
      [parkIds, turbineIds.length ? turbineIds : null, from, to],
    );
  }

  scopes(ids: string[]): Promise<ProjectScopeRow[]> {
    return this.m.query(`SELECT id, customer_id AS "customerId", wind_park_ids AS "parkIds" FROM ${this.s}.project WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async dprTotals(projectId: string): Promise<{ activityName: string; planned: number; done: number }[]> {
    const rows: { activityName: string; planned: string; done: string }[] = await this.m.query(
      `SELECT item->>'activityName' AS "activityName", sum((item->>'planned')::numeric) AS planned, sum((item->>'done')::numeric) AS done
       FROM ${this.s}.dpr d CROSS JOIN LATERAL jsonb_array_elements(d.items) item
       WHERE d.project_id = $1 AND d.status = 'APPROVED' GROUP BY 1 ORDER BY 1`,
      [projectId],
    );
    return rows.map((r) => ({ activityName: r.activityName, planned: Number(r.planned), done: Number(r.done) }));
  }
}
