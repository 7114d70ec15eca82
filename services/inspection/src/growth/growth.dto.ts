import { IsNumber, IsOptional, Max, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { PageQueryDto } from '@windward/service-kit';

/** `GET /growth/parks/{id}`: the rate (% size growth per month) above which an upgrade is suggested. */
export class GrowthQuery extends PageQueryDto {
  @IsOptional() @Type(() => Number) @IsNumber() @Min(0) @Max(10000) rate?: number;
}

/** Accepting a suggestion: the same rate the list used. */
export class GrowthDecisionDto {
  @IsOptional() @IsNumber() @Min(0) @Max(10000) rate?: number;
}
