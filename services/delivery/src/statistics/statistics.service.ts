import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import ExcelJS from 'exceljs';
import { AppError, Rights, changeRate, type Locale } from '@windward/contracts';
import { KeptAnswers, type AuthUser } from '@windward/service-kit';
import { StatisticsRepository, type PersonFiguresRow, type StatisticsFilter } from './statistics.repository.js';
import type { StatisticsQuery } from './statistics.dto.js';
import type { PersonStatisticsView, StatisticsView, TeamStatisticsView } from './statistics.view.js';

export const MAX_MONTHS = 3;
/** Statistics answers kept (scopes × ranges asked since their parks last changed). */
const KEPT_ANSWERS = 200;

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
  /**
   * Answers kept per version of the parks in the caller's scope (`StatisticsRepository.version`):
   * one answer reads every stage announcement of three months (~0.4 s of database time over
   * 100,000), so a team of project managers on the same range, or a view followed by its Excel
   * export, computes it once per change, and concurrent asks share one computation.
   */
  private readonly kept = new KeptAnswers<StatisticsView>(KEPT_ANSWERS);

  constructor(
    private readonly ds: DataSource,
    private readonly repo: StatisticsRepository,
  ) {}

  async get(user: AuthUser, q: StatisticsQuery): Promise<StatisticsView> {
    const { from, to } = statisticsRange(q);
    // Organization scope: without the organization right, only the caller's own organization.
    const own = user.rights.includes(Rights.PERFORMANCE_STATISTICS_ORGANIZATION_EDIT) ? null : user.organizationId;
    if (own && q.organizationId && q.organizationId !== own) throw new AppError('NO_ACCESS_RIGHTS');
    const f = { from, to, organizationId: q.organizationId ?? own ?? null, customerIds: user.customerIds };
    // The version is read before computing: a change committed meanwhile can only make the kept answer newer than its key.
    const version = await this.repo.version(this.ds.manager, f);
    const key = [version, q.from, q.to, f.organizationId, f.customerIds?.join(' ') ?? '*'].join('|');
    return this.kept.get(key, () => this.compute(q, f));
  }

  /** The three figures in one snapshot. */
  private compute(q: StatisticsQuery, f: StatisticsFilter): Promise<StatisticsView> {
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      await this.repo.withoutJit(m);
      const rows = await this.repo.byProjectAndStage(m, f);
      const days = await this.repo.byDay(m, f);
      const people = peopleOf(await this.repo.byPerson(m, f));
      return { from: q.from.slice(0, 10), to: q.to.slice(0, 10), rows, days, people, teams: teamsOf(people) };
    });
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

/** A person's figures with the rates: QA pass rate, change rate (over every review of their work) and hours. */
function peopleOf(rows: PersonFiguresRow[]): PersonStatisticsView[] {
  return rows.map(({ seconds, added, deleted, modified, correct, ...r }) => ({
    ...r,
    // Over every review of their work; null when no reviewer counted anything.
    changeRate: added + modified + correct > 0 ? changeRate({ added, deleted, modified, correct }) : null,
    userName: r.userName ?? null,
    qaPassRate: r.reviewsReceived ? r.reviewsPassed / r.reviewsReceived : null,
    hoursSpent: Math.round((seconds / 3600) * 100) / 100,
  }));
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
