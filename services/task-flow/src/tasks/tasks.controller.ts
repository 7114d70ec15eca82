import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { TaskStage, isEnumValue } from '@windward/contracts';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { ADMIN_RIGHTS, DASHBOARD_RIGHTS, READ_RIGHTS, WORK_RIGHTS, bad } from '../common/access.js';
import { TasksService } from './tasks.service.js';
import { FlowService } from './flow.service.js';

const BASE = 'gw/task/api/v2';
type Q = Record<string, unknown>;

function stageParam(v: string): number {
  const n = Number(v);
  if (!isEnumValue(TaskStage, n)) bad('stage', v);
  return n;
}

@ApiTags('tasks')
@ApiBearerAuth()
@Controller(BASE)
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly flow: FlowService,
  ) {}

  @Get('tasks')
  @RequireRights(...READ_RIGHTS)
  all(@CurrentUser() u: AuthUser, @Query() q: Q) {
    return this.tasks.list(u, 'all', q);
  }

  @Get('tasks/pool')
  @RequireRights(...READ_RIGHTS)
  pool(@CurrentUser() u: AuthUser, @Query() q: Q) {
    return this.tasks.list(u, 'pool', q);
  }

  @Get('tasks/mine')
  @RequireRights(...READ_RIGHTS)
  mine(@CurrentUser() u: AuthUser, @Query() q: Q) {
    return this.tasks.list(u, 'mine', q);
  }

  @Get('tasks/today')
  @RequireRights(...READ_RIGHTS)
  today(@CurrentUser() u: AuthUser, @Query() q: Q) {
    return this.tasks.list(u, 'today', q);
  }

  @Get('tasks/dashboard-summary')
  @RequireRights(...DASHBOARD_RIGHTS)
  dashboard(@CurrentUser() u: AuthUser, @Query() q: Q) {
    return this.tasks.dashboard(u, q);
  }

  @Get('tasks/stage-center')
  @RequireRights(...READ_RIGHTS)
  stageCenter(@CurrentUser() u: AuthUser, @Query() q: Q) {
    return this.tasks.stageCenter(u, q);
  }

  @Get('tasks/changes')
  @RequireRights(...DASHBOARD_RIGHTS)
  changes(@CurrentUser() u: AuthUser, @Query('since') since: string) {
    return this.tasks.changesSince(u, since);
  }

  @Get('tasks/:id')
  @RequireRights(...READ_RIGHTS)
  get(@CurrentUser() u: AuthUser, @Param('id') id: string) {
    return this.tasks.get(u, id);
  }

  @Get('tasks/:id/history')
  @RequireRights(...READ_RIGHTS)
  history(@CurrentUser() u: AuthUser, @Param('id') id: string, @Query() q: Q) {
    return this.tasks.history(u, id, q);
  }

  @Get('tasks/:id/logs')
  @RequireRights(...READ_RIGHTS)
  logs(@CurrentUser() u: AuthUser, @Param('id') id: string) {
    return this.tasks.logs(u, id);
  }

  @Post('tasks/:id/logs')
  @RequireRights('dataIntegration.edit', ...ADMIN_RIGHTS)
  addLog(@CurrentUser() u: AuthUser, @Param('id') id: string, @Body() b: Q) {
    return this.tasks.addLog(u, id, b ?? {});
  }

  @Post('tasks/:id/pick')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS)
  pick(@CurrentUser() u: AuthUser, @Param('id') id: string) {
    return this.tasks.pick(u, id);
  }

  @Post('tasks/:id/release')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS, ...ADMIN_RIGHTS)
  release(@CurrentUser() u: AuthUser, @Param('id') id: string) {
    return this.tasks.release(u, id);
  }

  @Put('tasks/:id/handler')
  @RequireRights(...ADMIN_RIGHTS)
  assign(@CurrentUser() u: AuthUser, @Param('id') id: string, @Body() b: Q) {
    return this.tasks.assign(u, id, b?.userId);
  }

  @Put('tasks/:id/status')
  @RequireRights(...ADMIN_RIGHTS)
  setStatus(@CurrentUser() u: AuthUser, @Param('id') id: string, @Body() b: Q) {
    return this.tasks.setStatus(u, id, b?.status);
  }

  @Post('tasks/:id/stages/:stage/complete')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS)
  complete(@CurrentUser() u: AuthUser, @Param('id') id: string, @Param('stage') stage: string) {
    return this.tasks.complete(u, id, stageParam(stage));
  }

  /** The handler reports time spent on the current stage (`{seconds}` 1..3600 per call; they add up). */
  @Post('tasks/:id/stages/:stage/spent-time')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS)
  spentTime(@CurrentUser() u: AuthUser, @Param('id') id: string, @Param('stage') stage: string, @Body() b: Q) {
    return this.tasks.addSpentTime(u, id, stageParam(stage), b?.seconds);
  }

  @Post('tasks/:id/stages/:stage/error')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS, ...ADMIN_RIGHTS)
  error(@CurrentUser() u: AuthUser, @Param('id') id: string, @Param('stage') stage: string, @Body() b: Q) {
    return this.tasks.reportError(u, id, stageParam(stage), b?.message);
  }

  @Post('tasks/:id/stages/:stage/retry')
  @HttpCode(200)
  @RequireRights(...ADMIN_RIGHTS)
  retry(@CurrentUser() u: AuthUser, @Param('id') id: string, @Param('stage') stage: string) {
    return this.tasks.retry(u, id, stageParam(stage));
  }

  @Get('flow/time-limits')
  @RequireRights(...READ_RIGHTS)
  timeLimits() {
    return this.tasks.timeLimits();
  }

  @Put('flow/time-limits')
  @RequireRights(...ADMIN_RIGHTS)
  setTimeLimits(@Body() b: unknown) {
    return this.tasks.setTimeLimits(b);
  }

  @Get('flow/configs')
  @RequireRights(...READ_RIGHTS)
  flowConfigs(@CurrentUser() u: AuthUser) {
    return this.tasks.flowConfigs(u);
  }

  /** Runs the overtime check now (it also runs every minute as a scheduled job). */
  @Post('admin/overtime-check')
  @HttpCode(200)
  @RequireRights(...ADMIN_RIGHTS)
  async overtime() {
    return { overtimeStages: await this.flow.overtimeSweep() };
  }
}
