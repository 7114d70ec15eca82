import { Injectable } from '@nestjs/common';
import { AppError } from '@windward/contracts';
import { parsePage, uniqueAsConflict, type AuthUser } from '@windward/service-kit';
import type { ReportTemplateListQuery, SaveReportTemplateDto } from './template.dto.js';
import type { ReportTemplatePage, ReportTemplateView } from './template.view.js';
import { ReportTemplateRepository, TEMPLATE_SORT, type ReportTemplateRow, type TemplateFields } from './template.repository.js';

const SORTABLE = Object.keys(TEMPLATE_SORT) as (keyof typeof TEMPLATE_SORT)[];

export function presentTemplate(r: ReportTemplateRow): ReportTemplateView {
  return {
    id: r.id,
    name: r.name,
    sections: r.sections,
    logo: r.logo,
    customerName: r.customer_name,
    language: r.language,
    severityLabels: Object.entries(r.severity_labels)
      .map(([severity, label]) => ({ severity: Number(severity), label }))
      .sort((a, b) => a.severity - b.severity),
    projectIds: r.project_ids,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Report templates of the Config Center (docs/reports.md). */
@Injectable()
export class ReportTemplatesService {
  constructor(private readonly templates: ReportTemplateRepository) {}

  async list(q: ReportTemplateListQuery): Promise<ReportTemplatePage> {
    const page = parsePage(q, SORTABLE, { sortField: 'name', pageSize: 20 });
    const { rows, totalCount } = await this.templates.page({
      name: q.name?.trim() || undefined,
      sort: page.sortField as keyof typeof TEMPLATE_SORT,
      descending: page.descending,
      skip: page.skip,
      take: page.take,
    });
    return { results: rows.map(presentTemplate), totalCount };
  }

  async get(id: string): Promise<ReportTemplateView> {
    const row = await this.templates.find(id);
    if (!row) throw new AppError(-13003);
    return presentTemplate(row);
  }

  async create(user: AuthUser, dto: SaveReportTemplateDto): Promise<ReportTemplateView> {
    const fields = this.fields(dto);
    const id = await uniqueAsConflict(() => this.templates.insert(fields, user.userId), { report_template_name_uq: -13001 });
    return this.get(id);
  }

  async update(id: string, dto: SaveReportTemplateDto): Promise<ReportTemplateView> {
    const fields = this.fields(dto);
    const found = await uniqueAsConflict(() => this.templates.update(id, fields), { report_template_name_uq: -13001 });
    if (!found) throw new AppError(-13003);
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    const r = await this.templates.deleteUnreferenced(id);
    if (r === 'missing') throw new AppError(-13003);
    if (r === 'referenced') throw new AppError(-8002);
  }

  private fields(dto: SaveReportTemplateDto): TemplateFields {
    const name = dto.name.trim();
    if (!name) throw new AppError(-13008);
    return {
      name,
      sections: dto.sections,
      logo: dto.logo ?? null,
      customerName: dto.customerName?.trim() || null,
      language: dto.language ?? null,
      severityLabels: Object.fromEntries(
        (dto.severityLabels ?? []).filter((l) => l.label.trim()).map((l) => [String(l.severity), l.label.trim()]),
      ),
      projectIds: dto.projectIds ?? [],
    };
  }
}
