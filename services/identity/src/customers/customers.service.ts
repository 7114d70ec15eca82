import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  AppError,
  hasSpecialCharacters,
  EventTypes,
  FLOW_FEATURE_STAGES,
  SEVERITY_LEVELS,
  isComponentType,
  isEnumValue,
  isFlowFeature,
  CUSTOMER_TYPE_LABELS,
  CustomerType,
  TaskStage,
  type CustomerEventPayload,
  type Locale,
} from '@windward/contracts';
import { EventPublisher, pageRows, parsePage, scopeIds, type AuthUser } from '@windward/service-kit';
import { Customer } from './customer.entity.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { ParkRef } from './park-ref.entity.js';
import { CustomerRepository } from './customer.repository.js';
import type { CustomerListQuery, SaveCustomerDto } from './customer.dto.js';
import type { CustomerPage, CustomerTypeView, CustomerView, SeverityMappingView } from './customer.view.js';
import { likePattern } from '../common/query.js';

const SORTABLE = ['customerName', 'createdAt', 'validDate'] as const;
const SORT_COLUMN: Record<string, string> = { customerName: 'c.name', createdAt: 'c.createdAt', validDate: 'c.validDate' };

/** What other services learn about a customer: names, quota and the flow configs task-flow runs by. */
export function customerPayload(c: Customer): CustomerEventPayload {
  return {
    customerId: c.id,
    customerName: c.name,
    customerTypeId: c.customerTypeId,
    organizationId: c.organizationId,
    maxTurbines: c.maxTurbines,
    flowConfigs: c.flowConfigs.map((f) => ({ componentType: f.componentType, features: f.features, taskStages: f.taskStages ?? [] })),
  };
}

/**
 * Component and flow configs (SPEC §3) use contracts' codes: part-2 component types, optional flow
 * features, task stage ids (a stage of a feature that is off may not be listed). One config per
 * component type; severity names per level 0..5, each level once.
 */
function validateConfigs(dto: SaveCustomerDto) {
  const bad = (field: string, value?: unknown): never => {
    throw new AppError('VALIDATION_FAILED', { details: [{ field, ...(value !== undefined ? { value } : {}) }] });
  };
  if (dto.customerTypeId != null && !isEnumValue(CustomerType, dto.customerTypeId)) bad('customerTypeId', dto.customerTypeId);
  const seen = new Set<number>();
  (dto.componentConfigs ?? []).forEach((cc, i) => {
    if (!isComponentType(cc.componentType)) bad(`componentConfigs[${i}].componentType`, cc.componentType);
    if (seen.has(cc.componentType)) bad(`componentConfigs[${i}].componentType`, cc.componentType);
    seen.add(cc.componentType);
    if ((cc.defectTemplateData ?? []).filter((d) => d.isDefault).length > 1) bad(`componentConfigs[${i}].defectTemplateData`);
  });
  const seenFlow = new Set<number>();
  (dto.flowConfigs ?? []).forEach((fc, i) => {
    if (!isComponentType(fc.componentType) || seenFlow.has(fc.componentType)) bad(`flowConfigs[${i}].componentType`, fc.componentType);
    seenFlow.add(fc.componentType);
    const unknown = fc.features.filter((f) => !isFlowFeature(f));
    if (unknown.length) bad(`flowConfigs[${i}].features`, unknown);
    const off = new Set<number>(
      (Object.keys(FLOW_FEATURE_STAGES) as (keyof typeof FLOW_FEATURE_STAGES)[])
        .filter((f) => !fc.features.includes(f))
        .flatMap((f) => [...FLOW_FEATURE_STAGES[f]]),
    );
    const badStages = (fc.taskStages ?? []).filter((s) => !isEnumValue(TaskStage, s) || off.has(s));
    if (badStages.length) bad(`flowConfigs[${i}].taskStages`, badStages);
  });
  const levels = (dto.severityMapping ?? []).map((s) => s.level);
  if (levels.some((l) => !(SEVERITY_LEVELS as readonly number[]).includes(l)) || new Set(levels).size !== levels.length)
    bad('severityMapping', levels);
}

@Injectable()
export class CustomersService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
    private readonly related: CustomerRepository,
  ) {}

  async list(user: AuthUser, q: CustomerListQuery): Promise<CustomerPage> {
    const page = parsePage(q, SORTABLE, { sortField: 'customerName' });
    const ids = scopeIds(user.customerIds, q.customerIds ?? []);
    const qb = this.ds.getRepository(Customer).createQueryBuilder('c');
    if (ids) qb.andWhere('c.id IN (:...ids)', { ids: ids.length ? ids : ['00000000-0000-0000-0000-000000000000'] });
    if (q.customerName) qb.andWhere(`c.name ILIKE :name ESCAPE '\\'`, { name: likePattern(q.customerName) });
    if (q.organizationId) qb.andWhere('c.organizationId = :org', { org: q.organizationId });
    const [rows, totalCount] = await pageRows(qb, page, SORT_COLUMN, 'c.id', { nulls: 'largest' });
    return { results: await this.present(rows), totalCount };
  }

  async get(user: AuthUser, id: string): Promise<CustomerView> {
    const c = await this.find(user, id);
    return (await this.present([c]))[0]!;
  }

  types(locale: Locale): CustomerTypeView[] {
    return Object.entries(CUSTOMER_TYPE_LABELS[locale]).map(([id, name]) => ({ id: Number(id), name }));
  }

  async create(user: AuthUser, dto: SaveCustomerDto): Promise<CustomerView> {
    validateConfigs(dto);
    return this.ds.transaction(async (m) => {
      await this.assertNameFree(m, dto.customerName);
      await this.assertOrganization(m, dto.organizationId);
      const c = m.create(Customer, this.fields(dto));
      await m.save(c);
      await this.events.publish(m, EventTypes.IdentityCustomerCreated, c.id, customerPayload(c), user.userId);
      return (await this.present([c], m))[0]!;
    });
  }

  async update(user: AuthUser, id: string, dto: SaveCustomerDto): Promise<CustomerView> {
    validateConfigs(dto);
    return this.ds.transaction(async (m) => {
      const c = await this.find(user, id, m, true);
      if (dto.version !== undefined && dto.version !== c.version) throw new AppError('EDIT_CONFLICT');
      await this.assertNameFree(m, dto.customerName, id);
      await this.assertOrganization(m, dto.organizationId);
      Object.assign(c, this.fields(dto));
      await m.save(c);
      await this.events.publish(m, EventTypes.IdentityCustomerUpdated, c.id, customerPayload(c), user.userId);
      return (await this.present([c], m))[0]!;
    });
  }

  /** Refused while accounts or wind parks still belong to the customer (SPEC §8 messages). */
  async remove(user: AuthUser, id: string) {
    await this.ds.transaction(async (m) => {
      const c = await this.find(user, id, m, true);
      const accounts = await m.createQueryBuilder(User, 'u').where(':id = ANY(u.customerIds)', { id }).getCount();
      if (accounts > 0) throw new AppError('CUSTOMER_HAS_ACCOUNTS');
      const parks = await m.count(ParkRef, { where: { customerId: id } });
      if (parks > 0) throw new AppError('CUSTOMER_HAS_WIND_PARKS');
      await m.delete(Customer, { id: c.id });
      await this.events.publish(m, EventTypes.IdentityCustomerDeleted, c.id, { id: c.id }, user.userId);
    });
  }

  async severityMapping(user: AuthUser, id: string): Promise<SeverityMappingView> {
    const c = await this.find(user, id);
    return { customerId: c.id, severityMapping: c.severityMapping };
  }

  async severityMappingBatch(user: AuthUser, requested: string[]): Promise<SeverityMappingView[]> {
    const ids = scopeIds(user.customerIds, requested) ?? [];
    if (!ids.length) return [];
    const rows = await this.ds.getRepository(Customer).find({ where: { id: In(ids) } });
    return rows.map((c) => ({ customerId: c.id, severityMapping: c.severityMapping }));
  }

  private fields(dto: SaveCustomerDto): Partial<Customer> {
    return {
      name: dto.customerName.trim(),
      customerTypeId: dto.customerTypeId ?? null,
      maxFlightTimes: dto.maxFlightTimes ?? null,
      maxTurbines: dto.maxTurbines ?? null,
      validDate: dto.validDate ?? null,
      organizationId: dto.organizationId ?? null,
      address: dto.customerAddress ?? null,
      contactor: dto.contactor ?? null,
      post: dto.post ?? null,
      phone: dto.phone ?? null,
      componentConfigs: (dto.componentConfigs ?? []).map((x) => ({ ...x, permission: x.permission ?? true })),
      flowConfigs: (dto.flowConfigs ?? []).map((x) => ({ ...x, features: [...new Set(x.features)], taskStages: x.taskStages ?? [] })),
      ...(dto.severityMapping ? { severityMapping: [...dto.severityMapping].sort((a, b) => a.level - b.level) } : {}),
    };
  }

  private async find(user: AuthUser, id: string, m: EntityManager = this.ds.manager, lock = false): Promise<Customer> {
    const c = await m.findOne(Customer, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    // Out-of-scope customers look the same as missing ones.
    if (!c || (user.customerIds !== null && !user.customerIds.includes(id))) throw new AppError('NOT_FOUND');
    return c;
  }

  private async assertNameFree(m: EntityManager, name: string, exceptId?: string) {
    // SPEC §5 "some fields reject special characters": customer names do (docs/security.md).
    if (hasSpecialCharacters(name)) throw new AppError('SPECIAL_CHARACTERS_NOT_ALLOWED', { details: [{ field: 'customerName' }] });
    const qb = m.createQueryBuilder(Customer, 'c').where('lower(c.name) = lower(:name)', { name: name.trim() });
    if (exceptId) qb.andWhere('c.id <> :exceptId', { exceptId });
    if (await qb.getExists()) throw new AppError('CUSTOMER_NAME_EXISTS');
  }

  private async assertOrganization(m: EntityManager, organizationId?: string | null) {
    if (organizationId && !(await m.exists(Organization, { where: { id: organizationId } }))) {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'organizationId' }] });
    }
  }

  private async present(rows: Customer[], m: EntityManager = this.ds.manager): Promise<CustomerView[]> {
    const orgIds = [...new Set(rows.map((r) => r.organizationId).filter((x): x is string => !!x))];
    const orgs = orgIds.length ? await m.find(Organization, { where: { id: In(orgIds) } }) : [];
    const orgName = new Map(orgs.map((o) => [o.id, o.name]));
    // Related accounts and wind parks: what blocks deletion.
    const counts = await this.related.relatedCounts(
      m,
      rows.map((r) => r.id),
    );
    return rows.map((c) => ({
      customerId: c.id,
      customerName: c.name,
      customerTypeId: c.customerTypeId,
      maxFlightTimes: c.maxFlightTimes,
      maxTurbines: c.maxTurbines,
      validDate: c.validDate,
      organizationId: c.organizationId,
      organizationName: c.organizationId ? (orgName.get(c.organizationId) ?? null) : null,
      componentConfigs: c.componentConfigs,
      flowConfigs: c.flowConfigs,
      customerAddress: c.address,
      contactor: c.contactor,
      post: c.post,
      phone: c.phone,
      accountCount: counts.get(c.id)?.accounts ?? 0,
      windParkCount: counts.get(c.id)?.parks ?? 0,
      version: c.version,
    }));
  }
}
