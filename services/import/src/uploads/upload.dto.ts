import { Type } from 'class-transformer';
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
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { TaskLogType } from '@windward/contracts';

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
