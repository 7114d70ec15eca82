import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import ExcelJS from 'exceljs';
import { AppError, Rights, TaskStage, changeRate, type ChangeCounts, type Locale } from '@windward/contracts';
import { SERVICE_CONFIG, type AuthUser, type ServiceConfig } from '@windward/service-kit';
import type { StatisticsQuery } from './statistics.dto.js';
import type { PersonStatisticsView, StatisticsView, TeamStatisticsView } from './statistics.view.js';

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
 * and project and per day, and per person and team (the person's organization): images sorted,
 * defects labeled, QA pass rate of their work, reviews done and hours spent, from task-flow's
 * stage events (docs/delivery.md).
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
    // One snapshot for the three figures, and JIT off: the row estimates of `= ANY(wind_park_ids)` are
    // far too high and made PostgreSQL compile each statement (~30–55 ms apiece; docs/performance.md).
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      await m.query('SET LOCAL jit = off');
      const rows = await m.query(
        `SELECT p.organization_id AS "organizationId", o.name AS "organizationName", p.id AS "projectId", p.name AS "projectName", sp.stage, count(*)::int AS completed
       ${base.replace('WHERE', `LEFT JOIN ${this.s}.organization_ref o ON o.organization_id = p.organization_id WHERE`)}
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 2 NULLS LAST, 4, 5`,
        params,
      );
      const days = await m.query(
        `SELECT to_char(date_trunc('day', sp.completed_at), 'YYYY-MM-DD') AS day, count(*)::int AS completed ${base} GROUP BY 1 ORDER BY 1`,
        params,
      );
      const people = await this.people(m, params);
      return { from: q.from.slice(0, 10), to: q.to.slice(0, 10), rows, days, people, teams: teamsOf(people) };
    });
  }

  /**
   * Per person, over the stage announcements in range of inspections of projects in scope. Work
   * figures (images, defects, hours, stages) take each task stage's latest announcement, so work
   * redone after a reject counts once and its time (task-flow's running total) is not added twice;
   * QA figures count every verdict on the person's work.
   */
  private async people(m: EntityManager, params: unknown[]): Promise<PersonStatisticsView[]> {
    // Only the columns the figures need (the rows are materialized once and read three times);
    // summed per person before the names are joined (50 rows, not 180,000).
    const rows: (Omit<PersonStatisticsView, 'qaPassRate' | 'hoursSpent' | 'changeRate'> & { seconds: number } & ChangeCounts)[] =
      await m.query(
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
        params,
      );
    return rows.map(({ seconds, added, deleted, modified, correct, ...r }) => ({
      ...r,
      // Over every review of their work; null when no reviewer counted anything.
      changeRate: added + modified + correct > 0 ? changeRate({ added, deleted, modified, correct }) : null,
      userName: r.userName ?? null,
      qaPassRate: r.reviewsReceived ? r.reviewsPassed / r.reviewsReceived : null,
      hoursSpent: Math.round((seconds / 3600) * 100) / 100,
    }));
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
    const rate = (x: number | null) => (x === null ? '' : Math.round(x * 1000) / 10);
    const people = book.addWorksheet(zh ? '人员' : 'People');
    people.addRow(
      zh
        ? [
            '人员',
            '团队',
            '分拣图片',
            '标注缺陷',
            '完成阶段',
            '被质检次数',
            '质检通过',
            '质检通过率 (%)',
            '完成质检',
            '工时 (小时)',
            '修改率 (%)',
          ]
        : [
            'Person',
            'Team',
            'Images sorted',
            'Defects labeled',
            'Stages completed',
            'Reviews of their work',
            'Reviews passed',
            'QA pass rate (%)',
            'Reviews done',
            'Hours spent',
            'Change rate (%)',
          ],
    ).font = { bold: true };
    for (const p of v.people) {
      people.addRow([
        p.userName ?? p.userId,
        p.organizationName ?? '',
        p.imagesSorted,
        p.defectsLabeled,
        p.stagesCompleted,
        p.reviewsReceived,
        p.reviewsPassed,
        rate(p.qaPassRate),
        p.reviewsDone,
        p.hoursSpent,
        rate(p.changeRate),
      ]);
    }
    const teams = book.addWorksheet(zh ? '团队' : 'Teams');
    teams.addRow(
      zh
        ? ['团队', '人数', '分拣图片', '标注缺陷', '完成阶段', '质检通过率 (%)', '完成质检', '工时 (小时)']
        : ['Team', 'People', 'Images sorted', 'Defects labeled', 'Stages completed', 'QA pass rate (%)', 'Reviews done', 'Hours spent'],
    ).font = { bold: true };
    for (const t of v.teams) {
      teams.addRow([
        t.organizationName ?? (zh ? '无组织' : 'No organization'),
        t.people,
        t.imagesSorted,
        t.defectsLabeled,
        t.stagesCompleted,
        rate(t.qaPassRate),
        t.reviewsDone,
        t.hoursSpent,
      ]);
    }
    return Buffer.from(await book.xlsx.writeBuffer());
  }
}

/** Team figures: the people of one organization added up (pass rate over all their reviewed work). */
export function teamsOf(people: PersonStatisticsView[]): TeamStatisticsView[] {
  const teams = new Map<string, TeamStatisticsView & { received: number; passed: number }>();
  for (const p of people) {
    const key = p.organizationId ?? '';
    const t = teams.get(key) ?? {
      organizationId: p.organizationId,
      organizationName: p.organizationName,
      people: 0,
      imagesSorted: 0,
      defectsLabeled: 0,
      stagesCompleted: 0,
      reviewsDone: 0,
      qaPassRate: null,
      hoursSpent: 0,
      received: 0,
      passed: 0,
    };
    t.people += 1;
    t.imagesSorted += p.imagesSorted;
    t.defectsLabeled += p.defectsLabeled;
    t.stagesCompleted += p.stagesCompleted;
    t.reviewsDone += p.reviewsDone;
    t.hoursSpent = Math.round((t.hoursSpent + p.hoursSpent) * 100) / 100;
    t.received += p.reviewsReceived;
    t.passed += p.reviewsPassed;
    teams.set(key, t);
  }
  return [...teams.values()]
    .map(({ received, passed, ...t }) => ({ ...t, qaPassRate: received ? passed / received : null }))
    .sort(
      (a, b) => b.stagesCompleted - a.stagesCompleted || (a.organizationName ?? '\uffff').localeCompare(b.organizationName ?? '\uffff'),
    );
}
