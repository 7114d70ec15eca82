import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@windward/service-kit';
import { UsageLogsService } from './usage-logs.service.js';
import { RouteLogBatchDto, TraceLogBatchDto } from './usage-log.dto.js';

/** SPEC §7 usage logging: the web reports route changes and presence; administrators read them. */
@ApiTags('usage-logs')
@ApiBearerAuth()
@Controller('gw/user/api/v2/user/metric')
export class UsageLogsController {
  constructor(private readonly logs: UsageLogsService) {}

  @Post('log')
  @HttpCode(200)
  log(@CurrentUser() user: AuthUser, @Body() dto: RouteLogBatchDto) {
    return this.logs.recordRoutes(user, dto);
  }

  @Post('traceLog')
  @HttpCode(200)
  trace(@CurrentUser() user: AuthUser, @Body() dto: TraceLogBatchDto) {
    return this.logs.recordTraces(user, dto);
  }

  /** Paged, filterable by kind, userId, from/to (ms or ISO) and url; administrators only. */
  @Get('logs')
  list(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    return this.logs.list(user, q);
  }
}
