import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { DefectsService } from './defects.service.js';
import { LabelingService } from './labeling.service.js';
import { BulkUpdateDto, CreateDefectDto, DpsStatusDto, LabeledDto, SuggestionsDto, UpdateDefectDto } from './defect.dto.js';

@ApiTags('defects')
@ApiBearerAuth()
@Controller(API)
export class DefectsController {
  constructor(
    private readonly defects: DefectsService,
    private readonly labeling: LabelingService,
  ) {}

  /** `suggested: true` stores a pre-label suggestion (an import or a model), see docs/inspection.md. */
  @Post('inspections/:id/defects')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  create(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: CreateDefectDto) {
    return this.defects.create(user, id, dto);
  }

  @Get('defects')
  list(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    return this.defects.list(user, q);
  }

  // Declared before `defects/:defectId` so "bulk" is not read as an id.
  @Patch('defects/bulk')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  bulk(@CurrentUser() user: AuthUser, @Body() dto: BulkUpdateDto) {
    return this.defects.bulkUpdate(user, dto.defectIds, dto.changes);
  }

  @Get('defects/:defectId')
  get(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string) {
    return this.defects.get(user, defectId);
  }

  @Patch('defects/:defectId')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  update(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string, @Body() dto: UpdateDefectDto) {
    return this.defects.update(user, defectId, dto);
  }

  /** Review (DPS) status: engineers and QA reviewers move defects through the report flow. */
  @Put('defects/:defectId/dps-status')
  @RequireRights(Rights.INSPECTION_DATA, Rights.QA_EDIT, Rights.APPROVAL_TASKS_EDIT)
  dps(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string, @Body() dto: DpsStatusDto) {
    return this.defects.setDpsStatus(user, defectId, dto.dpsStatus);
  }

  @Delete('defects/:defectId')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async remove(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string) {
    await this.defects.remove(user, defectId);
  }

  /** Pre-label: a suggestion becomes a regular defect. */
  @Post('defects/:defectId/accept')
  @HttpCode(200)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  accept(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string) {
    return this.defects.accept(user, defectId);
  }

  /** Pre-label: a suggestion is dropped (deleted). */
  @Post('defects/:defectId/reject')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async reject(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string) {
    await this.defects.reject(user, defectId);
  }

  @Post('inspections/:id/suggestions/accept')
  @HttpCode(200)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  acceptAll(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: SuggestionsDto) {
    return this.defects.decideSuggestions(user, id, 'accept', dto.defectIds);
  }

  @Post('inspections/:id/suggestions/reject')
  @HttpCode(200)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  rejectAll(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: SuggestionsDto) {
    return this.defects.decideSuggestions(user, id, 'reject', dto.defectIds);
  }

  /** Which image sides are labeled; `require=true` answers ALL_SIDES_MUST_BE_LABELED when not all are. */
  @Get('inspections/:id/labeling-status')
  labelingStatus(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query('require') require?: string) {
    return this.labeling.status(user, id, require === 'true');
  }

  /** The labeler's "this image is labeled" mark (kept by the labeling tool, not by the images module). */
  @Put('images/:imageId/labeled')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  setLabeled(@CurrentUser() user: AuthUser, @Param('imageId') imageId: string, @Body() dto: LabeledDto) {
    return this.labeling.setLabeled(user, imageId, dto.labeled);
  }
}
