import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PageQueryDto, QueryList, QueryIntList } from '@windward/service-kit';

/** The labeler asks for the turbine to be inspected again. */
export class RequestReinspectionDto {
  /** Why (not blank). */
  @IsString() @Matches(/\S/) @MaxLength(2000) requestComments!: string;
  /** Where the labeler saw the problem (a console link). */
  @IsOptional() @IsString() @MaxLength(2048) sourceUrl?: string | null;
}

/** SPEC §3 approve request; the processor is the caller. */
export class ApproveReinspectionDto {
  @IsUUID('all') inspectionId!: string;
  @IsBoolean() approved!: boolean;
  /** Required (not blank): REINSPECTION_REASON_REQUIRED otherwise. */
  @IsOptional() @IsString() @MaxLength(2000) processComments?: string;
}

/** SPEC §3 approval-task filters (besides paging and sorting). */
export class ApprovalTaskListQuery extends PageQueryDto {
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) inspectionId?: string[];
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) customerId?: string[];
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windfarmId?: string[];
  /** Alias of `windfarmId`. */
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windFarmId?: string[];
  @IsOptional() @IsString() turbineName?: string;
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) orgId?: string[];
  /** 0 = waiting for a decision, 1 = decided. */
  @IsOptional() @QueryIntList() @IsIn([0, 1], { each: true }) requestStatus?: number[];
  /** ReInspectionStatus. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) reInspectionStatus?: number[];
}
