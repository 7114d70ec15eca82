import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '@windward/contracts';
import { parsePage, uniqueAsConflict } from '@windward/service-kit';
import { TEMPLATE_SORT_FIELDS, TemplateRepository, type TemplateRow } from './template.repository.js';
import type { RepairTemplateListQuery, SaveRepairTemplateDto } from './template.dto.js';
import type { RepairStepView, RepairTemplatePage, RepairTemplateView } from './template.view.js';

const present = (r: TemplateRow): RepairTemplateView => ({ id: r.id, name: r.name, steps: r.steps, inUse: r.in_use, updatedAt: r.updated_at });

/**
 * SPEC §5 "Repair": template name, steps, step names and descriptions are required, step names
 * unique within a template; §8 -13001…-13008, checked in the order a form is read.
 */
export function checkTemplate(dto: SaveRepairTemplateDto): { name: string; steps: RepairStepView[] } {
  const name = dto.name?.trim() ?? '';
  if (!name) throw new AppError(-13008);
  if (!dto.steps?.length) throw new AppError(-13002);
  const steps = dto.steps.map((st) => ({ name: st.name?.trim() ?? '', description: st.description?.trim() ?? '' }));
  if (steps.some((st) => !st.name)) throw new AppError(-13005);
  if (steps.some((st) => !st.description)) throw new AppError(-13006);
  const seen = new Set<string>();
  for (const st of steps) {
    const key = st.name.toLowerCase();
    if (seen.has(key)) throw new AppError(-13004);
    seen.add(key);
  }
  return { name, steps };
}

@Injectable()
export class TemplatesService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: TemplateRepository,
  ) {}

  async list(q: RepairTemplateListQuery): Promise<RepairTemplatePage> {
    const page = parsePage(q, TEMPLATE_SORT_FIELDS, { sortField: 'name', pageSize: 20 });
    const { rows, total } = await this.repo.page(this.ds.manager, q.name?.trim() || undefined, page);
    return { results: rows.map(present), totalCount: total };
  }

  async get(id: string): Promise<RepairTemplateView> {
    const row = await this.repo.find(this.ds.manager, id);
    if (!row) throw new AppError(-13003);
    return present(row);
  }

  async create(dto: SaveRepairTemplateDto): Promise<RepairTemplateView> {
    const t = checkTemplate(dto);
    const id = await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          if (await this.repo.nameTaken(m, t.name, null)) throw new AppError(-13001);
          return this.repo.insert(m, t.name, t.steps);
        }),
      { repair_template_name_uq: -13001 },
    );
    return this.get(id);
  }

  async update(id: string, dto: SaveRepairTemplateDto): Promise<RepairTemplateView> {
    const t = checkTemplate(dto);
    await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          if (!(await this.repo.find(m, id, true))) throw new AppError(-13003);
          if (await this.repo.nameTaken(m, t.name, id)) throw new AppError(-13001);
          await this.repo.update(m, id, t.name, t.steps);
        }),
      { repair_template_name_uq: -13001 },
    );
    return this.get(id);
  }

  /** A template a plan's defect uses ("quoted") cannot be deleted (-13007). */
  async remove(id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const row = await this.repo.find(m, id, true);
      if (!row) throw new AppError(-13003);
      if (row.in_use) throw new AppError(-13007);
      await this.repo.delete(m, id);
    });
  }
}
