import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, IsUUID, Max, Min, ValidateNested } from 'class-validator';
import { LOCALES, REPORT_FORMATS, type Locale, type ReportFormat } from '@windward/contracts';
import { PageQueryDto, QueryIntList } from '@windward/service-kit';

/** One image of an image archive: its original is read from inspection's folder of the shared store. */
export class ArchiveImageDto {
  @IsUUID() inspectionId!: string;
  @IsUUID() imageId!: string;
}

/** A report request: format, template, language and which defects (SPEC §2, §9). */
export class CreateReportTaskDto {
  @IsIn(REPORT_FORMATS) format!: ReportFormat;
  /** A report template (-13003 when unknown); default: the template of the project, else every section. */
  @IsOptional() @IsUUID() templateId?: string;
  /** The report's language; default the template's, else the request's locale. */
  @IsOptional() @IsIn(LOCALES) locale?: Locale;
  /** Some wind parks of the project (a PDF needs exactly one); default all the caller may see. */
  @IsOptional() @IsArray() @ArrayUnique() @ArrayMaxSize(500) @IsUUID('all', { each: true }) windFarmIds?: string[];
  /** Some turbines (at most 200, SPEC §9). */
  @IsOptional() @IsArray() @ArrayUnique() @ArrayMaxSize(500) @IsUUID('all', { each: true }) turbineIds?: string[];
  /**
   * Exactly these defects (the Data Center search's selection); they must also lie in the scope.
   * More than 2,500 are refused with -13012 like any selection.
   */
  @IsOptional() @IsArray() @ArrayUnique() @ArrayMaxSize(10000) @IsUUID('all', { each: true }) defectIds?: string[];
  /**
   * An image archive (`zip` only) of these images of the parks, with or without defects (the Data
   * Center's image export, from inspection's images export-selection); their defects come with
   * `defectIds`. More than 2,500 → EXPORT_ARCHIVE_TOO_LARGE; an inspection outside the parks → 404.
   */
  @IsOptional() @IsArray() @ArrayMaxSize(10000) @ValidateNested({ each: true }) @Type(() => ArchiveImageDto) images?: ArchiveImageDto[];
  /** Only these severities (0..5). */
  @IsOptional() @IsArray() @ArrayUnique() @IsInt({ each: true }) @Min(0, { each: true }) @Max(5, { each: true }) severities?: number[];
}

/** The caller's download list (sort by createdAt, status, scopeName; newest first by default). */
export class ReportTaskListQuery extends PageQueryDto {
  /** Task statuses 0 queued, 1 rendering, 2 ready, 3 failed, 4 expired: `1,2` or repeated. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(0, { each: true }) @Max(4, { each: true }) status?: number[];
}

/** The caller's download log (sort by downloadedAt, fileName; newest first by default). */
export class ReportDownloadListQuery extends PageQueryDto {}
