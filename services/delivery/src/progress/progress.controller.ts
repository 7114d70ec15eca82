import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { ProgressService } from './progress.service.js';
import { ProgressQuery } from './progress.dto.js';
import { ProjectProgressPage } from './progress.view.js';
import { PROGRESS_RIGHTS } from './progress-live.js';

@ApiTags('progress dashboard')
@ApiBearerAuth()
@Controller('gw/delivery/api/v2/progress')
export class ProgressController {
  constructor(private readonly progress: ProgressService) {}

  /** Projects (default: in progress) with turbines planned/inspected, inspections per completed task stage and approved DPR totals; live nudges on /gw/delivery/socket.io. */
  @Get('projects')
  @RequireRights(...PROGRESS_RIGHTS)
  list(@CurrentUser() user: AuthUser, @Query() q: ProgressQuery): Promise<ProjectProgressPage> {
    return this.progress.list(user, q);
  }
}
