import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { IdParam, RequireRights } from '@windward/service-kit';
import { API_BASE } from '../common/access.js';
import { RepairTemplateListQuery, SaveRepairTemplateDto } from './template.dto.js';
import { RepairTemplatePage, RepairTemplateView } from './template.view.js';
import { TemplatesService } from './templates.service.js';

@ApiTags('repair templates')
@ApiBearerAuth()
@Controller(`${API_BASE}/templates`)
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  /** Repair-step templates, paged and sorted on the server. */
  @Get()
  @RequireRights(Rights.REPAIR_TEMPLATE_EDIT, Rights.MENU_REPAIR_CONFIGURATION, Rights.REPAIR_PLAN_SHOW)
  list(@Query() q: RepairTemplateListQuery): Promise<RepairTemplatePage> {
    return this.templates.list(q);
  }

  /** One template with its steps (-13003 when unknown). */
  @Get(':id')
  @RequireRights(Rights.REPAIR_TEMPLATE_EDIT, Rights.MENU_REPAIR_CONFIGURATION, Rights.REPAIR_PLAN_SHOW)
  get(@IdParam('id', -13003) id: string): Promise<RepairTemplateView> {
    return this.templates.get(id);
  }

  /** Creates a template (name and steps required, step names unique: -13001…-13008). */
  @Post()
  @RequireRights(Rights.REPAIR_TEMPLATE_EDIT)
  create(@Body() dto: SaveRepairTemplateDto): Promise<RepairTemplateView> {
    return this.templates.create(dto);
  }

  /** Replaces a template's name and steps. */
  @Put(':id')
  @RequireRights(Rights.REPAIR_TEMPLATE_EDIT)
  update(@IdParam('id', -13003) id: string, @Body() dto: SaveRepairTemplateDto): Promise<RepairTemplateView> {
    return this.templates.update(id, dto);
  }

  /** Deletes a template no plan uses (-13007 otherwise); 204. */
  @Delete(':id')
  @HttpCode(204)
  @RequireRights(Rights.REPAIR_TEMPLATE_EDIT)
  async remove(@IdParam('id', -13003) id: string): Promise<void> {
    await this.templates.remove(id);
  }
}
