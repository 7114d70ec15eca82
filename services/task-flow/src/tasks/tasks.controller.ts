import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { ADMIN_RIGHTS, DASHBOARD_RIGHTS, READ_RIGHTS, WORK_RIGHTS } from '../common/access.js';
import { StageParam } from '../common/query.js';
import { FlowService } from './flow.service.js';
import { TaskListsService } from './task-lists.service.js';
import { TaskDetailService } from './task-detail.service.js';
import { TaskMonitorService } from './task-monitor.service.js';
import { TaskWorkService } from './task-work.service.js';
import { TaskAdminService } from './task-admin.service.js';
import { FlowSettingsService } from './flow-settings.service.js';
import {
  AddTaskLogDto,
  AssignHandlerDto,
  DashboardQuery,
  SetTaskStatusDto,
  SetTimeLimitsDto,
  SpentTimeDto,
  StageCenterQuery,
  StageErrorDto,
  TaskChangesQuery,
  TaskHistoryQuery,
  TaskListQuery,
  TodayTaskListQuery,
} from './task.dto.js';
import {
  CustomerFlowConfigsView,
  DashboardSummaryView,
  OvertimeCheckView,
  SpentTimeView,
  StageCenterPage,
  StageTimeLimitView,
  TaskChangesView,
  TaskDetailView,
  TaskHistoryPage,
  TaskLogPage,
  TaskLogView,
  TaskPage,
} from './task.view.js';

const BASE = 'gw/task/api/v2';

@ApiTags('tasks')
@ApiBearerAuth()
@Controller(BASE)
export class TasksController {
  constructor(
    private readonly lists: TaskListsService,
    private readonly detail: TaskDetailService,
    private readonly monitor: TaskMonitorService,
    private readonly work: TaskWorkService,
    private readonly admin: TaskAdminService,
    private readonly settings: FlowSettingsService,
    private readonly flow: FlowService,
  ) {}

  /** Every task in the caller's scope (filtered, paged, sorted). */
  @Get('tasks')
  @RequireRights(...READ_RIGHTS)
  all(@CurrentUser() u: AuthUser, @Query() q: TaskListQuery): Promise<TaskPage> {
    return this.lists.list(u, 'all', q);
  }

  /** The task pool: tasks whose current stage waits for a picker. */
  @Get('tasks/pool')
  @RequireRights(...READ_RIGHTS)
  pool(@CurrentUser() u: AuthUser, @Query() q: TaskListQuery): Promise<TaskPage> {
    return this.lists.list(u, 'pool', q);
  }

  /** My tasks: tasks whose current stage the caller handles. */
  @Get('tasks/mine')
  @RequireRights(...READ_RIGHTS)
  mine(@CurrentUser() u: AuthUser, @Query() q: TaskListQuery): Promise<TaskPage> {
    return this.lists.list(u, 'mine', q);
  }

  /** Today's tasks: created and/or completed on a day (default today). */
  @Get('tasks/today')
  @RequireRights(...READ_RIGHTS)
  today(@CurrentUser() u: AuthUser, @Query() q: TodayTaskListQuery): Promise<TaskPage> {
    return this.lists.list(u, 'today', q);
  }

  /** Dashboard summary: today's new and completed tasks, and tasks per stage. */
  @Get('tasks/dashboard-summary')
  @RequireRights(...DASHBOARD_RIGHTS)
  dashboard(@CurrentUser() u: AuthUser, @Query() q: DashboardQuery): Promise<DashboardSummaryView> {
    return this.monitor.dashboard(u, q);
  }

  /** Task stage center: active stages people work on, with counts per stage. */
  @Get('tasks/stage-center')
  @RequireRights(...READ_RIGHTS)
  stageCenter(@CurrentUser() u: AuthUser, @Query() q: StageCenterQuery): Promise<StageCenterPage> {
    return this.monitor.stageCenter(u, q);
  }

  /** Tasks changed after a version (live screens resynchronise after a reconnect). */
  @Get('tasks/changes')
  @RequireRights(...DASHBOARD_RIGHTS)
  changes(@CurrentUser() u: AuthUser, @Query() q: TaskChangesQuery): Promise<TaskChangesView> {
    return this.lists.changesSince(u, q.since);
  }

  /** A task with its stages. */
  @Get('tasks/:id')
  @RequireRights(...READ_RIGHTS)
  get(@CurrentUser() u: AuthUser, @IdParam() id: string): Promise<TaskDetailView> {
    return this.detail.get(u, id);
  }

  /** A task's history (paged, oldest first by default). */
  @Get('tasks/:id/history')
  @RequireRights(...READ_RIGHTS)
  history(@CurrentUser() u: AuthUser, @IdParam() id: string, @Query() q: TaskHistoryQuery): Promise<TaskHistoryPage> {
    return this.detail.history(u, id, q);
  }

  /** A task's log files. */
  @Get('tasks/:id/logs')
  @RequireRights(...READ_RIGHTS)
  logs(@CurrentUser() u: AuthUser, @IdParam() id: string): Promise<TaskLogPage> {
    return this.detail.logs(u, id);
  }

  /** Records a log file on a task. */
  @Post('tasks/:id/logs')
  @RequireRights('dataIntegration.edit', ...ADMIN_RIGHTS)
  addLog(@CurrentUser() u: AuthUser, @IdParam() id: string, @Body() b: AddTaskLogDto): Promise<TaskLogView> {
    return this.admin.addLog(u, id, b);
  }

  /** Picks the current stage from the pool (the first picker wins). */
  @Post('tasks/:id/pick')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS)
  pick(@CurrentUser() u: AuthUser, @IdParam() id: string): Promise<TaskDetailView> {
    return this.work.pick(u, id);
  }

  /** Gives the current stage back to the pool (its handler or a flow administrator). */
  @Post('tasks/:id/release')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS, ...ADMIN_RIGHTS)
  release(@CurrentUser() u: AuthUser, @IdParam() id: string): Promise<TaskDetailView> {
    return this.work.release(u, id);
  }

  /** Assigns (or reassigns) the current stage to a user. */
  @Put('tasks/:id/handler')
  @RequireRights(...ADMIN_RIGHTS)
  assign(@CurrentUser() u: AuthUser, @IdParam() id: string, @Body() b: AssignHandlerDto): Promise<TaskDetailView> {
    return this.admin.assign(u, id, b.userId);
  }

  /** Ends a task: terminated or inactive. */
  @Put('tasks/:id/status')
  @RequireRights(...ADMIN_RIGHTS)
  setStatus(@CurrentUser() u: AuthUser, @IdParam() id: string, @Body() b: SetTaskStatusDto): Promise<TaskDetailView> {
    return this.admin.setStatus(u, id, b.status);
  }

  /** The handler completes a work stage (reviews complete through their QA result). */
  @Post('tasks/:id/stages/:stage/complete')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS)
  complete(@CurrentUser() u: AuthUser, @IdParam() id: string, @StageParam() stage: number): Promise<TaskDetailView> {
    return this.work.complete(u, id, stage);
  }

  /** The handler reports time spent on the current stage (`{seconds}` 1..3600 per call; they add up). */
  @Post('tasks/:id/stages/:stage/spent-time')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS)
  spentTime(@CurrentUser() u: AuthUser, @IdParam() id: string, @StageParam() stage: number, @Body() b: SpentTimeDto): Promise<SpentTimeView> {
    return this.work.addSpentTime(u, id, stage, b.seconds);
  }

  /** The handler or an administrator reports that the current stage cannot be done. */
  @Post('tasks/:id/stages/:stage/error')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS, ...ADMIN_RIGHTS)
  error(@CurrentUser() u: AuthUser, @IdParam() id: string, @StageParam() stage: number, @Body() b: StageErrorDto): Promise<TaskDetailView> {
    return this.work.reportError(u, id, stage, b.message);
  }

  /** Retries a stage in error: automatic stages run again, manual ones return to the pool. */
  @Post('tasks/:id/stages/:stage/retry')
  @HttpCode(200)
  @RequireRights(...ADMIN_RIGHTS)
  retry(@CurrentUser() u: AuthUser, @IdParam() id: string, @StageParam() stage: number): Promise<TaskDetailView> {
    return this.admin.retry(u, id, stage);
  }

  /** Time limit per stage. */
  @Get('flow/time-limits')
  @RequireRights(...READ_RIGHTS)
  timeLimits(): Promise<StageTimeLimitView[]> {
    return this.settings.timeLimits();
  }

  /** Changes time limits of stages; answers every stage's limit. */
  @Put('flow/time-limits')
  @RequireRights(...ADMIN_RIGHTS)
  setTimeLimits(@Body() b: SetTimeLimitsDto): Promise<StageTimeLimitView[]> {
    return this.settings.setTimeLimits(b);
  }

  /** Flow configs of the customers in scope (edited in identity). */
  @Get('flow/configs')
  @RequireRights(...READ_RIGHTS)
  flowConfigs(@CurrentUser() u: AuthUser): Promise<CustomerFlowConfigsView[]> {
    return this.settings.flowConfigs(u);
  }

  /** Runs the overtime check now (it also runs every minute as a scheduled job). */
  @Post('admin/overtime-check')
  @HttpCode(200)
  @RequireRights(...ADMIN_RIGHTS)
  async overtime(): Promise<OvertimeCheckView> {
    return { overtimeStages: await this.flow.overtimeSweep() };
  }
}
