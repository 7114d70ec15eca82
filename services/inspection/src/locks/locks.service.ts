import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { assertCanEdit, loadInspection } from '../common/access.js';
import { EditLockRepository } from './edit-lock.repository.js';
import type { EditLockView } from './lock.view.js';
import { EDIT_LOCK_LEASE_SECONDS, currentLock, lockedError, presentLock } from './edit-lock.store.js';

/** Labeling edit locks (one editor per inspection at a time), see docs/inspection.md. */
@Injectable()
export class LocksService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: EditLockRepository,
  ) {}

  async get(user: AuthUser, inspectionId: string): Promise<EditLockView> {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    return presentLock(insp.id, await currentLock(this.ds.manager, insp.id), user.userId);
  }

  /**
   * Acquire or renew (heartbeat). One statement: the upsert only overwrites an expired row or
   * the caller's own, so of concurrent acquires exactly one gets a row back.
   */
  async acquire(user: AuthUser, inspectionId: string): Promise<EditLockView> {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    assertCanEdit(user, insp.componentType);
    // A holder's lease may end between the refused upsert and the read of it: then try again.
    for (let attempt = 0; ; attempt++) {
      // Under the inspection's row lock, which every labeling write holds from its lock check to its
      // commit: a write that passed the check finishes before the lock is taken, and any later write
      // sees the new holder.
      const row = await this.ds.transaction(async (m) => {
        await loadInspection(m, user, insp.id, true);
        return this.repo.tryAcquire(m, insp.id, { id: user.userId, name: user.username || user.userId }, EDIT_LOCK_LEASE_SECONDS);
      });
      if (row) return presentLock(insp.id, row, user.userId);
      const held = await currentLock(this.ds.manager, insp.id);
      if (held) throw lockedError(held);
      // Three lost races against expiring leases in a row: report a conflict without a holder.
      if (attempt >= 2) throw new AppError('EDIT_LOCKED', { params: { holderName: '–' }, details: { holderName: null, expiresAt: null } });
    }
  }

  /** Only the holder releases; releasing a lock nobody (else) holds is a no-op, so pagehide may repeat it. */
  async release(user: AuthUser, inspectionId: string): Promise<void> {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    if (await this.repo.release(insp.id, user.userId)) return;
    const held = await currentLock(this.ds.manager, insp.id);
    if (held && held.holder_id !== user.userId) throw lockedError(held);
  }
}
