import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, type ErrorCode, isUuid } from '@windward/contracts';
import { EventPublisher, canSeeCustomer, type AuthUser } from '@windward/service-kit';
import { handlesCustomer } from '../common/access.js';
import { decimal3, intIn, invalid, minMax, text } from '../common/checks.js';

import { uniqueAsConflict } from '@windward/service-kit';
import { LpsTemplate, TemplateItem, type TemplateKind } from './template.entity.js';
import type { AddLpsTemplateDto, AddTemplateItemDto } from './template.dto.js';
import { announceDefectTemplate } from './template-events.js';
import type { DefectTemplatesView, LpsTemplateView, TemplateItemView } from './template.view.js';

/** Path segment → stored kind and the catalogue's "already exists" message of that kind. */
export const TEMPLATE_KINDS: Record<string, { kind: TemplateKind; exists: ErrorCode }> = {
  types: { kind: 'type', exists: 'DEFECT_TYPE_EXISTS' },
  severities: { kind: 'severity', exists: 'RESULT_EXISTS' },
  recommendations: { kind: 'recommendation', exists: 'RECOMMENDATION_EXISTS' },
};

const presentItem = (i: TemplateItem): TemplateItemView => ({ id: i.id, customerId: i.customerId, kind: i.kind, name: i.name, level: i.level });
const presentLps = (t: LpsTemplate): LpsTemplateView => ({ id: t.id, customerId: t.customerId, name: t.name, minOhm: t.minOhm, maxOhm: t.maxOhm });

/** Defect templates (types, severity results, recommendations) and LPS templates per customer. */
@Injectable()
export class TemplatesService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  private customer(user: AuthUser, customerId: string) {
    if (!isUuid(customerId) || !canSeeCustomer(user, customerId)) throw new AppError('NOT_FOUND');
  }

  private kind(segment: string) {
    const k = TEMPLATE_KINDS[segment];
    if (!k) throw new AppError('NOT_FOUND');
    return k;
  }

  async all(user: AuthUser, customerId: string): Promise<DefectTemplatesView> {
    // The handler of a task labels with its customer's templates, whatever their scope (docs/roles.md).
    if (!isUuid(customerId) || !(canSeeCustomer(user, customerId) || (await handlesCustomer(this.ds.manager, user, customerId)))) {
      throw new AppError('NOT_FOUND');
    }
    const items = await this.ds
      .getRepository(TemplateItem)
      .find({ where: { customerId }, order: { kind: 'ASC', level: 'ASC', name: 'ASC' } });
    const of = (kind: TemplateKind) => items.filter((i) => i.kind === kind).map(presentItem);
    return { types: of('type'), severities: of('severity'), recommendations: of('recommendation') };
  }

  async add(user: AuthUser, customerId: string, segment: string, body: AddTemplateItemDto): Promise<TemplateItemView> {
    this.customer(user, customerId);
    const k = this.kind(segment);
    const name = text(body.name, 'name', { required: true, max: k.kind === 'recommendation' ? 500 : 100 })!;
    const level = k.kind === 'severity' ? intIn(body.level, 0, 5, 'level', false) : null;
    return uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const repo = m.getRepository(TemplateItem);
          const dup = await repo
            .createQueryBuilder('t')
            .where('t.customerId = :customerId AND t.kind = :kind AND lower(t.name) = lower(:name)', { customerId, kind: k.kind, name })
            .getExists();
          if (dup) throw new AppError(k.exists);
          const item = await repo.save(repo.create({ customerId, kind: k.kind, name, level }));
          await announceDefectTemplate(m, this.events, customerId, user.userId);
          return presentItem(item);
        }),
      { template_item_name_uq: k.exists },
    );
  }

  async remove(user: AuthUser, customerId: string, segment: string, id: string): Promise<void> {
    this.customer(user, customerId);
    const k = this.kind(segment);
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    await this.ds.transaction(async (m) => {
      const r = await m.delete(TemplateItem, { id, customerId, kind: k.kind });
      if (!r.affected) throw new AppError('NOT_FOUND');
      await announceDefectTemplate(m, this.events, customerId, user.userId);
    });
  }

  async lpsTemplates(user: AuthUser, customerId: string): Promise<LpsTemplateView[]> {
    this.customer(user, customerId);
    return (await this.ds.getRepository(LpsTemplate).find({ where: { customerId }, order: { name: 'ASC' } })).map(presentLps);
  }

  /** min > max is refused (MIN_GREATER_THAN_MAX); ohm values have at most 3 decimals. */
  async addLpsTemplate(user: AuthUser, customerId: string, body: AddLpsTemplateDto): Promise<LpsTemplateView> {
    this.customer(user, customerId);
    const name = text(body.name, 'name', { required: true, max: 100 })!;
    const num = (v: unknown, f: string) => {
      if (v !== undefined && v !== null && typeof v !== 'number' && typeof v !== 'string') invalid(f, 'a number');
      return decimal3(v as number | string | null | undefined, f, { min0: true });
    };
    const minOhm = num(body.minOhm, 'minOhm');
    const maxOhm = num(body.maxOhm, 'maxOhm');
    minMax(minOhm, maxOhm, 'minOhm');
    return uniqueAsConflict(
      async () => {
        const repo = this.ds.getRepository(LpsTemplate);
        if (
          await repo
            .createQueryBuilder('t')
            .where('t.customerId = :customerId AND lower(t.name) = lower(:name)', { customerId, name })
            .getExists()
        ) {
          throw new AppError('NAME_DUPLICATED');
        }
        return presentLps(await repo.save(repo.create({ customerId, name, minOhm, maxOhm })));
      },
      { lps_template_name_uq: 'NAME_DUPLICATED' },
    );
  }

  async removeLpsTemplate(user: AuthUser, customerId: string, id: string): Promise<void> {
    this.customer(user, customerId);
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const r = await this.ds.getRepository(LpsTemplate).delete({ id, customerId });
    if (!r.affected) throw new AppError('NOT_FOUND');
  }
}
