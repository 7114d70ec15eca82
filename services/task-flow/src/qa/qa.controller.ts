import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, requestLocale, type AuthUser } from '@windward/service-kit';
import { READ_RIGHTS, WORK_RIGHTS } from '../common/access.js';
import { QaService } from './qa.service.js';

@ApiTags('qa')
@ApiBearerAuth()
@Controller('gw/task/api/v2')
export class QaController {
  constructor(private readonly qa: QaService) {}

  @Post('tasks/:id/qa')
  @HttpCode(200)
  @RequireRights(...WORK_RIGHTS)
  submit(@CurrentUser() u: AuthUser, @Param('id') id: string, @Body() b: Record<string, unknown>) {
    return this.qa.submit(u, id, b ?? {});
  }

  @Get('tasks/:id/qa')
  @RequireRights(...READ_RIGHTS)
  results(@CurrentUser() u: AuthUser, @Param('id') id: string) {
    return this.qa.results(u, id);
  }

  @Get('tasks/:id/labeling-history')
  @RequireRights(...READ_RIGHTS)
  labelingHistory(@CurrentUser() u: AuthUser, @Param('id') id: string) {
    return this.qa.labelingHistory(u, id);
  }

  @Get('statistics/change-rate')
  @RequireRights(Rights.TAB_CHANGE_RATE_STATISTICS)
  changeRates(@CurrentUser() u: AuthUser, @Query() q: Record<string, unknown>) {
    return this.qa.changeRates(u, q);
  }

  /** Excel by default; `format=csv` for a UTF-8 CSV. Column titles follow the request's locale. */
  @Get('statistics/change-rate/export')
  @RequireRights(Rights.TAB_CHANGE_RATE_STATISTICS)
  async export(@CurrentUser() u: AuthUser, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const locale = requestLocale(req.headers);
    if (q.format === 'csv') {
      res.setHeader('content-type', 'text/csv; charset=utf-8');
      res.setHeader('content-disposition', 'attachment; filename="change-rate.csv"');
      return this.qa.changeRatesCsv(u, q, locale);
    }
    res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('content-disposition', 'attachment; filename="change-rate.xlsx"');
    return new StreamableFile(await this.qa.changeRatesXlsx(u, q, locale));
  }
}
