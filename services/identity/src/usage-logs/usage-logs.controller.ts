import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@windward/service-kit';
import { UsageLogsService } from './usage-logs.service.js';
import { RouteLogBatchDto, TraceLogBatchDto, UsageLogListQuery } from './usage-log.dto.js';
import { LogCountView, UsageLogPage } from './usage-log.view.js';

/** SPEC §7 usage logging: the web reports route changes and presence; administrators read them. */
@ApiTags('usage-logs')
@ApiBearerAuth()
@Controller('gw/user/api/v2/user/metric')
export class UsageLogsController {
  constructor(private readonly logs: UsageLogsService) {}

  /** Route changes of the caller (1 to 100 per request). */
  @Post('log')
  @HttpCode(200)
  log(@CurrentUser() user: AuthUser, @Body() dto: RouteLogBatchDto): Promise<LogCountView> {
    return this.logs.recordRoutes(user, dto);
  }

  /** Presence pings of the caller (1 to 100 per request). */
  @Post('traceLog')
  @HttpCode(200)
  trace(@CurrentUser() user: AuthUser, @Body() dto: TraceLogBatchDto): Promise<LogCountView> {
    return this.logs.recordTraces(user, dto);
  }

  /** Paged, filterable by kind, userId, from/to (ms or ISO) and url; administrators only. */
  @Get('logs')
  list(@CurrentUser() user: AuthUser, @Query() q: UsageLogListQuery): Promise<UsageLogPage> {
    return this.logs.list(user, q);
  }
}
