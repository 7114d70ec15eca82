import { INT32_MAX, PageQueryDto, QueryList } from '@windward/service-kit';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDateString,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';

export class DefectTemplateRefDto {
  @IsBoolean() isDefault!: boolean;
  @IsString() @MaxLength(100) defectConfigName!: string;
  @IsString() @MaxLength(64) defectConfigId!: string;
}

/** SPEC §3 component config; `componentType` is a part-2 component code (checked in the service). */
export class ComponentConfigDto {
  @IsInt() componentType!: number;
  @IsOptional() @IsBoolean() permission?: boolean;
  @IsOptional() @IsString() @MaxLength(100) reportTemplateName?: string | null;
  @IsOptional() @IsString() @MaxLength(64) reportTemplateId?: string | null;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => DefectTemplateRefDto) defectTemplateData?: DefectTemplateRefDto[];
  @IsOptional() @IsString() @MaxLength(64) inspectionDataConfigId?: string | null;
}

/** SPEC §3 flow config; features are contracts' optional flow features, stages task stage ids. */
export class FlowConfigDto {
  @IsInt() componentType!: number;
  @IsArray() @IsString({ each: true }) features!: string[];
  @IsOptional() @IsArray() @IsInt({ each: true }) taskStages?: number[];
}

export class SeverityNameDto {
  @IsInt() level!: number;
  @IsString() @MinLength(1) @MaxLength(50) name!: string;
}

export class SaveCustomerDto {
  @IsString() @MinLength(1) @MaxLength(100) customerName!: string;
  @IsOptional() @IsInt() customerTypeId?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(INT32_MAX) maxFlightTimes?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(INT32_MAX) maxTurbines?: number | null;
  @IsOptional() @IsDateString() validDate?: string | null;
  @IsOptional() @IsUUID() organizationId?: string | null;
  @IsOptional() @IsString() @MaxLength(200) customerAddress?: string | null;
  @IsOptional() @IsString() @MaxLength(100) contactor?: string | null;
  @IsOptional() @IsString() @MaxLength(100) post?: string | null;
  @IsOptional() @IsString() @MaxLength(50) phone?: string | null;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => ComponentConfigDto) componentConfigs?: ComponentConfigDto[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => FlowConfigDto) flowConfigs?: FlowConfigDto[];
  /** Customer-specific names of the severity levels (GET …/defectSeverityMapping). */
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeverityNameDto) severityMapping?: SeverityNameDto[];
  /** The version the editor loaded; a stale one is refused (optimistic concurrency). */
  @IsOptional() @IsInt() version?: number;
}

/** Filters of the customer list (besides paging; sort by customerName, createdAt, validDate). */
export class CustomerListQuery extends PageQueryDto {
  /** Only these customers (`a,b` or repeated); still limited to the caller's scope. */
  @IsOptional() @QueryList() @IsArray() @IsUUID('all', { each: true }) customerIds?: string[];
  @IsOptional() @IsString() customerName?: string;
  @IsOptional() @IsUUID() organizationId?: string;
}

export class CustomerIdsQuery {
  /** Customer ids, `a,b` or repeated; ids outside the caller's scope are left out. */
  @IsOptional() @QueryList() @IsArray() @IsUUID('all', { each: true }) ids?: string[];
}
