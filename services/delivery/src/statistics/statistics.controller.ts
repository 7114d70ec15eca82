import { Controller, Get, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, requestLocale, type AuthUser } from '@windward/service-kit';
import { StatisticsService } from './statistics.service.js';
import { StatisticsQuery } from './statistics.dto.js';
import { StatisticsView } from './statistics.view.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@ApiTags('performance statistics')
@ApiBearerAuth()
@Controller('gw/delivery/api/v2/performance-statistics')
export class StatisticsController {
  constructor(private readonly stats: StatisticsService) {}

  /** Stages completed per organization, project and day over at most 3 months (longer ranges refused). */
  @Get()
  @RequireRights(Rights.PERFORMANCE_STATISTICS_SHOW)
  get(@CurrentUser() user: AuthUser, @Query() q: StatisticsQuery): Promise<StatisticsView> {
    return this.stats.get(user, q);
  }

  /** The same figures as an Excel workbook. */
  @Get('export')
  @RequireRights(Rights.PERFORMANCE_STATISTICS_SHOW)
  @ApiProduces(XLSX)
  @ApiOkResponse({ description: 'The statistics as a workbook.', schema: { type: 'string', format: 'binary' } })
  async export(
    @CurrentUser() user: AuthUser,
    @Query() q: StatisticsQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<StreamableFile> {
    const book = await this.stats.xlsx(user, q, requestLocale(req.headers));
    void res.headers({ 'content-type': XLSX, 'content-disposition': 'attachment; filename="performance-statistics.xlsx"' });
    return new StreamableFile(book);
  }
}
