import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { LOCALES, REPORT_SECTIONS, type Locale, type ReportSection } from '@windward/contracts';
import { PageQueryDto } from '@windward/service-kit';

/** The name a severity level is printed with in this template's reports. */
export class SeverityLabelDto {
  @IsInt() @Min(0) @Max(5) severity!: number;
  @IsString() @MaxLength(50) label!: string;
}

/** A report template (Config Center): sections, logo, customer name, language, severity names, projects using it. */
export class SaveReportTemplateDto {
  /** Required (-13008 when blank); unique, case-insensitive (-13001). */
  @IsString() @MaxLength(100) name!: string;
  @IsArray() @ArrayUnique() @ArrayMaxSize(10) @IsIn(REPORT_SECTIONS, { each: true }) sections!: ReportSection[];
  /** A PNG or JPEG data URL, at most ~200 KB. */
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(280_000)
  @Matches(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/)
  logo?: string | null;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) customerName?: string | null;
  /** The report's language, whatever the requester's UI language; null = the requester's. */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsIn(LOCALES) language?: Locale | null;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(6)
  @ValidateNested({ each: true })
  @Type(() => SeverityLabelDto)
  severityLabels?: SeverityLabelDto[];
  /** Projects whose reports use this template by default; a referenced template cannot be deleted (-8002). */
  @IsOptional() @IsArray() @ArrayUnique() @ArrayMaxSize(500) @IsUUID('all', { each: true }) projectIds?: string[];
}

/** Filters of the template list (sort by name, updatedAt). */
export class ReportTemplateListQuery extends PageQueryDto {
  /** Part of the name. */
  @IsOptional() @IsString() @MaxLength(100) name?: string;
}
