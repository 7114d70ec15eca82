import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { schemaName } from '../common/columns.js';
import type { EditLockRow } from './edit-lock.store.js';

/** The `edit_lock` table's writes (reads and the write guard are in edit-lock.store.ts). */
@Injectable()
export class EditLockRepository {
  constructor(private readonly ds: DataSource) {}

  private get table() {
    return `${schemaName(this.ds)}.edit_lock`;
  }

  /**
   * One statement: the upsert only overwrites an expired row or the holder's own (a renewal keeps
   * `acquired_at`), so of concurrent acquires exactly one gets the row back; undefined when someone
   * else holds an unexpired lock.
   */
  async tryAcquire(
    m: EntityManager,
    inspectionId: string,
    holder: { id: string; name: string },
    leaseSeconds: number,
  ): Promise<EditLockRow | undefined> {
    const rows: EditLockRow[] = await m.query(
      `INSERT INTO ${this.table} AS l (inspection_id, holder_id, holder_name, acquired_at, expires_at)
       VALUES ($1, $2, $3, now(), now() + make_interval(secs => $4))
       ON CONFLICT (inspection_id) DO UPDATE SET
         holder_id = EXCLUDED.holder_id,
         holder_name = EXCLUDED.holder_name,
         acquired_at = CASE WHEN l.holder_id = EXCLUDED.holder_id AND l.expires_at > now() THEN l.acquired_at ELSE EXCLUDED.acquired_at END,
         expires_at = EXCLUDED.expires_at
       WHERE l.expires_at <= now() OR l.holder_id = EXCLUDED.holder_id
       RETURNING *`,
      [inspectionId, holder.id, holder.name, leaseSeconds],
    );
    return rows[0];
  }

  /** Deletes the holder's lock; false when the holder had none. */
  async release(inspectionId: string, holderId: string): Promise<boolean> {
    const [, deleted] = (await this.ds.query(`DELETE FROM ${this.table} WHERE inspection_id = $1 AND holder_id = $2`, [inspectionId, holderId])) as [
      unknown,
      number,
    ];
    return deleted > 0;
  }
}
