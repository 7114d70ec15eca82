import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { DefectsService } from './defects.service.js';
import { DefectListService } from './defect-list.service.js';
import { DefectBulkService } from './defect-bulk.service.js';
import { SuggestionsService } from './suggestions.service.js';
import { LabelingService } from './labeling.service.js';
import {
  BulkUpdateDto,
  CreateDefectDto,
  DefectListQuery,
  DpsStatusDto,
  LabeledDto,
  LabelingStatusQuery,
  SuggestionsDto,
  UpdateDefectDto,
} from './defect.dto.js';
import { DefectBulkResultView, DefectPage, DefectView, LabeledView, LabelingStatusView, SuggestionDecisionView } from './defect.view.js';

@ApiTags('defects')
@ApiBearerAuth()
@Controller(API)
export class DefectsController {
  constructor(
    private readonly defects: DefectsService,
    private readonly lists: DefectListService,
    private readonly bulkEdit: DefectBulkService,
    private readonly suggestions: SuggestionsService,
    private readonly labeling: LabelingService,
  ) {}

  /** Creates a defect on an image of the inspection; `suggested: true` stores a pre-label suggestion (see docs/inspection.md). */
  @Post('inspections/:id/defects')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  create(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: CreateDefectDto): Promise<DefectView> {
    return this.defects.create(user, id, dto);
  }

  /** Defects of one park, turbine or inspection, paged, sorted and filtered on the server. */
  @Get('defects')
  list(@CurrentUser() user: AuthUser, @Query() q: DefectListQuery): Promise<DefectPage> {
    return this.lists.list(user, q);
  }

  /** One change for many defects (labeling's bulk edit): all or nothing. */
  // Declared before `defects/:defectId` so "bulk" is not read as an id.
  @Patch('defects/bulk')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  bulk(@CurrentUser() user: AuthUser, @Body() dto: BulkUpdateDto): Promise<DefectBulkResultView> {
    return this.bulkEdit.bulkUpdate(user, dto.defectIds, dto.changes);
  }

  /** One defect, with its inspection's turbine name and date. */
  @Get('defects/:defectId')
  get(@CurrentUser() user: AuthUser, @IdParam('defectId') defectId: string): Promise<DefectView> {
    return this.defects.get(user, defectId);
  }

  /** Changes the given fields of a defect. */
  @Patch('defects/:defectId')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  update(@CurrentUser() user: AuthUser, @IdParam('defectId') defectId: string, @Body() dto: UpdateDefectDto): Promise<DefectView> {
    return this.defects.update(user, defectId, dto);
  }

  /** Review (DPS) status: engineers and QA reviewers move defects through the report flow. */
  @Put('defects/:defectId/dps-status')
  @RequireRights(Rights.INSPECTION_DATA, Rights.QA_EDIT, Rights.APPROVAL_TASKS_EDIT)
  dps(@CurrentUser() user: AuthUser, @IdParam('defectId') defectId: string, @Body() dto: DpsStatusDto): Promise<DefectView> {
    return this.defects.setDpsStatus(user, defectId, dto.dpsStatus);
  }

  /** Deletes a defect (LINK_DEFECT_RELATED while it is linked to its internal/external counterpart). */
  @Delete('defects/:defectId')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async remove(@CurrentUser() user: AuthUser, @IdParam('defectId') defectId: string): Promise<void> {
    await this.defects.remove(user, defectId);
  }

  /** Pre-label: a suggestion becomes a regular defect. */
  @Post('defects/:defectId/accept')
  @HttpCode(200)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  accept(@CurrentUser() user: AuthUser, @IdParam('defectId') defectId: string): Promise<DefectView> {
    return this.suggestions.accept(user, defectId);
  }

  /** Pre-label: a suggestion is dropped (deleted). */
  @Post('defects/:defectId/reject')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async reject(@CurrentUser() user: AuthUser, @IdParam('defectId') defectId: string): Promise<void> {
    await this.suggestions.reject(user, defectId);
  }

  /** Pre-label "accept all": the given suggestions, or every suggestion of the inspection. */
  @Post('inspections/:id/suggestions/accept')
  @HttpCode(200)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  acceptAll(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: SuggestionsDto): Promise<SuggestionDecisionView> {
    return this.suggestions.decideSuggestions(user, id, 'accept', dto.defectIds);
  }

  /** Pre-label "reject all": the given suggestions, or every suggestion of the inspection. */
  @Post('inspections/:id/suggestions/reject')
  @HttpCode(200)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  rejectAll(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: SuggestionsDto): Promise<SuggestionDecisionView> {
    return this.suggestions.decideSuggestions(user, id, 'reject', dto.defectIds);
  }

  /** Which image sides are labeled; `require=true` answers ALL_SIDES_MUST_BE_LABELED when not all are. */
  @Get('inspections/:id/labeling-status')
  labelingStatus(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: LabelingStatusQuery): Promise<LabelingStatusView> {
    return this.labeling.status(user, id, q.require === true);
  }

  /** The labeler's "this image is labeled" mark (kept by the labeling tool, not by the images module). */
  @Put('images/:imageId/labeled')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  setLabeled(@CurrentUser() user: AuthUser, @IdParam('imageId') imageId: string, @Body() dto: LabeledDto): Promise<LabeledView> {
    return this.labeling.setLabeled(user, imageId, dto.labeled);
  }
}
