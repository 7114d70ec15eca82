import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { WORK_RIGHTS } from '../common/access.js';
import { ReinspectionService } from './reinspection.service.js';

@ApiTags('re-inspection')
@ApiBearerAuth()
@Controller('gw/task/api/v2')
export class ReinspectionController {
  constructor(private readonly svc: ReinspectionService) {}

  @Post('tasks/:id/reinspection')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS)
  request(@CurrentUser() u: AuthUser, @Param('id') id: string, @Body() b: Record<string, unknown>) {
    return this.svc.request(u, id, b ?? {});
  }

  @Get('approval-tasks')
  @RequireRights(Rights.APPROVAL_TASKS_SHOW, Rights.APPROVAL_TASKS_EDIT)
  list(@CurrentUser() u: AuthUser, @Query() q: Record<string, unknown>) {
    return this.svc.list(u, q);
  }

  @Put('approval-tasks/approve')
  @RequireRights(Rights.APPROVAL_TASKS_EDIT)
  approve(@CurrentUser() u: AuthUser, @Body() b: Record<string, unknown>) {
    return this.svc.approve(u, b ?? {});
  }
}
