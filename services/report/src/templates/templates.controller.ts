import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, OkView, RequireRights, type AuthUser } from '@windward/service-kit';
import { ReportTemplateListQuery, SaveReportTemplateDto } from './template.dto.js';
import { ReportTemplatePage, ReportTemplateView } from './template.view.js';
import { ReportTemplatesService } from './templates.service.js';

export const API = 'report/api/v1';
/** Template editing is Config Center template work (the same right as defect templates). */
const EDIT = [Rights.DEFECT_CONFIG_EDIT];
/** Whoever edits templates or asks for reports may read them (the report dialog offers them). */
const READ = [Rights.MENU_CONFIGURATION_CENTER, Rights.DEFECT_CONFIG_SHOW, Rights.IMAGE_EXPORT, Rights.MENU_SEARCH_EXPORT, ...EDIT];

@ApiTags('report templates')
@ApiBearerAuth()
@Controller(API)
export class ReportTemplatesController {
  constructor(private readonly templates: ReportTemplatesService) {}

  /** Report templates, paged; filter by part of the name; sort by name or updatedAt. */
  @Get('report-templates')
  @RequireRights(...READ)
  list(@Query() q: ReportTemplateListQuery): Promise<ReportTemplatePage> {
    return this.templates.list(q);
  }

  /** One report template (-13003 when unknown). */
  @Get('report-templates/:id')
  @RequireRights(...READ)
  get(@IdParam('id', -13003) id: string): Promise<ReportTemplateView> {
    return this.templates.get(id);
  }

  /** Creates a report template (-13008 blank name, -13001 duplicate name). */
  @Post('report-templates')
  @RequireRights(...EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: SaveReportTemplateDto): Promise<ReportTemplateView> {
    return this.templates.create(user, dto);
  }

  /** Replaces a report template (-13003 unknown, -13008, -13001). */
  @Put('report-templates/:id')
  @RequireRights(...EDIT)
  update(@IdParam('id', -13003) id: string, @Body() dto: SaveReportTemplateDto): Promise<ReportTemplateView> {
    return this.templates.update(id, dto);
  }

  /** Deletes a report template; refused with -8002 while a project references it. */
  @Delete('report-templates/:id')
  @RequireRights(...EDIT)
  async remove(@IdParam('id', -13003) id: string): Promise<OkView> {
    await this.templates.remove(id);
    return {};
  }
}
