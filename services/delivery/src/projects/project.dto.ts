import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { PROJECT_SUB_TYPES } from '@windward/contracts';
import { PageQueryDto, QueryBoolean, QueryInt, QueryList } from '@windward/service-kit';

export class ProjectOperatorDto {
  @IsUUID() id!: string;
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
}

/** Body of POST /gw/project/api/v2/projects and PUT …/projects/{id}. */
export class SaveProjectDto {
  @IsString() @MinLength(1) @MaxLength(100) projectName!: string;
  /** SPEC §3 project type 1..5; may be left out when `subType` is given (the sub-type fixes it). */
  @IsOptional() @IsInt() @IsIn([1, 2, 3, 4, 5]) projectType?: number;
  /** SPEC §3 sub-type: 1-4 external, 11-14 internal, 21-23 LPS. */
  @IsOptional() @IsInt() @IsIn([...PROJECT_SUB_TYPES]) subType?: number | null;
  /** SPEC §3 service type: 1 POC, 2 IaaS, 3 DaaS/RaaS. */
  @IsOptional() @IsInt() @IsIn([1, 2, 3]) serviceType?: number | null;
  @IsOptional() @IsUUID() customerId?: string | null;
  @IsOptional() @IsUUID() organizationId?: string | null;
  @IsArray() @ArrayMaxSize(200) @IsUUID('all', { each: true }) windFarmIds!: string[];
  /** Turbines for internal inspection; none repeated (-6001). */
  @IsOptional() @IsArray() @ArrayMaxSize(5000) @IsUUID('all', { each: true }) internalTurbineIds?: string[];
  /** Turbines for external inspection; none repeated (-6002). */
  @IsOptional() @IsArray() @ArrayMaxSize(5000) @IsUUID('all', { each: true }) externalTurbineIds?: string[];
  @IsOptional() @IsArray() @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => ProjectOperatorDto) operators?: ProjectOperatorDto[];
  @IsOptional() @IsInt() @Min(0) plannedVolume?: number | null;
  @IsOptional() @IsISO8601() projectStartTime?: string | null;
  @IsOptional() @IsISO8601() projectCompleteTime?: string | null;
  /** An O&M (operation) project; fixed at creation. Needs the operation project edit right. */
  @IsOptional() @IsBoolean() operation?: boolean;
  /** O&M projects only: the inspection projects associated with it (each with one O&M project at most, -6005). */
  @IsOptional() @IsArray() @ArrayMaxSize(200) @IsUUID('all', { each: true }) affiliatedProjectIds?: string[];
  /** Inspection's defect template; cannot change once the project has inspection data. */
  @IsOptional() @IsUUID() defectTemplateId?: string | null;
  @IsOptional() @IsUUID() dprTemplateId?: string | null;
}

/** Body of PUT …/projects/{id}/status. */
export class ProjectStatusDto {
  /** 1 pending, 2 processing, 3 completed; never back. */
  @IsInt() @IsIn([1, 2, 3]) projectStatusType!: number;
  /** O&M projects: close even though campaigns are unfinished (SPEC §4 forced close). */
  @IsOptional() @IsBoolean() force?: boolean;
}

/** Filters of the project list (SPEC §3 project list filters); sortable by projectName, projectStartTime, projectUpdatedTime, projectStatusType. */
export class ProjectListQuery extends PageQueryDto {
  @IsOptional() @IsUUID() projectId?: string;
  @IsOptional() @IsString() @MaxLength(100) projectName?: string;
  @IsOptional() @IsUUID() customerId?: string;
  @IsOptional() @IsUUID() windFarmId?: string;
  @IsOptional() @IsUUID() projectOperatorId?: string;
  @IsOptional() @QueryInt() @IsInt() @IsIn([1, 2, 3]) projectStatusType?: number;
  @IsOptional() @QueryInt() @IsInt() @IsIn([1, 2, 3, 4, 5]) projectType?: number;
  @IsOptional() @IsUUID() organizationId?: string;
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windParkIds?: string[];
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) customerIds?: string[];
  /** Projects running on or after this day. */
  @IsOptional() @IsISO8601() startDate?: string;
  /** Projects starting on or before this day. */
  @IsOptional() @IsISO8601() endDate?: string;
  /** true: O&M projects only; false: inspection projects only. */
  @IsOptional() @QueryBoolean() @IsBoolean() operation?: boolean;
}

/** Query of GET /context/api/v1/projects/{id}/summary (SPEC §7). */
export class ProjectSummaryQuery {
  /** 0 every turbine of the project (default), 1 its external inspection turbines, 2 its internal ones. */
  @IsOptional() @QueryInt() @IsInt() @IsIn([0, 1, 2]) inspectionSubtype?: number;
  /** Part-2 component type of the inspections counted. */
  @IsOptional() @QueryInt() @IsInt() @Min(0) inspectionType?: number;
  @IsOptional() @IsUUID() inspectionDataConfigId?: string;
}
