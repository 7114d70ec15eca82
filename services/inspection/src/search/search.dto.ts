import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateNested, IsNumber } from 'class-validator';
import { Type } from 'class-transformer';
import { PageQueryDto, QueryIntList, QueryList } from '@windward/service-kit';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters of the Data Center search (SPEC §5: one wind park at a time). Lists are comma
 * separated in the query string. Defect filters on the image search keep the images that show at
 * least one matching defect.
 */
export class SearchFilterQuery extends PageQueryDto {
  @IsUUID() windFarmId!: string;
  /** Turbines of the park (at most 200, SPEC §9). */
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) turbineId?: string[];
  /** Component types (contracts ComponentType). */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(0, { each: true }) @Max(5, { each: true }) componentType?: number[];
  /** Blades 1..3. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(1, { each: true }) @Max(3, { each: true }) bladePosition?: number[];
  /** Blade side = view index 1..8. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(1, { each: true }) @Max(8, { each: true }) viewIndex?: number[];
  /** Severities 0..5. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(0, { each: true }) @Max(5, { each: true }) severity?: number[];
  /** Defect types (case-insensitive). */
  @IsOptional() @QueryList() @IsString({ each: true }) defectType?: string[];
  /** Timeline statuses (contracts DefectTimelineStatus). */
  @IsOptional() @QueryList() @IsString({ each: true }) timelineStatus?: string[];
  /** Repair statuses (contracts RepairStatus 1..6); 0 = never in a repair. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(0, { each: true }) @Max(6, { each: true }) repairStatus?: number[];
  /** DPS statuses 0..4. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(0, { each: true }) @Max(4, { each: true }) dpsStatus?: number[];
  /** Inspection date from (YYYY-MM-DD, inclusive). */
  @IsOptional() @Matches(DAY) dateFrom?: string;
  /** Inspection date to (YYYY-MM-DD, inclusive). */
  @IsOptional() @Matches(DAY) dateTo?: string;
}

/** `GET /search/defects/export-ids`: the same filters, no paging. */
export class SearchExportQuery extends SearchFilterQuery {}

/** The criteria of an advanced search (body); a saved query keeps exactly this. */
export class AdvancedCriteriaDto {
  /** The turbines to search (1..200, SPEC §9; more are refused, nothing is run). */
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(10000) @IsUUID('all', { each: true }) turbineIds!: string[];
  @IsOptional() @IsArray() @IsInt({ each: true }) @Min(0, { each: true }) @Max(5, { each: true }) componentType?: number[];
  @IsOptional() @IsArray() @IsInt({ each: true }) @Min(1, { each: true }) @Max(3, { each: true }) bladePosition?: number[];
  @IsOptional() @IsArray() @IsInt({ each: true }) @Min(1, { each: true }) @Max(8, { each: true }) viewIndex?: number[];
  @IsOptional() @IsArray() @IsInt({ each: true }) @Min(0, { each: true }) @Max(5, { each: true }) severity?: number[];
  @IsOptional() @IsArray() @IsString({ each: true }) defectType?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) timelineStatus?: string[];
  @IsOptional() @IsArray() @IsInt({ each: true }) @Min(0, { each: true }) @Max(6, { each: true }) repairStatus?: number[];
  @IsOptional() @IsArray() @IsInt({ each: true }) @Min(0, { each: true }) @Max(4, { each: true }) dpsStatus?: number[];
  @IsOptional() @Matches(DAY) dateFrom?: string;
  @IsOptional() @Matches(DAY) dateTo?: string;
  /** Distance to root range (m). */
  @IsOptional() @IsNumber() distanceFrom?: number;
  @IsOptional() @IsNumber() distanceTo?: number;
  /** Minimum size (length or width, m). */
  @IsOptional() @IsNumber() @Min(0) minSize?: number;
}

export class AdvancedSearchDto {
  @ValidateNested() @Type(() => AdvancedCriteriaDto) criteria!: AdvancedCriteriaDto;
  @IsOptional() @IsInt() @Min(1) pageIndex?: number;
  @IsOptional() @IsInt() @Min(1) @Max(500) pageSize?: number;
  @IsOptional() @IsString() fieldToSort?: string;
  @IsOptional() descending?: boolean;
}

/** A saved query of the caller. */
export class SaveQueryDto {
  @IsString() @MaxLength(100) name!: string;
  @ValidateNested() @Type(() => AdvancedCriteriaDto) criteria!: AdvancedCriteriaDto;
}

/** `GET /search/single-point`: one point of a blade across inspections. */
export class SinglePointQuery {
  @IsUUID() turbineId!: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(3) bladePosition!: number;
  /** Blade side (view index 1..8); none = every side. */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(8) viewIndex?: number;
  /** Distance from the root (m). */
  @Type(() => Number) @IsNumber() distanceToRoot!: number;
  /** Half-width of the window around the point (m), default 1. */
  @IsOptional() @Type(() => Number) @IsNumber() @Min(0) @Max(20) tolerance?: number;
}
