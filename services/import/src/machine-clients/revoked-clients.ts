import { Controller, Inject, Injectable, Module, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { AppError, EventTypes, type MachineClientRevokedPayload } from '@windward/contracts';
import { OnEvent, SERVICE_CONFIG, type AuthUser, type BusContext, type ServiceConfig } from '@windward/service-kit';

/**
 * Machine clients identity revoked (`identity.machine-client.revoked`): their access tokens are
 * still signed and unexpired for a few minutes, so import keeps the list and refuses them.
 */
@Controller()
export class RevokedClientsConsumer {
  constructor(@Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig) {}

  @OnEvent(EventTypes.IdentityMachineClientRevoked)
  async onRevoked(@Payload() p: MachineClientRevokedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(
      `INSERT INTO "${this.cfg.schema}".revoked_client (machine_client_id, client_id, revoked_at) VALUES ($1, $2, $3)
       ON CONFLICT (machine_client_id) DO NOTHING`,
      [p.machineClientId, p.clientId, p.revokedAt],
    );
  }
}

/** Refuses (401 TOKEN_REVOKED) a token whose subject is a revoked machine client; runs after the kit's auth guard. */
@Injectable()
export class RevokedClientGuard implements CanActivate {
  constructor(
    private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user && (await this.isRevoked(user.userId))) throw new AppError('TOKEN_REVOKED');
    return true;
  }

  async isRevoked(subject: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(subject)) return false;
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM "${this.cfg.schema}".revoked_client WHERE machine_client_id = $1`, [subject]);
    return rows.length > 0;
  }
}

@Module({ controllers: [RevokedClientsConsumer], providers: [RevokedClientGuard], exports: [RevokedClientGuard] })
export class MachineClientsModule {}
