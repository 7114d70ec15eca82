import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { WORK_RIGHTS } from '../common/access.js';
import { TaskDetailView } from '../tasks/task.view.js';
import { ReinspectionService } from './reinspection.service.js';
import { ApprovalTaskListQuery, ApproveReinspectionDto, RequestReinspectionDto } from './reinspection.dto.js';
import { ApprovalTaskPage } from './reinspection.view.js';

@ApiTags('re-inspection')
@ApiBearerAuth()
@Controller('gw/task/api/v2')
export class ReinspectionController {
  constructor(private readonly svc: ReinspectionService) {}

  /** The labeler asks for the turbine to be inspected again; answers the task afterwards. */
  @Post('tasks/:id/reinspection')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS)
  request(@CurrentUser() u: AuthUser, @IdParam() id: string, @Body() b: RequestReinspectionDto): Promise<TaskDetailView> {
    return this.svc.request(u, id, b);
  }

  /** Approval tasks: re-inspection requests with the number still waiting. */
  @Get('approval-tasks')
  @RequireRights(Rights.APPROVAL_TASKS_SHOW, Rights.APPROVAL_TASKS_EDIT)
  list(@CurrentUser() u: AuthUser, @Query() q: ApprovalTaskListQuery): Promise<ApprovalTaskPage> {
    return this.svc.list(u, q);
  }

  /** Approves (the task ends) or rejects (labeling goes on) the inspection's waiting request. */
  @Put('approval-tasks/approve')
  @RequireRights(Rights.APPROVAL_TASKS_EDIT)
  approve(@CurrentUser() u: AuthUser, @Body() b: ApproveReinspectionDto): Promise<TaskDetailView> {
    return this.svc.approve(u, b);
  }
}
