import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, EventTypes, RoleId, hasSpecialCharacters } from '@windward/contracts';
import { EventPublisher, parsePage, type AuthUser } from '@windward/service-kit';
import { Organization } from './organization.entity.js';
import { Customer } from '../customers/customer.entity.js';
import { User } from '../users/user.entity.js';
import { likePattern } from '../common/query.js';
import type { OrganizationListQuery } from './organization.dto.js';
import type { OrganizationPage, OrganizationView } from './organization.view.js';

const SORT_COLUMN: Record<string, string> = {
  organizationName: 'o.name',
  customerCount: '"customerCount"',
  pilotCount: '"pilotCount"',
  createdAt: 'o.created_at',
};

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** SPEC §3 Organization: organizationGuid, organizationName, customerCount, pilotCount. */
  async list(q: OrganizationListQuery): Promise<OrganizationPage> {
    const page = parsePage(q, Object.keys(SORT_COLUMN), { sortField: 'organizationName' });
    const qb = this.ds
      .getRepository(Organization)
      .createQueryBuilder('o')
      .select('o.id', 'organizationGuid')
      .addSelect('o.name', 'organizationName')
      .addSelect((s) => s.select('count(*)::int').from(Customer, 'c').where('c.organizationId = o.id'), 'customerCount')
      .addSelect((s) => s.select('count(*)::int').from(User, 'u').where('u.organizationId = o.id AND :pilot = ANY(u.roles)'), 'pilotCount')
      .setParameter('pilot', RoleId.PILOT);
    if (q.organizationName) qb.where(`o.name ILIKE :n ESCAPE '\\'`, { n: likePattern(q.organizationName) });
    const totalCount = await qb.clone().getCount();
    const results = await qb
      .orderBy(SORT_COLUMN[page.sortField]!, page.descending ? 'DESC' : 'ASC')
      .addOrderBy('o.id')
      .offset(page.skip)
      .limit(page.take)
      .getRawMany<OrganizationView>();
    return { results, totalCount };
  }

  async create(user: AuthUser, name: string): Promise<OrganizationView> {
    const trimmed = this.validName(name);
    return this.ds.transaction(async (m) => {
      await this.assertNameFree(m, trimmed);
      const o = await m.save(m.create(Organization, { name: trimmed }));
      await this.events.publish(
        m,
        EventTypes.IdentityOrganizationCreated,
        o.id,
        { organizationGuid: o.id, organizationName: o.name },
        user.userId,
      );
      return { organizationGuid: o.id, organizationName: o.name, customerCount: 0, pilotCount: 0 };
    });
  }

  async update(user: AuthUser, id: string, name: string): Promise<OrganizationView> {
    const trimmed = this.validName(name);
    return this.ds.transaction(async (m) => {
      const o = await this.find(m, id);
      await this.assertNameFree(m, trimmed, o.id);
      o.name = trimmed;
      await m.save(o);
      await this.events.publish(
        m,
        EventTypes.IdentityOrganizationUpdated,
        o.id,
        { organizationGuid: o.id, organizationName: o.name },
        user.userId,
      );
      const customerCount = await m.count(Customer, { where: { organizationId: o.id } });
      const pilotCount = await m
        .createQueryBuilder(User, 'u')
        .where('u.organizationId = :id AND :pilot = ANY(u.roles)', { id: o.id, pilot: RoleId.PILOT })
        .getCount();
      return { organizationGuid: o.id, organizationName: o.name, customerCount, pilotCount };
    });
  }

  /** Refused while customers or users still belong to it (SPEC §8). */
  async remove(user: AuthUser, id: string) {
    await this.ds.transaction(async (m) => {
      const o = await this.find(m, id);
      const related =
        (await m.count(Customer, { where: { organizationId: o.id } })) + (await m.count(User, { where: { organizationId: o.id } }));
      if (related > 0) throw new AppError('ORGANIZATION_HAS_RELATED');
      await m.delete(Organization, { id: o.id });
      await this.events.publish(m, EventTypes.IdentityOrganizationDeleted, o.id, { id: o.id }, user.userId);
    });
  }

  private validName(name: string): string {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 100) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'organizationName' }] });
    // SPEC §5 "some fields reject special characters": names that label data everywhere do (docs/security.md).
    if (hasSpecialCharacters(trimmed)) throw new AppError('SPECIAL_CHARACTERS_NOT_ALLOWED', { details: [{ field: 'organizationName' }] });
    return trimmed;
  }

  private async find(m: EntityManager, id: string): Promise<Organization> {
    const o = await m.findOne(Organization, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!o) throw new AppError('NOT_FOUND');
    return o;
  }

  private async assertNameFree(m: EntityManager, name: string, exceptId?: string) {
    const qb = m.createQueryBuilder(Organization, 'o').where('lower(o.name) = lower(:n)', { n: name });
    if (exceptId) qb.andWhere('o.id <> :exceptId', { exceptId });
    if (await qb.getExists()) throw new AppError('ORGANIZATION_NAME_EXISTS');
  }
}
