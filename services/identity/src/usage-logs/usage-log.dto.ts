import { Transform, Type } from 'class-transformer';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDate,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '@windward/service-kit';

/** Entries a single request may carry: the web sends one per route change, batching is a bonus. */
export const MAX_LOGS_PER_REQUEST = 100;

const TIMESTAMP = {
  oneOf: [{ type: 'integer' }, { type: 'string' }],
  description: "Milliseconds since the epoch (the web's `Date.now()`) or an ISO date-time; within a day of the server's clock.",
};
const OWN_USER_ID = {
  oneOf: [{ type: 'string' }, { type: 'integer' }],
  description: "The caller's own user id, if sent (another id: 403).",
};

export class RouteLogDto {
  @IsOptional() @IsString() @MaxLength(16) method?: string;
  /** Milliseconds since the epoch (the web's `Date.now()`) or an ISO date-time. */
  @ApiProperty(TIMESTAMP)
  @IsDefined()
  triggerTimestamp!: number | string;
  @IsString() @MaxLength(2048) url!: string;
  @ApiPropertyOptional(OWN_USER_ID)
  @IsOptional()
  userId?: string | number;
}

export class TraceLogDto {
  @ApiProperty(TIMESTAMP)
  @IsDefined()
  triggerTimestamp!: number | string;
  @ApiPropertyOptional(OWN_USER_ID)
  @IsOptional()
  userId?: string | number;
}

export class RouteLogBatchDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LOGS_PER_REQUEST)
  @ValidateNested({ each: true })
  @Type(() => RouteLogDto)
  logs!: RouteLogDto[];
}

export class TraceLogBatchDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LOGS_PER_REQUEST)
  @ValidateNested({ each: true })
  @Type(() => TraceLogDto)
  logs!: TraceLogDto[];
}

/** A query time: milliseconds since the epoch or an ISO date-time; anything else stays text, so `@IsDate()` refuses it. */
const QueryTimestamp = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') return value;
    const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
    return Number.isFinite(ms) ? new Date(ms) : value;
  });

/** Filters of the usage log list (sort by triggerTimestamp or receivedAt; newest first by default). */
export class UsageLogListQuery extends PageQueryDto {
  @IsOptional() @IsIn(['route', 'trace']) kind?: 'route' | 'trace';
  @IsOptional() @IsUUID() userId?: string;
  /** From this time on (ms since the epoch or ISO date-time). */
  @ApiPropertyOptional({ type: String, description: 'Milliseconds since the epoch or an ISO date-time.' })
  @IsOptional()
  @QueryTimestamp()
  @IsDate()
  from?: Date;
  /** Up to this time (ms since the epoch or ISO date-time). */
  @ApiPropertyOptional({ type: String, description: 'Milliseconds since the epoch or an ISO date-time.' })
  @IsOptional()
  @QueryTimestamp()
  @IsDate()
  to?: Date;
  /** Part of the route URL. */
  @IsOptional() @IsString() url?: string;
}
