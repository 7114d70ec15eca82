import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Length, MaxLength, ValidateNested } from 'class-validator';
import { IMPORT_MAPPING_NAME_MAX, IMPORT_MAPPING_SEVERITIES_MAX, IMPORT_MAPPING_TEXT_MAX, IMPORT_SHEETS, type SheetKey } from '@windward/contracts';
import { PageQueryDto } from '@windward/service-kit';

const SHEET_KEYS = IMPORT_SHEETS.map((s) => s.key);
const COLUMNS_MAX = IMPORT_SHEETS.reduce((n, s) => n + s.columns.length, 0);

/** The vendor's name of one of our sheets. */
export class MappingSheetDto {
  @IsIn(SHEET_KEYS) sheet!: SheetKey;
  @IsString() @Length(1, IMPORT_MAPPING_TEXT_MAX) name!: string;
}

/** The vendor's header of one of our columns (`column` = the template's column key, e.g. `severity`). */
export class MappingColumnDto {
  @IsIn(SHEET_KEYS) sheet!: SheetKey;
  @IsString() @MaxLength(50) column!: string;
  @IsString() @Length(1, IMPORT_MAPPING_TEXT_MAX) header!: string;
}

/** One value of the vendor's severity scale and our level for it. */
export class MappingSeverityDto {
  @IsString() @Length(1, IMPORT_MAPPING_TEXT_MAX) value!: string;
  /** Our level 0..8 (outside: IMPORT_MAPPING_SEVERITY_INVALID). */
  @IsInt() level!: number;
}

/** A saved column mapping: what it renames and the severity scale; refusals are the catalogue's IMPORT_MAPPING_*. */
export class ColumnMappingBodyDto {
  @IsString() @Length(1, IMPORT_MAPPING_NAME_MAX) name!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(SHEET_KEYS.length) @ValidateNested({ each: true }) @Type(() => MappingSheetDto) sheets?: MappingSheetDto[];
  @IsOptional() @IsArray() @ArrayMaxSize(COLUMNS_MAX) @ValidateNested({ each: true }) @Type(() => MappingColumnDto) columns?: MappingColumnDto[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(IMPORT_MAPPING_SEVERITIES_MAX)
  @ValidateNested({ each: true })
  @Type(() => MappingSeverityDto)
  severities?: MappingSeverityDto[];
  /** Skip vendor columns the template does not know instead of refusing them (-10004). */
  @IsOptional() @IsBoolean() ignoreOtherColumns?: boolean;
}

export class CreateColumnMappingDto extends ColumnMappingBodyDto {
  /** The customer whose workbooks use it (in the caller's scope, known to import). */
  @IsUUID() customerId!: string;
}

/** Mappings in the caller's scope: `customerId`, `name` (contains, any case); sort `name` (default), `updatedAt`, `createdAt`. */
export class ColumnMappingListQuery extends PageQueryDto {
  @IsOptional() @IsUUID() customerId?: string;
  @IsOptional() @IsString() @MaxLength(IMPORT_MAPPING_NAME_MAX) name?: string;
}
