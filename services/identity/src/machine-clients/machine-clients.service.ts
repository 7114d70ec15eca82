import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, EventTypes, Rights } from '@windward/contracts';
import { EventPublisher, canSeeCustomer, canSeePark, pageRows, parsePage, type AuthUser } from '@windward/service-kit';
import { likePattern } from '../common/query.js';
import { SigningKeysService } from '../oauth/signing-keys.service.js';
import type { ClientTokenView } from '../oauth/oauth.view.js';
import { MachineClient } from './machine-client.entity.js';
import type { CreateMachineClientDto, MachineClientListQuery } from './machine-client.dto.js';
import type { CreatedMachineClientView, MachineClientPage, MachineClientView } from './machine-client.view.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const SORT_COLUMN: Record<string, string> = { name: 'c.name', createdAt: 'c.created_at', lastUsedAt: 'c.last_used_at' };

/** The right a drone-ingestion client needs (create upload tasks, upload, complete); the default grant. */
export const DEFAULT_MACHINE_RIGHTS = [Rights.DATA_INTEGRATION_EDIT];

function invalid(field: string, rule: string): never {
  throw new AppError('VALIDATION_FAILED', { details: [{ field, constraints: { rule } }] });
}

function present(c: MachineClient): MachineClientView {
  return {
    id: c.id,
    clientId: c.clientId,
    name: c.name,
    rights: c.rights,
    customerIds: c.customerIds,
    parkIds: c.parkIds,
    createdBy: c.createdBy,
    createdAt: c.createdAt,
    lastUsedAt: c.lastUsedAt,
    revokedAt: c.revokedAt,
  };
}

/**
 * Machine clients (OAuth2 client credentials): registration by an administrator, the list,
 * revocation, and the token grant. A token is short-lived (MACHINE_TOKEN_TTL_SECONDS, default
 * 600 s) and has no refresh token: the client asks again with its credentials, and a revoked
 * client is refused at once.
 */
@Injectable()
export class MachineClientsService {
  readonly tokenTtl = Number(process.env.MACHINE_TOKEN_TTL_SECONDS ?? 600);

  constructor(
    private readonly ds: DataSource,
    private readonly keys: SigningKeysService,
    private readonly events: EventPublisher,
  ) {}

  /** Registers a client; its rights and scope may not exceed the administrator's own. The secret is in this answer only. */
  async create(user: AuthUser, dto: CreateMachineClientDto): Promise<CreatedMachineClientView> {
    const name = dto.name.trim();
    if (!name) invalid('name', 'not blank');
    const rights = [...new Set(dto.rights ?? DEFAULT_MACHINE_RIGHTS)];
    if (!rights.length) invalid('rights', 'at least one right');
    const beyond = rights.filter((r) => !user.rights.includes(r));
    if (beyond.length) throw new AppError('NO_ACCESS_RIGHTS', { details: { rights: beyond } });
    const customerIds = dto.customerIds ?? null;
    const parkIds = dto.parkIds ?? null;
    if (customerIds === null && user.customerIds !== null) invalid('customerIds', 'the customers of your own scope');
    if (customerIds?.some((id) => !canSeeCustomer(user, id))) throw new AppError('NO_ACCESS_RIGHTS', { details: { customerIds } });
    if (parkIds === null && user.parkIds !== null) invalid('parkIds', 'the parks of your own scope');
    if (parkIds?.some((id) => !canSeePark(user, id))) throw new AppError('NO_ACCESS_RIGHTS', { details: { parkIds } });
    const secret = randomBytes(32).toString('base64url');
    const row = await this.ds.getRepository(MachineClient).save({
      clientId: `mc-${randomBytes(10).toString('hex')}`,
      name,
      secretHash: sha256(secret),
      rights,
      customerIds: customerIds && [...new Set(customerIds)],
      parkIds: parkIds && [...new Set(parkIds)],
      createdBy: user.userId,
      lastUsedAt: null,
      revokedAt: null,
    });
    return { ...present(row), clientSecret: secret };
  }

  async list(q: MachineClientListQuery): Promise<MachineClientPage> {
    const page = parsePage(q, Object.keys(SORT_COLUMN), { sortField: 'createdAt', descending: q.fieldToSort === undefined ? true : undefined });
    const qb = this.ds.getRepository(MachineClient).createQueryBuilder('c');
    if (q.keyword?.trim()) qb.andWhere(`(c.name ILIKE :k ESCAPE '\\' OR c.client_id ILIKE :k ESCAPE '\\')`, { k: likePattern(q.keyword.trim()) });
    if (q.revoked !== undefined) qb.andWhere(q.revoked ? 'c.revoked_at IS NOT NULL' : 'c.revoked_at IS NULL');
    const [rows, totalCount] = await pageRows(qb, page, SORT_COLUMN, 'c.id', { nulls: 'smallest' });
    return { results: rows.map(present), totalCount };
  }

  /**
   * Revokes a client: its credentials no longer get tokens, and `identity.machine-client.revoked`
   * (same transaction) tells the services it calls to refuse the tokens it already holds.
   * Revoking twice changes nothing.
   */
  async revoke(user: AuthUser, id: string): Promise<MachineClientView> {
    return this.ds.transaction(async (m) => {
      const row = await m.findOne(MachineClient, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppError('NOT_FOUND');
      if (!row.revokedAt) {
        row.revokedAt = new Date();
        await m.update(MachineClient, { id }, { revokedAt: row.revokedAt });
        await this.events.publish(
          m,
          EventTypes.IdentityMachineClientRevoked,
          row.id,
          { machineClientId: row.id, clientId: row.clientId, revokedAt: row.revokedAt.toISOString() },
          user.userId,
        );
      }
      return present(row);
    });
  }

  /**
   * `grant_type=client_credentials`: the client's id and secret (HTTP Basic, or `client_id` and
   * `client_secret` in the body). Unknown id or wrong secret: 401 UNAUTHORIZED; a revoked client:
   * 403 ACCESS_DENIED. The access token carries the client's rights and scope; no refresh token.
   */
  async token(clientId: string, secret: string): Promise<ClientTokenView> {
    const row = clientId
      ? await this.ds.getRepository(MachineClient).createQueryBuilder('c').addSelect('c.secretHash').where('c.client_id = :clientId', { clientId }).getOne()
      : null;
    // Hash and compare even for unknown ids, so timing does not tell which ids exist.
    const given = Buffer.from(sha256(secret), 'hex');
    const expected = Buffer.from(row?.secretHash ?? sha256('\0no-client'), 'hex');
    if (!row || !secret || !timingSafeEqual(given, expected)) throw new AppError('UNAUTHORIZED');
    if (row.revokedAt) throw new AppError('ACCESS_DENIED');
    await this.ds.getRepository(MachineClient).update({ id: row.id }, { lastUsedAt: new Date() });
    const access = await this.keys.sign(
      {
        sub: row.id,
        username: row.clientId,
        name: row.name,
        roles: [],
        rights: row.rights,
        cid: row.customerIds,
        pid: row.parkIds,
        org: null,
      },
      this.tokenTtl,
    );
    return { access_token: access, token_type: 'Bearer', expires_in: this.tokenTtl, scope: '' };
  }
}
