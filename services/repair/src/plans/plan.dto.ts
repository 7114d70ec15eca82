import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, IsUUID, MaxLength, Min, MinLength } from 'class-validator';
import { PageQueryDto, QueryInt, QueryIntList, QueryList } from '@windward/service-kit';

/**
 * Defects are sent as id lists; the cap (10,000) is the service's own refusal with the spec's
 * message, so the validator only bounds the list far above it (a request cannot grow unbounded).
 */
const ID_LIST_BOUND = 20_000;

/** Body of POST plans: a name and the chosen defects (one wind park, at most 10,000). */
export class CreateRepairPlanDto {
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  @IsArray() @ArrayMaxSize(ID_LIST_BOUND) @IsUUID('all', { each: true }) defectIds!: string[];
}

/** Body of PUT plans/{id}: the version the editor loaded (optimistic locking) and what changes. */
export class UpdateRepairPlanDto {
  @IsInt() @Min(1) version!: number;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(100) name?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(ID_LIST_BOUND) @IsUUID('all', { each: true }) addDefectIds?: string[];
  @IsOptional() @IsArray() @ArrayMaxSize(ID_LIST_BOUND) @IsUUID('all', { each: true }) removeDefectIds?: string[];
}

/** Body of PUT plans/{id}/steps: the repair-step template of some of the plan's defects (null clears it). */
export class SetRepairStepsDto {
  @IsInt() @Min(1) version!: number;
  @IsArray() @ArrayMaxSize(ID_LIST_BOUND) @IsUUID('all', { each: true }) defectIds!: string[];
  @IsOptional() @IsUUID() templateId?: string | null;
}

/** Body of POST plans/{id}/batches: a batch (name unique in the plan) holding some of the plan's defects. */
export class CreateBatchDto {
  @IsInt() @Min(1) version!: number;
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  @IsArray() @ArrayMaxSize(ID_LIST_BOUND) @IsUUID('all', { each: true }) defectIds!: string[];
}

/** Plans list: paging, sorting (name, createdAt, updatedAt, defectCount) and filters. */
export class RepairPlanListQuery extends PageQueryDto {
  @IsOptional() @IsString() @MaxLength(100) name?: string;
  @IsOptional() @IsUUID() windFarmId?: string;
}

/** Defects a plan can be made of (issue #17: park, turbine, severity, repair priority, timeline status). */
export class CandidateDefectQuery extends PageQueryDto {
  @IsUUID() windFarmId!: string;
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) turbineIds?: string[];
  @IsOptional() @QueryIntList() @IsInt({ each: true }) severities?: number[];
  @IsOptional() @QueryIntList() @IsInt({ each: true }) repairPriorities?: number[];
  @IsOptional() @QueryList() @IsString({ each: true }) timelineStatuses?: string[];
}

/** A plan's defects: paging, sorting (defectNo, turbineName, severity, repairPriority) and filters. */
export class PlanDefectQuery extends PageQueryDto {
  @IsOptional() @IsUUID() batchId?: string;
  @IsOptional() @IsUUID() turbineId?: string;
  /** 1 = only defects with a repair step, 0 = only without. */
  @IsOptional() @QueryInt() @IsInt() hasStep?: number;
  /** 1 = only defects in a campaign, 0 = only free ones. */
  @IsOptional() @QueryInt() @IsInt() inCampaign?: number;
}
