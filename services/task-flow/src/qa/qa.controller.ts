import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, requestLocale, type AuthUser } from '@windward/service-kit';
import { READ_RIGHTS, WORK_RIGHTS } from '../common/access.js';
import { TaskDetailView } from '../tasks/task.view.js';
import { QaService } from './qa.service.js';
import { ChangeRateExportQuery, ChangeRateQuery, SubmitQaDto } from './qa.dto.js';
import { ChangeRatePage, LabelingHistoryPage, QaResultPage } from './qa.view.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@ApiTags('qa')
@ApiBearerAuth()
@Controller('gw/task/api/v2')
export class QaController {
  constructor(private readonly qa: QaService) {}

  /** The reviewer of the current QA/FQA stage records its result; answers the task afterwards. */
  @Post('tasks/:id/qa')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS)
  submit(@CurrentUser() u: AuthUser, @IdParam() id: string, @Body() b: SubmitQaDto): Promise<TaskDetailView> {
    return this.qa.submit(u, id, b);
  }

  /** QA/FQA results of a task (task-level and per defect). */
  @Get('tasks/:id/qa')
  @RequireRights(...READ_RIGHTS)
  results(@CurrentUser() u: AuthUser, @IdParam() id: string): Promise<QaResultPage> {
    return this.qa.results(u, id);
  }

  /** A task's labeling history (history entries with a labeling history action). */
  @Get('tasks/:id/labeling-history')
  @RequireRights(...READ_RIGHTS)
  labelingHistory(@CurrentUser() u: AuthUser, @IdParam() id: string): Promise<LabelingHistoryPage> {
    return this.qa.labelingHistory(u, id);
  }

  /** Change rate per labeler or reviewer over a period. */
  @Get('statistics/change-rate')
  @RequireRights(Rights.TAB_CHANGE_RATE_STATISTICS)
  changeRates(@CurrentUser() u: AuthUser, @Query() q: ChangeRateQuery): Promise<ChangeRatePage> {
    return this.qa.changeRates(u, q);
  }

  /** Excel by default; `format=csv` for a UTF-8 CSV. Column titles follow the request's locale. */
  @Get('statistics/change-rate/export')
  @RequireRights(Rights.TAB_CHANGE_RATE_STATISTICS)
  @ApiProduces(XLSX, 'text/csv')
  @ApiOkResponse({ description: 'The change-rate figures as a file.', schema: { type: 'string', format: 'binary' } })
  async export(
    @CurrentUser() u: AuthUser,
    @Query() q: ChangeRateExportQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<StreamableFile | string> {
    const locale = requestLocale(req.headers);
    if (q.format === 'csv') {
      void res.headers({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="change-rate.csv"' });
      return this.qa.changeRatesCsv(u, q, locale);
    }
    void res.headers({ 'content-type': XLSX, 'content-disposition': 'attachment; filename="change-rate.xlsx"' });
    return new StreamableFile(await this.qa.changeRatesXlsx(u, q, locale));
  }
}
