import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';

/**
 * Failed sign-ins (`login_failure`, no entity: a raw table with an expression index on
 * lower(username)), counted per username and IP within a window of minutes.
 */
@Injectable()
export class LoginFailureRepository {
  private readonly table: string;

  constructor(
    private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
  ) {
    this.table = `"${cfg.schema}".login_failure`;
  }

  /** Failures of `username` (case-insensitive) from `ip` within the last `minutes`. */
  async countRecent(username: string, ip: string, minutes: number): Promise<number> {
    const [row]: { count: number }[] = await this.ds.query(
      `SELECT count(*)::int AS count FROM ${this.table}
       WHERE lower(username) = lower($1) AND ip = $2 AND at > now() - make_interval(mins => $3)`,
      [username, ip, minutes],
    );
    return row!.count;
  }

  async record(username: string, ip: string): Promise<void> {
    await this.ds.query(`INSERT INTO ${this.table} (username, ip) VALUES ($1, $2)`, [username, ip]);
  }

  /** Removes failures older than `minutes` (they no longer count). */
  async pruneOlderThan(minutes: number): Promise<void> {
    await this.ds.query(`DELETE FROM ${this.table} WHERE at < now() - make_interval(mins => $1)`, [minutes]);
  }

  /** A successful sign-in forgets the failures of `username` from `ip`. */
  async clear(username: string, ip: string): Promise<void> {
    await this.ds.query(`DELETE FROM ${this.table} WHERE lower(username) = lower($1) AND ip = $2`, [username, ip]);
  }

  /** Failures of `username` from any IP within the last `minutes`, and when the latest was. */
  async accountFailures(username: string, minutes: number): Promise<{ count: number; lastAt: Date | null }> {
    const [row]: { count: number; last: Date | null }[] = await this.ds.query(
      `SELECT count(*)::int AS count, max(at) AS last FROM ${this.table}
       WHERE lower(username) = lower($1) AND at > now() - make_interval(mins => $2)`,
      [username, minutes],
    );
    return { count: row!.count, lastAt: row!.last ? new Date(row!.last) : null };
  }

  /** Failures from `ip` for any username within the last `minutes` (password spraying). */
  async ipFailures(ip: string, minutes: number): Promise<number> {
    const [row]: { count: number }[] = await this.ds.query(
      `SELECT count(*)::int AS count FROM ${this.table} WHERE ip = $1 AND at > now() - make_interval(mins => $2)`,
      [ip, minutes],
    );
    return row!.count;
  }

  /** A successful sign-in (or password change) forgets every failure of `username`. */
  async clearAccount(username: string): Promise<void> {
    await this.ds.query(`DELETE FROM ${this.table} WHERE lower(username) = lower($1)`, [username]);
  }
}
