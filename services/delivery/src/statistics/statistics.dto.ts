import { IsISO8601, IsOptional, IsUUID } from 'class-validator';

/** Performance statistics range: at most 3 months (SPEC §9). */
export class StatisticsQuery {
  @IsISO8601() from!: string;
  @IsISO8601() to!: string;
  /** One organization; callers without the organization right see only their own. */
  @IsOptional() @IsUUID() organizationId?: string;
}
