import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

/** Entries a single request may carry: the web sends one per route change, batching is a bonus. */
export const MAX_LOGS_PER_REQUEST = 100;

export class RouteLogDto {
  @IsOptional() @IsString() @MaxLength(16) method?: string;
  /** Milliseconds since the epoch (the web's `Date.now()`) or an ISO date-time. */
  @IsDefined() triggerTimestamp!: number | string;
  @IsString() @MaxLength(2048) url!: string;
  @IsOptional() userId?: string | number;
}

export class TraceLogDto {
  @IsDefined() triggerTimestamp!: number | string;
  @IsOptional() userId?: string | number;
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
