import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { DefectTimelineStatus } from '@windward/contracts';

/** Numbers may come as JSON numbers or text ("12.50"); the decimals rules read both. */
type Num = number | string | null;

export class DefectFieldsDto {
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(0) @Max(5) severity?: number | null;
  @IsOptional() @IsString() @MaxLength(100) defectType?: string;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) layer?: string | null;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) affectedPart?: string | null;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(500) recommendation?: string | null;
  @IsOptional() sizeLength?: Num;
  @IsOptional() sizeWidth?: Num;
  /** Blade side (view index 1..8); defaults to the image's path. */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(8) position?: number | null;
  /** Blade 1..3; defaults to the image's blade. */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(3) bladePosition?: number | null;
  @IsOptional() distanceToRoot?: Num;
  @IsOptional() chordwiseStart?: Num;
  @IsOptional() chordwiseEnd?: Num;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(4) repairPriority?: number | null;
  /** [[x, y], …] in image pixels. */
  @IsOptional() @IsArray() polygon?: unknown[];
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

/** The fields a bulk edit may change (checked by the service: any other key is refused). */
export const BULK_FIELDS = ['severity', 'defectType', 'layer', 'affectedPart', 'recommendation', 'repairPriority'] as const;
export type BulkChanges = Partial<Pick<DefectFieldsDto, (typeof BULK_FIELDS)[number]>>;

export class BulkUpdateDto {
  /** Checked by the service (SELECT_AT_LEAST_ONE_DEFECT when empty). */
  @IsOptional() @IsArray() defectIds?: unknown[];
  @IsObject() changes!: Record<string, unknown>;
}

export class SuggestionsDto {
  /** The suggestions to accept/reject; all suggestions of the inspection when absent. */
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) defectIds?: string[];
}

export class LabeledDto {
  @IsBoolean() labeled!: boolean;
}
