import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowColumns, type PageRequest, Sql } from '@windward/service-kit';
import type { RepairStepView } from './template.view.js';

export interface TemplateRow {
  id: string;
  name: string;
  steps: RepairStepView[];
  in_use: boolean;
  updated_at: Date;
}
export const TEMPLATE_ROW_COLUMNS = rowColumns<Omit<TemplateRow, 'in_use'>>()('repair_template', ['id', 'name', 'steps', 'updated_at']);

const SORT: Record<string, string> = { name: 'lower(t.name)', updatedAt: 't.updated_at' };
export const TEMPLATE_SORT_FIELDS = Object.keys(SORT);

/** Repair-step templates (`repair_template`, steps as jsonb in their order). */
@Injectable()
export class TemplateRepository {
  constructor(private readonly sql: Sql) {}

  private select(where: string) {
    const s = this.sql.s;
    return `SELECT t.id, t.name, t.steps, t.updated_at,
      EXISTS (SELECT 1 FROM ${s}.repair_plan_defect pd WHERE pd.template_id = t.id) AS in_use
      FROM ${s}.repair_template t WHERE ${where}`;
  }

  async page(m: EntityManager, name: string | undefined, page: PageRequest): Promise<{ rows: TemplateRow[]; total: number }> {
    const s = this.sql.s;
    const where = `($1::text IS NULL OR t.name ILIKE '%' || $1 || '%')`;
    const rows: TemplateRow[] = await m.query(
      `${this.select(where)} ORDER BY ${SORT[page.sortField]} ${page.descending ? 'DESC' : 'ASC'}, t.id LIMIT $2 OFFSET $3`,
      [name ?? null, page.take, page.skip],
    );
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM ${s}.repair_template t WHERE ${where}`, [name ?? null]);
    return { rows, total: n };
  }

  async find(m: EntityManager, id: string, lock = false): Promise<TemplateRow | undefined> {
    const [row] = await m.query(`${this.select('t.id = $1')}${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
    return row;
  }

  async nameTaken(m: EntityManager, name: string, exceptId: string | null): Promise<boolean> {
    const rows = await m.query(`SELECT 1 FROM ${this.sql.s}.repair_template WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2`, [name, exceptId]);
    return rows.length > 0;
  }

  async insert(m: EntityManager, name: string, steps: RepairStepView[]): Promise<string> {
    const [row] = await m.query(`INSERT INTO ${this.sql.s}.repair_template (name, steps) VALUES ($1, $2::jsonb) RETURNING id`, [name, JSON.stringify(steps)]);
    return row.id;
  }

  async update(m: EntityManager, id: string, name: string, steps: RepairStepView[]): Promise<void> {
    await m.query(`UPDATE ${this.sql.s}.repair_template SET name = $2, steps = $3::jsonb, updated_at = now() WHERE id = $1`, [id, name, JSON.stringify(steps)]);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM ${this.sql.s}.repair_template WHERE id = $1`, [id]);
  }

  async existing(m: EntityManager, ids: string[]): Promise<string[]> {
    const rows: { id: string }[] = await m.query(`SELECT id FROM ${this.sql.s}.repair_template WHERE id = ANY($1::uuid[])`, [ids]);
    return rows.map((r) => r.id);
  }
}
