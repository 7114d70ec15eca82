import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDateString, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { QaStatus } from '@windward/contracts';

const QA_STATUSES = Object.values(QaStatus) as number[];

/** What the review changed (task-level result only). */
export class QaCountsDto {
  @IsOptional() @IsInt() @Min(0) @Max(1_000_000) added?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(1_000_000) deleted?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(1_000_000) modified?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(1_000_000) correct?: number | null;
}

/** The review's result for one defect. */
export class QaDefectResultDto {
  @IsString() @Matches(/\S/) @MaxLength(64) defectId!: string;
  /** QaStatus. */
  @IsIn(QA_STATUSES) result!: number;
  /** Required (not blank) when the result is fail. */
  @IsOptional() @IsString() comments?: string | null;
}

/** A QA/FQA result: pass, pass with issue or fail (then with reasons). */
export class SubmitQaDto {
  /** QaStatus. */
  @IsIn(QA_STATUSES) result!: number;
  /** Required (not blank) when the result is fail. */
  @IsOptional() @IsString() @MaxLength(4000) comments?: string | null;
  /** The review stage the reviewer means (refused when it is not the current one). */
  @IsOptional() @IsInt() stage?: number;
  @IsOptional() @ValidateNested() @Type(() => QaCountsDto) counts?: QaCountsDto;
  @IsOptional() @IsArray() @ArrayMaxSize(10_000) @ValidateNested({ each: true }) @Type(() => QaDefectResultDto) defects?: QaDefectResultDto[];
}

/** Change-rate statistics over a period. */
export class ChangeRateQuery {
  /** Per labeler (whose work was reviewed; default) or per reviewer. */
  @IsOptional() @IsIn(['labeler', 'reviewer']) groupBy?: 'labeler' | 'reviewer';
  @IsOptional() @IsDateString() startTime?: string;
  @IsOptional() @IsDateString() endTime?: string;
  @IsOptional() @IsUUID('all') customerId?: string;
}

/** The change-rate export: an Excel workbook by default, or CSV. */
export class ChangeRateExportQuery extends ChangeRateQuery {
  @IsOptional() @IsIn(['xlsx', 'csv']) format?: 'xlsx' | 'csv';
}
