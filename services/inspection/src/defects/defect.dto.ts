import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { DefectTimelineStatus } from '@windward/contracts';
import { PageQueryDto, QueryBoolean, QueryIntList, QueryList } from '@windward/service-kit';

/** Numbers may come as JSON numbers or text ("12.50"); the decimals rules read both. */
type Num = number | string | null;
/** How the document describes a Num (the plugin cannot read the union). */
const NUM = { oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true };

export class DefectFieldsDto {
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(0) @Max(5) severity?: number | null;
  @IsOptional() @IsString() @MaxLength(100) defectType?: string;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) layer?: string | null;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) affectedPart?: string | null;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(500) recommendation?: string | null;
  @ApiPropertyOptional(NUM) @IsOptional() sizeLength?: Num;
  @ApiPropertyOptional(NUM) @IsOptional() sizeWidth?: Num;
  /** Blade side (view index 1..8); defaults to the image's path. */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(8) position?: number | null;
  /** Blade 1..3; defaults to the image's blade. */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(3) bladePosition?: number | null;
  @ApiPropertyOptional(NUM) @IsOptional() distanceToRoot?: Num;
  @ApiPropertyOptional(NUM) @IsOptional() chordwiseStart?: Num;
  @ApiPropertyOptional(NUM) @IsOptional() chordwiseEnd?: Num;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(4) repairPriority?: number | null;
  /** [[x, y], …] in image pixels. */
  @ApiPropertyOptional({ type: 'array', items: { type: 'array', items: { type: 'number' } }, nullable: true }) @IsOptional() @IsArray() polygon?: unknown[];
  @IsOptional() @IsUUID() imageId?: string;
}

/** imageId, defectType and polygon are required on create (checked with catalogue codes). */
export class CreateDefectDto extends DefectFieldsDto {
  /** 6 digits; the next free number of the inspection when absent. */
  @IsOptional() @IsString() defectNo?: string;
  /** A pre-label suggestion (an import or a model): hidden from the regular lists until accepted. */
  @IsOptional() @IsBoolean() suggested?: boolean;
}

export class UpdateDefectDto extends DefectFieldsDto {}

export class DpsStatusDto {
  @IsInt() dpsStatus!: number;
}

export class TimelineStatusDto {
  @IsIn(Object.values(DefectTimelineStatus)) timelineStatus!: string;
}

export class DefectLinkDto {
  @IsUUID() externalDefectId!: string;
  @IsUUID() internalDefectId!: string;
}

/**
 * The fields a bulk edit may change (any other key is refused). Numbers are checked here; texts
 * by the service like a single PATCH (REQUIRED, TEXT_TOO_LONG, the customer's templates).
 */
export class BulkChangesDto {
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(0) @Max(5) severity?: number | null;
  @IsOptional() @IsString() defectType?: string;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() layer?: string | null;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() affectedPart?: string | null;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() recommendation?: string | null;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(4) repairPriority?: number | null;
}

export class BulkUpdateDto {
  /** 1..1000 distinct defect ids; checked by the service (SELECT_AT_LEAST_ONE_DEFECT when empty, 404 for unknown ids). */
  @ApiPropertyOptional({ type: 'array', items: { type: 'string' } }) @IsOptional() @IsArray() defectIds?: unknown[];
  /** At least one field. */
  @IsObject() @ValidateNested() @Type(() => BulkChangesDto) changes!: BulkChangesDto;
}

export class SuggestionsDto {
  /** The suggestions to accept/reject; all suggestions of the inspection when absent. */
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) defectIds?: string[];
}

export class LabeledDto {
  @IsBoolean() labeled!: boolean;
}

/**
 * Filters of the defect list: one of `inspectionId`, `turbineId` or `windFarmId` is required
 * (searching is per single park, SPEC §5). List filters take `a,b` or repeated values.
 */
export class DefectListQuery extends PageQueryDto {
  @IsOptional() @IsUUID() inspectionId?: string;
  @IsOptional() @IsUUID() turbineId?: string;
  @IsOptional() @IsUUID() windFarmId?: string;
  /** Alias of `windFarmId`. */
  @IsOptional() @IsUUID() windParkId?: string;
  /** Severities 0..5. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(0, { each: true }) @Max(5, { each: true }) severity?: number[];
  /** DPS statuses 0..4. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(0, { each: true }) @Max(4, { each: true }) dpsStatus?: number[];
  /** Blades 1..3. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(1, { each: true }) @Max(3, { each: true }) bladePosition?: number[];
  /** Defect types (case-insensitive). */
  @IsOptional() @QueryList() @IsString({ each: true }) defectType?: string[];
  /** Alias of `defectType`. */
  @IsOptional() @QueryList() @IsString({ each: true }) type?: string[];
  @IsOptional() @QueryList() @IsString({ each: true }) timelineStatus?: string[];
  @IsOptional() @IsUUID() imageId?: string;
  /** Suggestions too (only with `inspectionId`). */
  @IsOptional() @QueryBoolean() @IsBoolean() includeSuggested?: boolean;
  /** Only suggestions (only with `inspectionId`). */
  @IsOptional() @QueryBoolean() @IsBoolean() suggested?: boolean;
}

/** `GET /inspections/{id}/labeling-status` */
export class LabelingStatusQuery {
  /** `true` answers ALL_SIDES_MUST_BE_LABELED when not every side is labeled. */
  @IsOptional() @QueryBoolean() @IsBoolean() require?: boolean;
}
