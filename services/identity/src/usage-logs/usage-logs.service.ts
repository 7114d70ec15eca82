import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, isAdminRole } from '@windward/contracts';
import { parsePage, type AuthUser } from '@windward/service-kit';
import { UsageLog } from './usage-log.entity.js';
import { User } from '../users/user.entity.js';
import { likePattern } from '../common/query.js';
import type { RouteLogBatchDto, TraceLogBatchDto, UsageLogListQuery } from './usage-log.dto.js';
import type { LogCountView, UsageLogPage } from './usage-log.view.js';

const EARLIEST = Date.UTC(2000, 0, 1);
/** Clocks drift; a day of slack keeps honest browsers in while refusing nonsense. */
const FUTURE_SLACK_MS = 24 * 3600 * 1000;

function parseTimestamp(v: unknown, index: number): Date {
  const ms = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : typeof v === 'string' ? Date.parse(v) : NaN;
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > Date.now() + FUTURE_SLACK_MS) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: `logs[${index}].triggerTimestamp` }] });
  }
  return new Date(ms);
}

/** A user reports only their own usage: a userId in the body must be the caller's. */
function assertOwn(user: AuthUser, userId: unknown) {
  if (userId !== undefined && userId !== null && userId !== '' && String(userId) !== user.userId) throw new AppError('NO_ACCESS_RIGHTS');
}

const SORT_COLUMN: Record<string, string> = { triggerTimestamp: 'l.triggerAt', receivedAt: 'l.receivedAt' };

@Injectable()
export class UsageLogsService {
  constructor(private readonly ds: DataSource) {}

  async recordRoutes(user: AuthUser, dto: RouteLogBatchDto): Promise<LogCountView> {
    const rows = dto.logs.map((l, i) => {
      assertOwn(user, l.userId);
      return {
        kind: 'route' as const,
        userId: user.userId,
        method: l.method ?? null,
        url: l.url,
        triggerAt: parseTimestamp(l.triggerTimestamp, i),
      };
    });
    await this.ds.getRepository(UsageLog).insert(rows);
    return { count: rows.length };
  }

  async recordTraces(user: AuthUser, dto: TraceLogBatchDto): Promise<LogCountView> {
    const rows = dto.logs.map((l, i) => {
      assertOwn(user, l.userId);
      return { kind: 'trace' as const, userId: user.userId, method: null, url: null, triggerAt: parseTimestamp(l.triggerTimestamp, i) };
    });
    await this.ds.getRepository(UsageLog).insert(rows);
    return { count: rows.length };
  }

  /** Administrators only: usage of every user, newest first by default. */
  async list(user: AuthUser, q: UsageLogListQuery): Promise<UsageLogPage> {
    if (!user.roles.some(isAdminRole)) throw new AppError('NO_ACCESS_RIGHTS');
    const page = parsePage(q, Object.keys(SORT_COLUMN), { sortField: 'triggerTimestamp', descending: true });
    const qb = this.ds
      .getRepository(UsageLog)
      .createQueryBuilder('l')
      .leftJoin(User, 'u', 'u.id = l.userId')
      .select([
        'l.id AS "id"',
        'l.kind AS "kind"',
        'l.userId AS "userId"',
        'u.username AS "username"',
        'l.method AS "method"',
        'l.url AS "url"',
      ])
      .addSelect('l.triggerAt', 'triggerTimestamp')
      .addSelect('l.receivedAt', 'receivedAt');
    if (q.kind !== undefined) qb.andWhere('l.kind = :kind', { kind: q.kind });
    if (q.userId) qb.andWhere('l.userId = :uid', { uid: q.userId });
    if (q.from) qb.andWhere('l.triggerAt >= :from', { from: q.from });
    if (q.to) qb.andWhere('l.triggerAt <= :to', { to: q.to });
    if (q.url) qb.andWhere(`l.url ILIKE :url ESCAPE '\\'`, { url: likePattern(q.url) });
    const totalCount = await qb.clone().getCount();
    const rows = await qb
      .orderBy(SORT_COLUMN[page.sortField]!, page.descending ? 'DESC' : 'ASC')
      .addOrderBy('l.id', page.descending ? 'DESC' : 'ASC')
      .offset(page.skip)
      .limit(page.take)
      .getRawMany<{
        id: string;
        kind: string;
        userId: string;
        username: string | null;
        method: string | null;
        url: string | null;
        triggerTimestamp: Date;
        receivedAt: Date;
      }>();
    return {
      results: rows.map((r) => ({
        ...r,
        id: Number(r.id),
        triggerTimestamp: new Date(r.triggerTimestamp).getTime(),
        receivedAt: new Date(r.receivedAt).toISOString(),
      })),
      totalCount,
    };
  }
}
