import { Controller, Inject, Injectable } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { ApiExcludeController } from '@nestjs/swagger';
import { EventTypes, type EventType, type SessionRevokedPayload, type UserAccessChangedPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '../events/bus-transport.js';

/** Events the kit itself consumes in every service (infra's ownership test counts them). */
export const KIT_CONSUMED_EVENTS: readonly EventType[] = [EventTypes.IdentitySessionRevoked, EventTypes.IdentityUserAccessChanged];

/** How long a revoked session id is remembered: longer than any access token lives. */
export const REVOCATION_MEMORY_MS = 24 * 3600_000;

type Listener = (sessionIds: readonly string[], userId: string) => void;
type AccessListener = (userId: string, accessVersion: number) => void;

/**
 * The sessions identity ended, as this process learned them from `identity.session.revoked`.
 * The token verifier refuses access tokens of these sessions and the realtime hub closes their
 * sockets, within the bus's delivery time (milliseconds with the PostgreSQL bus). In memory:
 * a restarted service forgets, so access tokens stay short-lived (docs/security.md).
 */
@Injectable()
export class RevocationSet {
  private readonly revoked = new Map<string, number>();
  private readonly listeners = new Set<Listener>();
  /** userId → the newest access version learned; tokens of lower versions are outdated. */
  private readonly versions = new Map<string, number>();
  private readonly accessListeners = new Set<AccessListener>();

  revoke(sessionIds: readonly string[], userId: string, now = Date.now()): void {
    for (const sid of sessionIds) this.revoked.set(sid, now);
    for (const [sid, at] of this.revoked) if (now - at > REVOCATION_MEMORY_MS) this.revoked.delete(sid);
    for (const l of this.listeners) l(sessionIds, userId);
  }

  isRevoked(sessionId: string | null | undefined): boolean {
    return !!sessionId && this.revoked.has(sessionId);
  }

  /** A user's roles, rights or scope changed (identity.user.access-changed); versions only go up. */
  accessChanged(userId: string, accessVersion: number): void {
    if ((this.versions.get(userId) ?? 0) >= accessVersion) return;
    this.versions.set(userId, accessVersion);
    for (const l of this.accessListeners) l(userId, accessVersion);
  }

  /** True when the user's access changed after a token of this version was issued. */
  isOutdated(userId: string, accessVersion: number | undefined): boolean {
    return (accessVersion ?? 0) < (this.versions.get(userId) ?? 0);
  }

  onAccessChanged(listener: AccessListener): () => void {
    this.accessListeners.add(listener);
    return () => this.accessListeners.delete(listener);
  }

  /** Called after each revocation; returns the unsubscribe function. */
  onRevoked(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The kit's consumer of identity's session revocations, registered in every service. */
@ApiExcludeController()
@Controller()
export class SessionRevocationConsumer {
  constructor(@Inject(RevocationSet) private readonly set: RevocationSet) {}

  @OnEvent(EventTypes.IdentitySessionRevoked)
  async onRevoked(@Payload() p: SessionRevokedPayload, @Ctx() _ctx: BusContext): Promise<void> {
    this.set.revoke(p.sessionIds ?? [], p.userId);
  }

  @OnEvent(EventTypes.IdentityUserAccessChanged)
  async onAccessChanged(@Payload() p: UserAccessChangedPayload, @Ctx() _ctx: BusContext): Promise<void> {
    if (typeof p.userId === 'string' && Number.isInteger(p.accessVersion)) this.set.accessChanged(p.userId, p.accessVersion);
  }
}
