import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { invalid } from '../common/checks.js';
import { API } from '../inspections/inspections.controller.js';
import { TimelineLinkDto } from '../inspections/inspection.dto.js';
import { DefectLinkDto, TimelineStatusDto } from '../defects/defect.dto.js';
import { TimelineService } from './timeline.service.js';

@ApiTags('timeline')
@ApiBearerAuth()
@Controller(API)
export class TimelineController {
  constructor(private readonly timeline: TimelineService) {}

  @Get('inspections/:id/timeline')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.timeline.timeline(user, id);
  }

  @Put('inspections/:id/timeline-link')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  link(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: TimelineLinkDto) {
    return this.timeline.link(user, id, dto.previousInspectionId);
  }

  /** `?all=true` also removes links of later inspections to this one (needed before a move). */
  @Delete('inspections/:id/timeline-link')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  unlink(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query('all') all?: string) {
    return all === 'true' ? this.timeline.unlinkEverything(user, id) : this.timeline.unlink(user, id);
  }

  @Put('defects/:defectId/timeline-status')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  status(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string, @Body() dto: TimelineStatusDto) {
    return this.timeline.setStatus(user, defectId, dto.timelineStatus);
  }

  @Get('defects/:defectId/links')
  links(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string) {
    return this.timeline.links(user, defectId);
  }

  @Post('defect-links')
  @RequireRights(Rights.BLADE_LINK, Rights.INSPECTION_DATA)
  linkDefects(@CurrentUser() user: AuthUser, @Body() dto: DefectLinkDto) {
    return this.timeline.linkDefects(user, dto.externalDefectId, dto.internalDefectId);
  }

  @Delete('defect-links')
  @RequireRights(Rights.BLADE_LINK, Rights.INSPECTION_DATA)
  unlinkDefects(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    if (typeof q.externalDefectId !== 'string' || typeof q.internalDefectId !== 'string') invalid('externalDefectId', 'both defect ids');
    return this.timeline.unlinkDefects(user, q.externalDefectId as string, q.internalDefectId as string);
  }
}
