import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { PageQueryDto, QueryBoolean, QueryInt } from '@windward/service-kit';

/** Body of POST /gw/project/api/v2/campaigns and PUT …/campaigns/{id}. */
export class SaveCampaignDto {
  @IsUUID() projectId!: string;
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  /** SPEC §3 campaign type; inspection campaigns are 1..5 (6 repair and 7 investigation are refused with -6007). */
  @IsInt() @IsIn([1, 2, 3, 4, 5, 6, 7]) campaignType!: number;
  /** Parks of the project the campaign covers; none = all of them. */
  @IsOptional() @IsArray() @ArrayMaxSize(200) @IsUUID('all', { each: true }) windFarmIds?: string[];
  @IsOptional() @IsISO8601() startTime?: string | null;
  @IsOptional() @IsISO8601() endTime?: string | null;
}

/** Body of PUT …/campaigns/{id}/status: 1 pending, 2 processing, 3 completed, never back. */
export class CampaignStatusDto {
  @IsInt() @IsIn([1, 2, 3]) status!: number;
}

/** Body of PUT …/campaigns/{id}/active: inactive is final. */
export class CampaignActiveDto {
  @IsBoolean() active!: boolean;
}

/** Filters of the campaign list; sortable by name, createdAt, status. */
export class CampaignListQuery extends PageQueryDto {
  @IsOptional() @IsUUID() projectId?: string;
  @IsOptional() @QueryInt() @IsInt() @IsIn([1, 2, 3, 4, 5]) campaignType?: number;
  @IsOptional() @QueryInt() @IsInt() @IsIn([1, 2, 3]) status?: number;
  @IsOptional() @QueryBoolean() @IsBoolean() active?: boolean;
}
