import { Controller, Get, Inject, Param, ParseIntPipe, Post, Query, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { PageOf, PageQueryDto } from '../http/dto.js';
import { DataSource } from 'typeorm';
import { AppError, isAdminRole, SERVICES, type ServiceName } from '@windward/contracts';
import { CurrentUser } from '../auth/decorators.js';
import type { AuthUser } from '../auth/auth-user.js';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/config.js';
import { EventBus } from './event-bus.js';

function assertAdmin(user: AuthUser) {
  if (!user.roles.some(isAdminRole)) throw new AppError('NO_ACCESS_RIGHTS');
}

/** An event a consumer gave up on after its retries (kit table `dead_letter`). */
export class DeadLetterView {
  @ApiProperty() id!: number;
  @ApiProperty() eventId!: string;
  @ApiProperty({ description: 'Event type (contracts EventTypes).' }) type!: string;
  @ApiProperty() error!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) replayedAt!: Date | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'Set aside for good by an administrator.' })
  setAsideAt!: Date | null;
  @ApiProperty({ description: 'The record it is about: producing service and key (aggregate id).' }) source!: string;
  @ApiProperty() key!: string;
  @ApiProperty({ description: 'Later events of the same record waiting until this one is replayed or set aside.' }) heldEvents!: number;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The event envelope as received.' }) envelope!: Record<string, unknown>;
}
export class DeadLetterPage extends PageOf(DeadLetterView) {}

export class ReplayView {
  @ApiProperty({ description: 'false when the event had been handled already, was set aside (nothing applied), or this service consumes nothing.' })
  applied!: boolean;
  @ApiProperty({ description: 'Held events of the same record applied after it, in order.' }) released!: number;
}

/** Dead letters of one service, for administrators to inspect and replay. */
export function deadLetterController(service: ServiceName): Type<unknown> {
  @ApiTags('DeadLetter')
  @Controller(`gw/${SERVICES[service].context}/api/v2/admin/dead-letters`)
  class DeadLetterController {
    constructor(
      private readonly ds: DataSource,
      @Inject(EventBus) private readonly bus: EventBus,
      @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
    ) {}

    @Get()
    @ApiOperation({ summary: "The service's dead letters, newest first (administrators)." })
    @ApiOkResponse({ type: DeadLetterPage })
    async list(@CurrentUser() user: AuthUser, @Query() q: PageQueryDto): Promise<DeadLetterPage> {
      assertAdmin(user);
      const size = Math.min(Math.max(q.pageSize ?? 20, 1), 200);
      const offset = (Math.max(q.pageIndex ?? 1, 1) - 1) * size;
      const results = await this.ds.query(
        `SELECT d.id, d.event_id AS "eventId", d.type, d.error, d.attempts, d.created_at AS "createdAt", d.replayed_at AS "replayedAt",
           d.set_aside_at AS "setAsideAt", d.source, d.key, d.envelope,
           (CASE WHEN d.replayed_at IS NULL AND d.set_aside_at IS NULL
             THEN (SELECT count(*) FROM "${this.cfg.schema}".held_event h WHERE h.source = d.source AND h.key = d.key) ELSE 0 END)::int AS "heldEvents"
         FROM "${this.cfg.schema}".dead_letter d ORDER BY d.id DESC LIMIT $1 OFFSET $2`,
        [size, offset],
      );
      const [{ count }] = await this.ds.query(`SELECT count(*)::int AS count FROM "${this.cfg.schema}".dead_letter`);
      return { results, totalCount: count };
    }

    @Post(':id/replay')
    @ApiOperation({
      summary: 'Hands a dead letter to its consumer again, then the later events its record held (administrators).',
      description: 'One set aside is refused (409 DEAD_LETTER_SET_ASIDE): later events of its record were applied since.',
    })
    @ApiOkResponse({ type: ReplayView })
    async replay(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number): Promise<ReplayView> {
      assertAdmin(user);
      return this.bus.replayDeadLetter(id);
    }

    @Post(':id/set-aside')
    @ApiOperation({ summary: "Gives up on a dead letter for good and applies the later events its record held (administrators)." })
    @ApiOkResponse({ type: ReplayView })
    async setAside(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number): Promise<ReplayView> {
      assertAdmin(user);
      return this.bus.setDeadLetterAside(id);
    }
  }
  return DeadLetterController;
}
