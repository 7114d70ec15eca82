import type { EntityManager } from 'typeorm';
import { AppError } from '@windward/contracts';
import { schemaName } from '../common/columns.js';
import type { EditLockView } from './lock.view.js';

/** How long an acquired or renewed lock lasts; the labeling tool renews it every 20 s. */
export const EDIT_LOCK_LEASE_SECONDS = 60;

export interface EditLockRow {
  inspection_id: string;
  holder_id: string;
  holder_name: string;
  acquired_at: Date;
  expires_at: Date;
}

export function presentLock(inspectionId: string, row: EditLockRow | undefined, userId: string): EditLockView {
  return {
    inspectionId,
    locked: row !== undefined,
    mine: row !== undefined && row.holder_id === userId,
    holderId: row?.holder_id ?? null,
    holderName: row?.holder_name ?? null,
    acquiredAt: row?.acquired_at ?? null,
    expiresAt: row?.expires_at ?? null,
    leaseSeconds: EDIT_LOCK_LEASE_SECONDS,
  };
}

/** The unexpired lock of an inspection, if any. */
export async function currentLock(m: EntityManager, inspectionId: string): Promise<EditLockRow | undefined> {
  const rows: EditLockRow[] = await m.query(
    `SELECT * FROM ${schemaName(m.connection)}.edit_lock WHERE inspection_id = $1 AND expires_at > now()`,
    [inspectionId],
  );
  return rows[0];
}

export function lockedError(row: EditLockRow): AppError {
  return new AppError('EDIT_LOCKED', {
    params: { holderName: row.holder_name },
    details: { holderName: row.holder_name, expiresAt: row.expires_at },
  });
}

/**
 * The write guard every labeling write calls inside its transaction: refused while another
 * user holds an unexpired lock; without any lock writes go through as before.
 */
export async function assertNotLockedByOther(m: EntityManager, inspectionId: string, userId: string): Promise<void> {
  const row = await currentLock(m, inspectionId);
  if (row && row.holder_id !== userId) throw lockedError(row);
}
