import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import ExcelJS from 'exceljs';
import { AppError, Rights, type Locale } from '@windward/contracts';
import { SERVICE_CONFIG, type AuthUser, type ServiceConfig } from '@windward/service-kit';
import type { StatisticsQuery } from './statistics.dto.js';
import type { StatisticsView } from './statistics.view.js';

export const MAX_MONTHS = 3;

/** The range as dates; more than 3 months is refused with the spec's message (SPEC §9). */
export function statisticsRange(q: StatisticsQuery): { from: Date; to: Date } {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (from > to) throw new AppError('INVALID_TIME_RANGE');
  const limit = new Date(from);
  limit.setUTCMonth(limit.getUTCMonth() + MAX_MONTHS);
  if (to > limit) throw new AppError('TIME_RANGE_TOO_LONG', { params: { months: MAX_MONTHS } });
  return { from, to };
}

/**
 * Performance statistics (SPEC §2 performanceStatistics): task stages completed per organization
 * and project and per day, from task-flow's stage events. Task-flow's events do not name who
 * completed a stage, so figures per team and person are not available yet (docs/delivery.md).
 */
@Injectable()
export class StatisticsService {
  private readonly s: string;

  constructor(
    private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  async get(user: AuthUser, q: StatisticsQuery): Promise<StatisticsView> {
    const { from, to } = statisticsRange(q);
    // Organization scope: without the organization right, only the caller's own organization.
    const own = user.rights.includes(Rights.PERFORMANCE_STATISTICS_ORGANIZATION_EDIT) ? null : user.organizationId;
    if (own && q.organizationId && q.organizationId !== own) throw new AppError('NO_ACCESS_RIGHTS');
    const org = q.organizationId ?? own ?? null;
    const params = [from, to, org, user.customerIds];
    const base = `FROM ${this.s}.stage_progress sp
      JOIN ${this.s}.inspection_ref i ON i.inspection_id = sp.inspection_id
      JOIN ${this.s}.project p ON i.wind_farm_id = ANY(p.wind_park_ids)
      WHERE sp.completed_at >= $1 AND sp.completed_at < $2::timestamptz + interval '1 day'
        AND ($3::uuid IS NULL OR p.organization_id = $3) AND ($4::uuid[] IS NULL OR p.customer_id = ANY($4::uuid[]))`;
    const rows = await this.ds.query(
      `SELECT p.organization_id AS "organizationId", o.name AS "organizationName", p.id AS "projectId", p.name AS "projectName", sp.stage, count(*)::int AS completed
       ${base.replace('WHERE', `LEFT JOIN ${this.s}.organization_ref o ON o.organization_id = p.organization_id WHERE`)}
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 2 NULLS LAST, 4, 5`,
      params,
    );
    const days = await this.ds.query(
      `SELECT to_char(date_trunc('day', sp.completed_at), 'YYYY-MM-DD') AS day, count(*)::int AS completed ${base} GROUP BY 1 ORDER BY 1`,
      params,
    );
    return { from: q.from.slice(0, 10), to: q.to.slice(0, 10), rows, days };
  }

  async xlsx(user: AuthUser, q: StatisticsQuery, locale: Locale): Promise<Buffer> {
    const v = await this.get(user, q);
    const zh = locale === 'zh_cn';
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(zh ? '绩效统计' : 'Performance');
    sheet.addRow(zh ? ['组织', '项目', '阶段', '完成数'] : ['Organization', 'Project', 'Stage', 'Completed']).font = { bold: true };
    for (const r of v.rows) sheet.addRow([r.organizationName ?? '', r.projectName, r.stage, r.completed]);
    const daily = book.addWorksheet(zh ? '每日' : 'Per day');
    daily.addRow(zh ? ['日期', '完成数'] : ['Day', 'Completed']).font = { bold: true };
    for (const d of v.days) daily.addRow([d.day, d.completed]);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
}
