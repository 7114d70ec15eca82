import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AppError } from '@windward/contracts';
import { pageRows, parsePage, uniqueAsConflict } from '@windward/service-kit';
import { Project } from '../projects/project.entity.js';
import { DprActivity } from './dpr-activity.entity.js';
import { DprTemplate } from './dpr-template.entity.js';
import type { DprConfigListQuery, SaveDprActivityDto, SaveDprTemplateDto } from './dpr.dto.js';
import type { DprActivityPage, DprActivityView, DprTemplatePage, DprTemplateView } from './dpr.view.js';

const SORT: Record<string, string> = { name: 'x.name', updatedAt: 'x.updatedAt' };

/** DPR activities and templates (/configuration/dprActivityConfig): -8001 and -8002 guard the references. */
@Injectable()
export class DprConfigService {
  constructor(private readonly ds: DataSource) {}

  async activities(q: DprConfigListQuery): Promise<DprActivityPage> {
    const page = parsePage(q, Object.keys(SORT), { sortField: 'name', pageSize: 100 });
    const [rows, totalCount] = await pageRows(this.ds.getRepository(DprActivity).createQueryBuilder('x'), page, SORT, 'x.id', { nulls: 'largest' });
    return { results: await this.presentActivities(this.ds.manager, rows), totalCount };
  }

  async saveActivity(id: string | null, dto: SaveDprActivityDto): Promise<DprActivityView> {
    return this.ds.transaction(async (m) => {
      const a = id ? await m.findOne(DprActivity, { where: { id }, lock: { mode: 'pessimistic_write' } }) : m.create(DprActivity);
      if (!a) throw new AppError('NOT_FOUND');
      const name = dto.name.trim();
      const same = await m.createQueryBuilder(DprActivity, 'x').where('lower(x.name) = lower(:name)', { name }).andWhere(id ? 'x.id <> :id' : 'TRUE', { id }).getExists();
      if (same) throw new AppError('NAME_DUPLICATED');
      Object.assign(a, { name, unit: dto.unit?.trim() || null });
      await uniqueAsConflict(() => m.save(a), { dpr_activity_name_uq: 'NAME_DUPLICATED' });
      return (await this.presentActivities(m, [a]))[0]!;
    });
  }

  /** -8001: an activity a template lists stays. The row lock orders this against template saves, which share-lock their activities. */
  async removeActivity(id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const a = await m.findOne(DprActivity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!a) throw new AppError('NOT_FOUND');
      const used = await m.createQueryBuilder(DprTemplate, 't').where(':id = ANY(t.activityIds)', { id }).getExists();
      if (used) throw new AppError(-8001);
      await m.delete(DprActivity, { id });
    });
  }

  async templates(q: DprConfigListQuery): Promise<DprTemplatePage> {
    const page = parsePage(q, Object.keys(SORT), { sortField: 'name', pageSize: 100 });
    const [rows, totalCount] = await pageRows(this.ds.getRepository(DprTemplate).createQueryBuilder('x'), page, SORT, 'x.id', { nulls: 'largest' });
    return { results: await this.presentTemplates(this.ds.manager, rows), totalCount };
  }

  async saveTemplate(id: string | null, dto: SaveDprTemplateDto): Promise<DprTemplateView> {
    return this.ds.transaction(async (m) => {
      const t = id ? await m.findOne(DprTemplate, { where: { id }, lock: { mode: 'pessimistic_write' } }) : m.create(DprTemplate);
      if (!t) throw new AppError('NOT_FOUND');
      const ids = dto.activityIds;
      if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'activityIds', constraints: { rule: 'an activity listed twice' } }] });
      const found = ids.length ? await m.find(DprActivity, { where: { id: In(ids) }, lock: { mode: 'pessimistic_read' } }) : [];
      if (found.length !== ids.length) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'activityIds', constraints: { rule: 'unknown activity' } }] });
      const name = dto.name.trim();
      const same = await m.createQueryBuilder(DprTemplate, 'x').where('lower(x.name) = lower(:name)', { name }).andWhere(id ? 'x.id <> :id' : 'TRUE', { id }).getExists();
      if (same) throw new AppError('NAME_DUPLICATED');
      Object.assign(t, { name, activityIds: ids });
      await uniqueAsConflict(() => m.save(t), { dpr_template_name_uq: 'NAME_DUPLICATED' });
      return (await this.presentTemplates(m, [t]))[0]!;
    });
  }

  /** -8002: a template a project uses stays (the foreign key is the last word). */
  async removeTemplate(id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const t = await m.findOne(DprTemplate, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!t) throw new AppError('NOT_FOUND');
      if (await m.exists(Project, { where: { dprTemplateId: id } })) throw new AppError(-8002);
      await m.delete(DprTemplate, { id });
    });
  }

  private async presentActivities(m: EntityManager, rows: DprActivity[]): Promise<DprActivityView[]> {
    const templates = await m.find(DprTemplate, { select: { id: true, activityIds: true } });
    return rows.map((a) => ({
      activityId: a.id,
      name: a.name,
      unit: a.unit,
      templateCount: templates.filter((t) => t.activityIds.includes(a.id)).length,
      updatedAt: a.updatedAt,
    }));
  }

  private async presentTemplates(m: EntityManager, rows: DprTemplate[]): Promise<DprTemplateView[]> {
    const ids = [...new Set(rows.flatMap((t) => t.activityIds))];
    const activities = ids.length ? await m.find(DprActivity, { where: { id: In(ids) } }) : [];
    const byId = new Map(activities.map((a) => [a.id, a]));
    const uses: { id: string; n: number }[] = rows.length
      ? await m
          .createQueryBuilder(Project, 'p')
          .select('p.dprTemplateId', 'id')
          .addSelect('count(*)::int', 'n')
          .where('p.dprTemplateId IN (:...ids)', { ids: rows.map((t) => t.id) })
          .groupBy('p.dprTemplateId')
          .getRawMany()
      : [];
    return rows.map((t) => ({
      templateId: t.id,
      name: t.name,
      activities: t.activityIds.flatMap((id) => {
        const a = byId.get(id);
        return a ? [{ activityId: a.id, name: a.name, unit: a.unit }] : [];
      }),
      projectCount: uses.find((u) => u.id === t.id)?.n ?? 0,
      updatedAt: t.updatedAt,
    }));
  }
}
