import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type DeletedPayload, type EventType, type UserEventPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from './bus-transport.js';

/** The identity events every UserRefsConsumer handles (infra's ownership test counts them per service). */
export const USER_REFS_EVENTS: readonly EventType[] = [EventTypes.IdentityUserCreated, EventTypes.IdentityUserUpdated, EventTypes.IdentityUserDeleted];

/**
 * The read copy of identity's users a service keeps in its own schema —
 * `user_ref (user_id, username, display_name, roles, active, deleted)`, plus the user's data
 * scope `customer_ids, park_ids` when the service sets `keepsScope` — kept by one set of handlers.
 * A service's user consumer extends it (as a `@Controller()`) and names its schema; a deleted user
 * stays known (rows name them) but is inactive.
 */
export abstract class UserRefsConsumer {
  /** The service's schema, quoted (`"task_flow"`). */
  protected abstract readonly schema: string;
  /** Whether user_ref also has `customer_ids` and `park_ids` (services that filter by the user's scope). */
  protected readonly keepsScope: boolean = false;

  @OnEvent(EventTypes.IdentityUserCreated, EventTypes.IdentityUserUpdated)
  async onUser(@Payload() p: UserEventPayload, @Ctx() ctx: BusContext): Promise<void> {
    const scope = this.keepsScope;
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.user_ref (user_id, username, display_name, roles, active${scope ? ', customer_ids, park_ids' : ''})
       VALUES ($1, $2, $3, $4, $5${scope ? ', $6, $7' : ''})
       ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username, display_name = EXCLUDED.display_name, roles = EXCLUDED.roles,
         active = EXCLUDED.active${scope ? ', customer_ids = EXCLUDED.customer_ids, park_ids = EXCLUDED.park_ids' : ''}, deleted = false`,
      [p.userId, p.username, p.displayName || p.username, p.roles, p.active, ...(scope ? [p.customerIds ?? [], p.parkIds ?? []] : [])],
    );
  }

  @OnEvent(EventTypes.IdentityUserDeleted)
  async onUserDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`UPDATE ${this.schema}.user_ref SET deleted = true, active = false WHERE user_id = $1`, [p.id]);
  }
}
