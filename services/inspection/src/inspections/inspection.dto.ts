import { ArrayNotEmpty, IsArray, IsBoolean, IsInt, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PageQueryDto, QueryBoolean, QueryIntList, QueryList } from '@windward/service-kit';

const DAY = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export class CreateInspectionDto {
  @IsUUID() turbineId!: string;
  /** SPEC §3 package type; decides the component. */
  @IsInt() packageType!: number;
  /** Part-2 component type; must agree with the package type when given. */
  @IsOptional() @IsInt() componentType?: number;
  /** The day of the inspection (YYYY-MM-DD; a timestamp is cut to its UTC day). */
  @Matches(DAY) inspectionDate!: string;
  @IsOptional() @IsBoolean() isActive?: boolean;
  @IsOptional() @IsString() @MaxLength(100) pilot?: string | null;
  /** Drone or other device (asset's device guid or bizId). */
  @IsOptional() @IsString() @MaxLength(100) deviceId?: string | null;
  @IsOptional() @IsString() @MaxLength(100) inspectionDataConfigId?: string | null;
}

export class UpdateInspectionDto {
  @IsOptional() @IsBoolean() isActive?: boolean;
  @IsOptional() @IsString() @MaxLength(100) pilot?: string | null;
  @IsOptional() @IsString() @MaxLength(100) deviceId?: string | null;
}

export class TimelineLinkDto {
  @IsUUID() previousInspectionId!: string;
}

/** Filters of the inspection list: `windFarmId` or `turbineId` is required. List filters take `a,b` or repeated values. */
export class InspectionListQuery extends PageQueryDto {
  @IsOptional() @IsUUID() windFarmId?: string;
  /** Alias of `windFarmId`. */
  @IsOptional() @IsUUID() windParkId?: string;
  @IsOptional() @IsUUID() turbineId?: string;
  @IsOptional() @QueryIntList() @IsInt({ each: true }) componentType?: number[];
  @IsOptional() @QueryIntList() @IsInt({ each: true }) packageType?: number[];
  @IsOptional() @QueryBoolean() @IsBoolean() isActive?: boolean;
}

/** `GET /inspections/move-check?inspectionGuids=a,b` */
export class MoveCheckQuery {
  /** The inspections asset wants to move. */
  @QueryList() @IsArray() @ArrayNotEmpty() @IsUUID('all', { each: true }) inspectionGuids!: string[];
}
