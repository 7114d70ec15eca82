import { Controller, Get, Inject, Param, ParseIntPipe, Post, Query, type Type } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, isAdminRole, SERVICES, type ServiceName } from '@windward/contracts';
import { CurrentUser } from '../auth/decorators.js';
import type { AuthUser } from '../auth/auth-user.js';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/config.js';
import { EventBus } from './event-bus.js';

function assertAdmin(user: AuthUser) {
  if (!user.roles.some(isAdminRole)) throw new AppError('NO_ACCESS_RIGHTS');
}

/** Dead letters of one service, for administrators to inspect and replay. */
export function deadLetterController(service: ServiceName): Type<unknown> {
  @Controller(`gw/${SERVICES[service].context}/api/v2/admin/dead-letters`)
  class DeadLetterController {
    constructor(
      private readonly ds: DataSource,
      @Inject(EventBus) private readonly bus: EventBus,
      @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
    ) {}

    @Get()
    async list(@CurrentUser() user: AuthUser, @Query('pageIndex') pageIndex = '1', @Query('pageSize') pageSize = '20') {
      assertAdmin(user);
      const size = Math.min(Math.max(Number(pageSize) || 20, 1), 200);
      const offset = (Math.max(Number(pageIndex) || 1, 1) - 1) * size;
      const results = await this.ds.query(
        `SELECT id, event_id AS "eventId", type, error, attempts, created_at AS "createdAt", replayed_at AS "replayedAt", envelope
         FROM "${this.cfg.schema}".dead_letter ORDER BY id DESC LIMIT $1 OFFSET $2`,
        [size, offset],
      );
      const [{ count }] = await this.ds.query(`SELECT count(*)::int AS count FROM "${this.cfg.schema}".dead_letter`);
      return { results, totalCount: count };
    }

    @Post(':id/replay')
    async replay(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
      assertAdmin(user);
      return this.bus.replayDeadLetter(id);
    }
  }
  return DeadLetterController;
}
