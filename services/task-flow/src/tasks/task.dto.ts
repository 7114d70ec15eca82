import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsDateString,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { TaskLogType, TaskStage, TaskStatus } from '@windward/contracts';
import { PageQueryDto, QueryInt, QueryList, QueryIntList } from '@windward/service-kit';

const STAGES = Object.values(TaskStage) as number[];
/** Not only blanks. */
const NOT_BLANK = /\S/;
/** A whole UTC day, YYYY-MM-DD. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** SPEC §3 task list filters (besides paging and sorting); list values are comma lists or repeated. */
export class TaskListQuery extends PageQueryDto {
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) inspectionId?: string[];
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) customerId?: string[];
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windfarmId?: string[];
  /** Alias of `windfarmId`. */
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windFarmId?: string[];
  /** Part of the turbine name (case-insensitive). */
  @IsOptional() @IsString() turbineName?: string;
  /** Current stage (TaskStage). */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) taskStageType?: number[];
  /** Handler of the current stage. */
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) handleByUserId?: string[];
  /** TaskStatus. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) taskStatusType?: number[];
  @IsOptional() @QueryIntList() @IsInt({ each: true }) packageType?: number[];
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) organizationId?: string[];
  @IsOptional() @IsString() inspectionStaffId?: string;
  @IsOptional() @QueryIntList() @IsInt({ each: true }) projectType?: number[];
  /** Inspection date from (a date or an instant; compared by day). */
  @IsOptional() @IsDateString() inspectionStartTime?: string;
  @IsOptional() @IsDateString() inspectionEndTime?: string;
  /** Upload time from (an instant). */
  @IsOptional() @IsDateString() uploadStartTime?: string;
  @IsOptional() @IsDateString() uploadEndTime?: string;
}

/** Today's tasks: created and/or completed on one UTC day. */
export class TodayTaskListQuery extends TaskListQuery {
  /** YYYY-MM-DD (default today, UTC). */
  @IsOptional() @Matches(DAY) @IsDateString() date?: string;
  /** `new` (created that day), `completed` (completed that day) or `all` (either; the default). */
  @IsOptional() @IsIn(['all', 'new', 'completed']) kind?: 'all' | 'new' | 'completed';
}

/** The dashboard summary's day. */
export class DashboardQuery {
  /** YYYY-MM-DD (default today, UTC). */
  @IsOptional() @Matches(DAY) @IsDateString() date?: string;
}

/** Task stage center filters (besides paging and sorting). */
export class StageCenterQuery extends PageQueryDto {
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windfarmId?: string[];
  /** Alias of `windfarmId`. */
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windFarmId?: string[];
  @IsOptional() @IsString() turbineName?: string;
  @IsOptional() @IsUUID('all') taskStageId?: string;
  /** Stages listed (the five people work on: 3, 4, 5, 6, 7); the counts cover all five. */
  @IsOptional() @QueryIntList() @IsIn([TaskStage.SORT_AND_REMOVE, TaskStage.LABELING, TaskStage.LABELING_QA, TaskStage.STITCHING, TaskStage.STITCHING_QA], { each: true })
  taskStageType?: number[];
}

/** Changes since a version (live screens resynchronise). */
export class TaskChangesQuery {
  /** The last version the client saw; without it only `latestVersion` is answered. */
  @IsOptional() @QueryInt() @IsInt() @Min(0) since?: number;
}

/** Task history paging (sorted by `time`). */
export class TaskHistoryQuery extends PageQueryDto {}

/** A log file recorded on a task (drone logs). */
export class AddTaskLogDto {
  @IsString() @Matches(NOT_BLANK) @MaxLength(255) logName!: string;
  /** TaskLogType. */
  @IsIn(Object.values(TaskLogType)) logType!: string;
  @IsString() @Matches(NOT_BLANK) @MaxLength(2048) logFileUri!: string;
  /** Default: the task's drone. */
  @IsOptional() @IsString() droneId?: string | null;
}

export class AssignHandlerDto {
  /** A user identity announced (active, not deleted). */
  @IsUUID('all') userId!: string;
}

export class SetTaskStatusDto {
  /** TaskStatus; only terminated (5) and inactive (6) may be set. */
  @IsIn(Object.values(TaskStatus)) status!: number;
}

export class SpentTimeDto {
  /** Seconds spent since the last report (1..3600). */
  @IsInt() @Min(1) @Max(3600) seconds!: number;
}

export class StageErrorDto {
  /** Why the stage cannot be done. */
  @IsString() @Matches(NOT_BLANK) @MaxLength(2000) message!: string;
}

export class StageTimeLimitDto {
  /** TaskStage. */
  @IsIn(STAGES) taskStageType!: number;
  /** 1 minute to one year. */
  @IsInt() @Min(1) @Max(525_600) minutes!: number;
}

export class SetTimeLimitsDto {
  @IsArray() @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => StageTimeLimitDto) limits!: StageTimeLimitDto[];
}
