import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, ValidateIf } from 'class-validator';
import { ComponentType, LOCALES, UploadTaskStatus, type Locale } from '@windward/contracts';
import { PageQueryDto, QueryBoolean, QueryList } from '@windward/service-kit';

/** Step 1 of the import wizard (SPEC §2): basic config. */
export class CreateSheetImportDto {
  /** The customer chosen in step 1: one import knows (-10007 otherwise) that owns the park (-10008 otherwise). */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsUUID() customerId?: string | null;
  @IsUUID() windfarmId!: string;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsUUID() projectId?: string | null;
  /** Blade external (1) or internal (5). */
  @IsInt() @IsIn([ComponentType.BLADE_EXTERNAL, ComponentType.BLADE_INTERNAL]) componentType!: number;
  /** The park's customer's defect template (a template is named by its customer's id; -10017 otherwise). */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsUUID() defectTemplateId?: string | null;
}

/** The import queue list: sort by createdAt (default, newest first), updatedAt or status. */
export class SheetImportListQuery extends PageQueryDto {
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windfarmId?: string[];
  /** Upload task statuses (FAILED, SUCCEEDED, CANCELLED, PROCESSING), `a,b` or repeated. */
  @IsOptional() @QueryList() @IsIn(Object.values(UploadTaskStatus), { each: true }) taskStatus?: string[];
}

/** A template workbook's download (sheet, LPS and defect-template imports). */
export class TemplateQuery {
  /** The workbook's language; the request's locale when absent. */
  @ApiPropertyOptional({ enum: LOCALES })
  @IsOptional() @IsIn(LOCALES) lang?: Locale;
}

/** Step 2's workbook upload. */
export class WorkbookUploadQuery {
  /**
   * A saved column mapping of the run's customer: reads another vendor's workbook through it.
   * A value that is not a UUID names no mapping: the same 404 as an unknown one.
   */
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional() @IsString() mappingId?: string;
}

/** Step 3's photo upload. */
export class ImagesUploadQuery {
  /** `true`: add these photos to the ones already matched, each kept or refused on its own. */
  @IsOptional() @QueryBoolean() @IsBoolean() append?: boolean;
}
