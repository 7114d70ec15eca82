import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
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
import { TaskLogType } from '@windward/contracts';
import { PageQueryDto, QueryList, listParam } from '@windward/service-kit';

/** `status=1,2` or `status=1&status=2` as numbers; what is not a number stays NaN, so `@IsInt()` refuses it. */
const QueryIntList = () =>
  Transform(({ value }: { value: unknown }) => {
    const list = listParam(value);
    return list.length ? list.map(Number) : undefined;
  });

/** SPEC §3 "Upload task creation" plus the optional package type and drone. */
export class CreateUploadTaskDto {
  @IsUUID() windfarmId!: string;
  @IsString() @IsNotEmpty() @MaxLength(100) turbineName!: string;
  /** YYYY-MM-DD, or a timestamp cut to its UTC day. */
  @IsString() @Matches(/^\d{4}-\d{2}-\d{2}/) inspectionDate!: string;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsUUID() campaignId?: string | null;
  /** A blade package type (1, 2 external; 6, 7, 8 internal); default 1 blade auto. */
  @IsOptional() @IsInt() packageType?: number;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) droneId?: string | null;
}

/** SPEC §3 task log item as the drone hands it over. */
export class UploadLogDto {
  @IsString() @IsNotEmpty() @MaxLength(200) logName!: string;
  @IsIn(Object.values(TaskLogType)) logType!: string;
  @IsString() @IsNotEmpty() @MaxLength(1000) logFileUri!: string;
}

/** SPEC §3 "Completing an upload" (the file URI is the verified manifest's, import knows it). */
export class CompleteUploadDto {
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) droneId?: string | null;
  @IsOptional() @IsArray() @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => UploadLogDto) logs?: UploadLogDto[];
}

/** Filters of the upload task list (sort by createdAt, updatedAt, inspectionDate, turbineName, status; newest first by default). */
export class UploadTaskListQuery extends PageQueryDto {
  /** Wind park ids, `a,b` or repeated. */
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windfarmId?: string[];
  /** Alias of `windfarmId`. */
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) windFarmId?: string[];
  /** Upload file statuses 0..8 (SPEC §4), `1,2` or repeated. */
  @IsOptional() @QueryIntList() @IsInt({ each: true }) @Min(0, { each: true }) @Max(8, { each: true }) status?: number[];
  /** Part of the turbine name. */
  @IsOptional() @IsString() turbineName?: string;
}
