import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Locale, ReportSection } from '@windward/contracts';
import { SERVICE_CONFIG, type ServiceConfig, rowColumns } from '@windward/service-kit';

/** A row of `report_template` (migration 1763700000900). */
export interface ReportTemplateRow {
  id: string;
  name: string;
  sections: ReportSection[];
  logo: string | null;
  customer_name: string | null;
  language: Locale | null;
  severity_labels: Record<string, string>;
  project_ids: string[];
  created_at: Date;
  updated_at: Date;
}
export const REPORT_TEMPLATE_ROW_COLUMNS = rowColumns<ReportTemplateRow>()('report_template', [
  'id', 'name', 'sections', 'logo', 'customer_name', 'language', 'severity_labels', 'project_ids', 'created_at', 'updated_at'
]);

export interface TemplateFields {
  name: string;
  sections: ReportSection[];
  logo: string | null;
  customerName: string | null;
  language: Locale | null;
  severityLabels: Record<string, string>;
  projectIds: string[];
}

/** Sortable fields of the template list → SQL. */
export const TEMPLATE_SORT = { name: 'lower(name)', updatedAt: 'updated_at' } as const;

@Injectable()
export class ReportTemplateRepository {
  private readonly s: string;

  constructor(
    private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  async find(id: string, m: EntityManager = this.ds.manager): Promise<ReportTemplateRow | null> {
    const rows: ReportTemplateRow[] = await m.query(`SELECT * FROM ${this.s}.report_template WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The template a project's reports use by default (the newest that lists it). */
  async forProject(projectId: string): Promise<ReportTemplateRow | null> {
    const rows: ReportTemplateRow[] = await this.ds.query(
      `SELECT * FROM ${this.s}.report_template WHERE $1 = ANY (project_ids) ORDER BY updated_at DESC LIMIT 1`,
      [projectId],
    );
    return rows[0] ?? null;
  }

  async page(opts: { name?: string; sort: keyof typeof TEMPLATE_SORT; descending: boolean; skip: number; take: number }) {
    const where = opts.name ? `WHERE name ILIKE '%' || $3 || '%'` : '';
    const params: unknown[] = [opts.take, opts.skip, ...(opts.name ? [opts.name.replace(/[\\%_]/g, '\\$&')] : [])];
    const rows: (ReportTemplateRow & { total: string })[] = await this.ds.query(
      `SELECT *, count(*) OVER () AS total FROM ${this.s}.report_template ${where}
       ORDER BY ${TEMPLATE_SORT[opts.sort]} ${opts.descending ? 'DESC' : 'ASC'}, id LIMIT $1 OFFSET $2`,
      params,
    );
    return { rows, totalCount: rows.length ? Number(rows[0]!.total) : 0 };
  }

  async insert(f: TemplateFields, userId: string): Promise<string> {
    const rows: { id: string }[] = await this.ds.query(
      `INSERT INTO ${this.s}.report_template (name, sections, logo, customer_name, language, severity_labels, project_ids, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [f.name, f.sections, f.logo, f.customerName, f.language, JSON.stringify(f.severityLabels), f.projectIds, userId],
    );
    return rows[0]!.id;
  }

  /** False when the template is gone. */
  async update(id: string, f: TemplateFields): Promise<boolean> {
    const r: [unknown[], number] = await this.ds.query(
      `UPDATE ${this.s}.report_template SET name = $2, sections = $3, logo = $4, customer_name = $5, language = $6,
         severity_labels = $7, project_ids = $8, updated_at = now() WHERE id = $1`,
      [id, f.name, f.sections, f.logo, f.customerName, f.language, JSON.stringify(f.severityLabels), f.projectIds],
    );
    return r[1] > 0;
  }

  /** Deletes unless a project references it; the row lock keeps a concurrent save from adding one in between. */
  async deleteUnreferenced(id: string): Promise<'deleted' | 'missing' | 'referenced'> {
    return this.ds.transaction(async (m) => {
      const rows: { project_ids: string[] }[] = await m.query(
        `SELECT project_ids FROM ${this.s}.report_template WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!rows[0]) return 'missing';
      if (rows[0].project_ids.length) return 'referenced';
      await m.query(`DELETE FROM ${this.s}.report_template WHERE id = $1`, [id]);
      return 'deleted';
    });
  }
}
