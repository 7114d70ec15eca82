import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { API } from '../inspections/inspections.controller.js';
import { TemplatesService } from './templates.service.js';
import { AddLpsTemplateDto, AddTemplateItemDto } from './template.dto.js';
import { DefectTemplatesView, LpsTemplateView, TemplateItemView } from './template.view.js';

const KIND = { name: 'kind', enum: ['types', 'severities', 'recommendations'] };

@ApiTags('templates')
@ApiBearerAuth()
@Controller(`${API}/customers/:customerId`)
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  /** The customer's defect templates: types, severity results and recommendations. */
  @Get('defect-templates')
  all(@CurrentUser() user: AuthUser, @IdParam('customerId') customerId: string): Promise<DefectTemplatesView> {
    return this.templates.all(user, customerId);
  }

  /** Adds a template item; `kind` = types | severities | recommendations (level 0..5 for severities). */
  @Post('defect-templates/:kind')
  @ApiParam(KIND)
  @RequireRights(Rights.DEFECT_CONFIG_EDIT)
  add(
    @CurrentUser() user: AuthUser,
    @IdParam('customerId') customerId: string,
    @Param('kind') kind: string,
    @Body() dto: AddTemplateItemDto,
  ): Promise<TemplateItemView> {
    return this.templates.add(user, customerId, kind, dto);
  }

  /** Removes a template item. */
  @Delete('defect-templates/:kind/:id')
  @ApiParam(KIND)
  @HttpCode(204)
  @RequireRights(Rights.DEFECT_CONFIG_EDIT)
  async remove(
    @CurrentUser() user: AuthUser,
    @IdParam('customerId') customerId: string,
    @Param('kind') kind: string,
    @IdParam() id: string,
  ): Promise<void> {
    await this.templates.remove(user, customerId, kind, id);
  }

  /** The customer's LPS templates (resistance bounds). */
  @Get('lps-templates')
  lps(@CurrentUser() user: AuthUser, @IdParam('customerId') customerId: string): Promise<LpsTemplateView[]> {
    return this.templates.lpsTemplates(user, customerId);
  }

  /** Adds an LPS template (min > max is MIN_GREATER_THAN_MAX). */
  @Post('lps-templates')
  @RequireRights(Rights.DEFECT_CONFIG_EDIT, Rights.LPS_EDIT)
  addLps(@CurrentUser() user: AuthUser, @IdParam('customerId') customerId: string, @Body() dto: AddLpsTemplateDto): Promise<LpsTemplateView> {
    return this.templates.addLpsTemplate(user, customerId, dto);
  }

  /** Removes an LPS template. */
  @Delete('lps-templates/:id')
  @HttpCode(204)
  @RequireRights(Rights.DEFECT_CONFIG_EDIT, Rights.LPS_EDIT)
  async removeLps(@CurrentUser() user: AuthUser, @IdParam('customerId') customerId: string, @IdParam() id: string): Promise<void> {
    await this.templates.removeLpsTemplate(user, customerId, id);
  }
}
