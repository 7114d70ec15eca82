import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsNumber, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { DPR_MAX_PHOTOS } from '@windward/contracts';
import { PageQueryDto } from '@windward/service-kit';

/** Body of POST/PUT …/dpr-activities. */
export class SaveDprActivityDto {
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  @IsOptional() @IsString() @MaxLength(30) unit?: string | null;
}

/** Body of POST/PUT …/dpr-templates: activities in report order. */
export class SaveDprTemplateDto {
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  @IsArray() @ArrayMaxSize(100) @IsUUID('all', { each: true }) activityIds!: string[];
}

/** Paging of activities and templates (sortable by name, updatedAt). */
export class DprConfigListQuery extends PageQueryDto {}

export class DprItemDto {
  @IsUUID() activityId!: string;
  @IsNumber() @Min(0) @Max(1_000_000) planned!: number;
  @IsNumber() @Min(0) @Max(1_000_000) done!: number;
}

/** Body of POST …/dprs (submit) and PUT …/dprs/{id} (edit and submit again). */
export class SaveDprDto {
  @IsUUID() projectId!: string;
  @IsOptional() @IsUUID() campaignId?: string | null;
  /** The day reported (YYYY-MM-DD). */
  @IsISO8601({ strict: true }) reportDate!: string;
  @IsArray() @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => DprItemDto) items!: DprItemDto[];
  @IsOptional() @IsString() @MaxLength(100) weather?: string | null;
  @IsOptional() @IsNumber() @Min(0) @Max(24) downtimeHours?: number | null;
  @IsOptional() @IsString() @MaxLength(2000) comments?: string | null;
  /** Ids of photos uploaded with POST …/dpr-photos (by the caller, or already on this report). */
  @IsOptional() @IsArray() @ArrayMaxSize(DPR_MAX_PHOTOS) @IsUUID('all', { each: true }) photos?: string[];
}

/** Body of PUT …/dprs/{id}/approve and …/reject. */
export class ReviewDprDto {
  @IsOptional() @IsString() @MaxLength(1000) comment?: string | null;
}

/** Filters of the DPR list; sortable by reportDate, updatedAt, status. */
export class DprListQuery extends PageQueryDto {
  @IsOptional() @IsUUID() projectId?: string;
  @IsOptional() @IsUUID() campaignId?: string;
  @IsOptional() @IsIn(['SUBMITTED', 'APPROVED', 'REJECTED']) status?: string;
  @IsOptional() @IsISO8601() from?: string;
  @IsOptional() @IsISO8601() to?: string;
}
