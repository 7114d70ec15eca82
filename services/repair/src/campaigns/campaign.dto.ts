import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, IsUUID, Matches, MaxLength, Min, MinLength } from 'class-validator';
import { PageQueryDto, QueryInt } from '@windward/service-kit';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Body of POST campaigns: defects of one plan (at least one), the plan version the user saw, dates and the O&M project. */
export class CreateRepairCampaignDto {
  @IsUUID() planId!: string;
  /** The plan version the campaign was made from: a plan edited since is "unsaved or expired". */
  @IsInt() @Min(1) planVersion!: number;
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  @IsArray() @ArrayMaxSize(20_000) @IsUUID('all', { each: true }) defectIds!: string[];
  /** The O&M project the campaign belongs to: its dates must lie inside the project's (-6009). */
  @IsOptional() @IsUUID() projectId?: string | null;
  @Matches(DATE) startDate!: string;
  @Matches(DATE) endDate!: string;
}

/** Body of PATCH campaigns/{id}: the campaign status (0 not started, 1 ongoing, 2 completed). */
export class SetCampaignStatusDto {
  @IsIn([0, 1, 2]) status!: number;
}

/** Body of PUT campaigns/{id}/technicians: the repair technicians granted to the campaign (replaces the list). */
export class GrantTechniciansDto {
  @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) userIds!: string[];
}

/** Body of PATCH campaigns/{id}/turbines/{turbineId}: a turbine's repair progress (0, 1, 2). */
export class SetTurbineStatusDto {
  @IsIn([0, 1, 2]) status!: number;
}

/** Body of PATCH campaigns/{id}/defects/{defectId}: a defect's repair status (1…6, SPEC §3). */
export class SetRepairStatusDto {
  @IsIn([1, 2, 3, 4, 5, 6]) repairStatus!: number;
}

/** Body of POST campaigns/{id}/defects/{defectId}/records: one piece of repair work. */
export class CreateRepairRecordDto {
  @Matches(DATE) repairDate!: string;
  /** Metres from the blade root: -5…blade length, at most 2 decimals (-13013). */
  @IsNumber() distanceToRoot!: number;
  /** What the work left: 2 ongoing, 3 completed, 4 failed, 5 won't fix, 6 fixed. */
  @IsIn([2, 3, 4, 5, 6]) outcome!: number;
  @IsOptional() @IsString() @MaxLength(2000) comment?: string;
  /** The technician who did the work; defaults to the caller. */
  @IsOptional() @IsUUID() technicianId?: string;
}

/** Form fields of POST …/records/{recordId}/photos (with the multipart `file`). */
export class UploadRepairPhotoDto {
  @IsIn(['before', 'after']) kind!: 'before' | 'after';
}

/** Overview: paging, sorting (name, createdAt, startDate, endDate, status, progress) and filters. */
export class RepairCampaignListQuery extends PageQueryDto {
  @IsOptional() @IsString() @MaxLength(100) name?: string;
  @IsOptional() @QueryInt() @IsIn([0, 1, 2]) status?: number;
  @IsOptional() @IsUUID() windFarmId?: string;
  @IsOptional() @IsUUID() planId?: string;
}

/** repairDetailList: a campaign's defects, paged and sorted (defectNo, turbineName, severity, repairStatus, updatedAt). */
export class CampaignDefectQuery extends PageQueryDto {
  @IsOptional() @IsUUID() turbineId?: string;
  @IsOptional() @QueryInt() @IsIn([1, 2, 3, 4, 5, 6]) repairStatus?: number;
}

/** Repair technicians (users with the repair technician role), paged. */
/** The O&M projects a campaign of this park may belong to. */
export class OmProjectQuery {
  @IsUUID() windFarmId!: string;
}

export class TechnicianQuery extends PageQueryDto {
  @IsOptional() @IsString() @MaxLength(100) name?: string;
}
