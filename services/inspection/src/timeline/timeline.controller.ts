import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { TimelineLinkDto } from '../inspections/inspection.dto.js';
import { DefectLinkDto, TimelineStatusDto } from '../defects/defect.dto.js';
import { DefectView } from '../defects/defect.view.js';
import { TimelineService } from './timeline.service.js';
import { DefectLinkQuery, TimelineUnlinkQuery } from './timeline.dto.js';
import { DefectLinksView, TimelineView } from './timeline.view.js';

@ApiTags('timeline')
@ApiBearerAuth()
@Controller(API)
export class TimelineController {
  constructor(private readonly timeline: TimelineService) {}

  /** The inspection's defects with their timeline status, and the previous inspection's defects now repaired. */
  @Get('inspections/:id/timeline')
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<TimelineView> {
    return this.timeline.timeline(user, id);
  }

  /** Links the inspection to an earlier inspection of the same turbine and component. */
  @Put('inspections/:id/timeline-link')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  link(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: TimelineLinkDto): Promise<TimelineView> {
    return this.timeline.link(user, id, dto.previousInspectionId);
  }

  /** Removes the link to the previous inspection; `?all=true` also removes links of later inspections to this one (needed before a move). */
  @Delete('inspections/:id/timeline-link')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  unlink(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: TimelineUnlinkQuery): Promise<TimelineView> {
    return q.all === true ? this.timeline.unlinkEverything(user, id) : this.timeline.unlink(user, id);
  }

  /** Overrules a defect's computed timeline status (it stays until the link changes). */
  @Put('defects/:defectId/timeline-status')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  status(@CurrentUser() user: AuthUser, @IdParam('defectId') defectId: string, @Body() dto: TimelineStatusDto): Promise<DefectView> {
    return this.timeline.setStatus(user, defectId, dto.timelineStatus);
  }

  /** Link state of a blade defect: linked, unlinked, or cannot link (blade changed). */
  @Get('defects/:defectId/links')
  links(@CurrentUser() user: AuthUser, @IdParam('defectId') defectId: string): Promise<DefectLinksView> {
    return this.timeline.links(user, defectId);
  }

  /** Links an external and an internal defect of the same blade. */
  @Post('defect-links')
  @RequireRights(Rights.BLADE_LINK, Rights.INSPECTION_DATA)
  linkDefects(@CurrentUser() user: AuthUser, @Body() dto: DefectLinkDto): Promise<DefectLinksView> {
    return this.timeline.linkDefects(user, dto.externalDefectId, dto.internalDefectId);
  }

  /** Removes the link between an external and an internal defect. */
  @Delete('defect-links')
  @RequireRights(Rights.BLADE_LINK, Rights.INSPECTION_DATA)
  unlinkDefects(@CurrentUser() user: AuthUser, @Query() q: DefectLinkQuery): Promise<DefectLinksView> {
    return this.timeline.unlinkDefects(user, q.externalDefectId, q.internalDefectId);
  }
}
