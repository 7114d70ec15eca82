import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { API } from '../inspections/inspections.controller.js';
import { TemplatesService } from './templates.service.js';

@ApiTags('templates')
@ApiBearerAuth()
@Controller(`${API}/customers/:customerId`)
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get('defect-templates')
  all(@CurrentUser() user: AuthUser, @Param('customerId') customerId: string) {
    return this.templates.all(user, customerId);
  }

  /** kind = types | severities | recommendations; body `{name, level?}` (level 0..5 for severities). */
  @Post('defect-templates/:kind')
  @RequireRights(Rights.DEFECT_CONFIG_EDIT)
  add(
    @CurrentUser() user: AuthUser,
    @Param('customerId') customerId: string,
    @Param('kind') kind: string,
    @Body() body: Record<string, unknown>,
  ) {
    return this.templates.add(user, customerId, kind, body);
  }

  @Delete('defect-templates/:kind/:id')
  @HttpCode(204)
  @RequireRights(Rights.DEFECT_CONFIG_EDIT)
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('customerId') customerId: string,
    @Param('kind') kind: string,
    @Param('id') id: string,
  ) {
    await this.templates.remove(user, customerId, kind, id);
  }

  @Get('lps-templates')
  lps(@CurrentUser() user: AuthUser, @Param('customerId') customerId: string) {
    return this.templates.lpsTemplates(user, customerId);
  }

  @Post('lps-templates')
  @RequireRights(Rights.DEFECT_CONFIG_EDIT, Rights.LPS_EDIT)
  addLps(@CurrentUser() user: AuthUser, @Param('customerId') customerId: string, @Body() body: Record<string, unknown>) {
    return this.templates.addLpsTemplate(user, customerId, body);
  }

  @Delete('lps-templates/:id')
  @HttpCode(204)
  @RequireRights(Rights.DEFECT_CONFIG_EDIT, Rights.LPS_EDIT)
  async removeLps(@CurrentUser() user: AuthUser, @Param('customerId') customerId: string, @Param('id') id: string) {
    await this.templates.removeLpsTemplate(user, customerId, id);
  }
}
