import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { QaStatus } from '@windward/contracts';
import { rowColumns, type AuthUser, Sql } from '@windward/service-kit';
import { scopeConditions } from '../common/access.js';
import type { Queryable } from '../tasks/task.repository.js';

/** A row of `qa_result`. */
export interface QaResultRecord {
  id: string;
  task_id: string;
  stage: number;
  work_stage: number;
  result: number;
  defect_id: string | null;
  comments: string;
  reviewer_id: string;
  reviewer_name: string;
  labeler_id: string | null;
  labeler_name: string | null;
  added: number;
  deleted: number;
  modified: number;
  correct: number;
  created_at: Date;
}
export const QA_RESULT_ROW_COLUMNS = rowColumns<QaResultRecord>()('qa_result', [
  'id', 'task_id', 'stage', 'work_stage', 'result', 'defect_id', 'comments', 'reviewer_id', 'reviewer_name', 'labeler_id', 'labeler_name',
  'added', 'deleted', 'modified', 'correct', 'created_at'
]);

export type NewQaResult = Omit<QaResultRecord, 'id' | 'created_at'>;

/** Task-level QA results of one labeler or reviewer, summed. */
export interface ChangeRateRecord {
  user_id: string;
  user_name: string | null;
  reviews: number;
  failed: number;
  added: number;
  deleted: number;
  modified: number;
  correct: number;
}

/** Hand-written SQL over qa_result. */
@Injectable()
export class QaRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly sql: Sql,
  ) {}

  private get s() {
    return this.sql.s;
  }

  async insert(m: Queryable, r: NewQaResult): Promise<void> {
    await m.query(
      `INSERT INTO ${this.s}.qa_result (task_id, stage, work_stage, result, defect_id, comments, reviewer_id, reviewer_name, labeler_id, labeler_name, added, deleted, modified, correct)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [r.task_id, r.stage, r.work_stage, r.result, r.defect_id, r.comments, r.reviewer_id, r.reviewer_name, r.labeler_id, r.labeler_name, r.added, r.deleted, r.modified, r.correct],
    );
  }

  async ofTask(taskId: string): Promise<QaResultRecord[]> {
    return this.ds.query<QaResultRecord[]>(`SELECT * FROM ${this.s}.qa_result WHERE task_id = $1 ORDER BY created_at, defect_id NULLS FIRST`, [taskId]);
  }

  /** Task-level results in the caller's scope and the period, per labeler or reviewer (by name). */
  async changeRates(user: AuthUser, f: { who: 'labeler' | 'reviewer'; from: string | null; to: string | null; customerId?: string }): Promise<ChangeRateRecord[]> {
    const params: unknown[] = [];
    const w = ['r.defect_id IS NULL', ...scopeConditions(user, params)];
    if (f.from) {
      params.push(f.from);
      w.push(`r.created_at >= $${params.length}`);
    }
    if (f.to) {
      params.push(f.to);
      w.push(`r.created_at <= $${params.length}`);
    }
    if (f.customerId) {
      params.push(f.customerId);
      w.push(`t.customer_id = $${params.length}`);
    }
    const who = f.who === 'labeler' ? 'labeler' : 'reviewer';
    return this.ds.query<ChangeRateRecord[]>(
      `SELECT r.${who}_id AS user_id, max(r.${who}_name) AS user_name, count(*)::int AS reviews,
              count(*) FILTER (WHERE r.result = ${QaStatus.FAIL})::int AS failed,
              sum(r.added)::int AS added, sum(r.deleted)::int AS deleted, sum(r.modified)::int AS modified, sum(r.correct)::int AS correct
       FROM ${this.s}.qa_result r JOIN ${this.s}.task t ON t.id = r.task_id
       WHERE ${w.join(' AND ')} AND r.${who}_id IS NOT NULL
       GROUP BY r.${who}_id ORDER BY lower(max(r.${who}_name)), r.${who}_id`,
      params,
    );
  }
}
