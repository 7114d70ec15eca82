import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ReportScope, Rights, type Locale } from '@windward/contracts';
import type { Logger } from 'pino';
import {
  attachment,
  CurrentUser,
  IdParam,
  LOGGER,
  OkView,
  RequestLocale,
  RequireRights,
  sendFile,
  type AuthUser,
} from '@windward/service-kit';
import { CreateReportTaskDto, ReportDownloadListQuery, ReportTaskListQuery } from './task.dto.js';
import { ReportDownloadPage, ReportTaskPage, ReportTaskView } from './task.view.js';
import { ReportTasksService } from './tasks.service.js';

export const API = 'report/api/v1';
/** Producing and exporting reports (report reviewers, customers' report readers, administrators). */
const REPORT = [Rights.IMAGE_EXPORT, Rights.MENU_SEARCH_EXPORT];
const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

@ApiTags('report tasks')
@ApiBearerAuth()
@Controller(API)
export class ReportTasksController {
  constructor(
    private readonly tasks: ReportTasksService,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** Queues a report of a project's defects (SPEC §7); ExceedLimit when the download list is full. */
  @Post('projects/:id/report-tasks')
  @RequireRights(...REPORT)
  forProject(
    @CurrentUser() u: AuthUser,
    @IdParam() id: string,
    @Body() dto: CreateReportTaskDto,
    @RequestLocale() l: Locale,
  ): Promise<ReportTaskView> {
    return this.tasks.create(u, ReportScope.PROJECT, id, dto, l);
  }

  /** Queues a report of a wind park's active inspections. */
  @Post('parks/:id/report-tasks')
  @RequireRights(...REPORT)
  forPark(
    @CurrentUser() u: AuthUser,
    @IdParam('id', 'WIND_PARK_NOT_FOUND') id: string,
    @Body() dto: CreateReportTaskDto,
    @RequestLocale() l: Locale,
  ): Promise<ReportTaskView> {
    return this.tasks.create(u, ReportScope.PARK, id, dto, l);
  }

  /** Queues a report of a turbine's active inspections. */
  @Post('turbines/:id/report-tasks')
  @RequireRights(...REPORT)
  forTurbine(
    @CurrentUser() u: AuthUser,
    @IdParam() id: string,
    @Body() dto: CreateReportTaskDto,
    @RequestLocale() l: Locale,
  ): Promise<ReportTaskView> {
    return this.tasks.create(u, ReportScope.TURBINE, id, dto, l);
  }

  /** Queues a report of one inspection. */
  @Post('inspections/:id/report-tasks')
  @RequireRights(...REPORT)
  forInspection(
    @CurrentUser() u: AuthUser,
    @IdParam() id: string,
    @Body() dto: CreateReportTaskDto,
    @RequestLocale() l: Locale,
  ): Promise<ReportTaskView> {
    return this.tasks.create(u, ReportScope.INSPECTION, id, dto, l);
  }

  /** Queues a report of a repair campaign: its defects with their repair status. */
  @Post('repair-campaigns/:id/report-tasks')
  @RequireRights(...REPORT)
  forRepairCampaign(
    @CurrentUser() u: AuthUser,
    @IdParam() id: string,
    @Body() dto: CreateReportTaskDto,
    @RequestLocale() l: Locale,
  ): Promise<ReportTaskView> {
    return this.tasks.create(u, ReportScope.REPAIR_CAMPAIGN, id, dto, l);
  }

  /** The caller's download list, paged (filter status; sort createdAt, status, scopeName). */
  @Get('report-tasks')
  @RequireRights(...REPORT)
  list(@CurrentUser() u: AuthUser, @Query() q: ReportTaskListQuery, @RequestLocale() l: Locale): Promise<ReportTaskPage> {
    return this.tasks.list(u, q, l);
  }

  /** One of the caller's report tasks with its progress. */
  @Get('report-tasks/:id')
  @RequireRights(...REPORT)
  get(@CurrentUser() u: AuthUser, @IdParam() id: string, @RequestLocale() l: Locale): Promise<ReportTaskView> {
    return this.tasks.get(u, id, l);
  }

  /** The finished report file; "report not yet exported" before it is ready. Each complete download goes to the download log. */
  @Get('report-tasks/:id/file')
  @RequireRights(...REPORT)
  @ApiProduces(
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  )
  @ApiOkResponse(BINARY)
  async file(@CurrentUser() u: AuthUser, @IdParam() id: string, @Res() res: FastifyReply): Promise<void> {
    const f = await this.tasks.file(u, id);
    // Logged when the file is handed out (a 200 with the file), before the bytes go, so the log is
    // current as soon as the browser has the file; a failed log entry does not stop the download.
    await f.delivered().catch((err: unknown) => this.log.error({ err, reportTaskId: id }, 'download log entry failed'));
    sendFile(res, f, { 'content-disposition': attachment(f.name) });
  }

  /** The caller's download log: which report file was downloaded, by whom and when (paged; sort downloadedAt, fileName). */
  @Get('report-downloads')
  @RequireRights(...REPORT)
  downloads(@CurrentUser() u: AuthUser, @Query() q: ReportDownloadListQuery): Promise<ReportDownloadPage> {
    return this.tasks.downloads(u, q);
  }

  /** Puts a failed report back in the queue. */
  @Post('report-tasks/:id/retry')
  @HttpCode(200)
  @RequireRights(...REPORT)
  retry(@CurrentUser() u: AuthUser, @IdParam() id: string, @RequestLocale() l: Locale): Promise<ReportTaskView> {
    return this.tasks.retry(u, id, l);
  }

  /** Takes a report off the caller's download list (its file goes too). */
  @Delete('report-tasks/:id')
  @RequireRights(...REPORT)
  async remove(@CurrentUser() u: AuthUser, @IdParam() id: string): Promise<OkView> {
    await this.tasks.remove(u, id);
    return {};
  }
}
