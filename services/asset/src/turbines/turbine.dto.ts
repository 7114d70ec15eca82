import { Type } from 'class-transformer';
import { PageQueryDto } from '@windward/service-kit';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';

export class BladeDto {
  @IsString() @MaxLength(50) name!: string;
  @IsString() @MaxLength(100) serialNumber!: string;
}

export class DeviceDto {
  /** Kept when given (updates keep a device's identity), generated otherwise. */
  @IsOptional() @IsUUID() guid?: string;
  @IsOptional() @IsString() @MaxLength(100) bizId?: string | null;
  @IsOptional() @IsString() @MaxLength(100) serialNumber?: string | null;
  @IsString() @MinLength(1) @MaxLength(100) displayName!: string;
}

export class AssetConfigDto {
  @IsInt() packageType!: number;
  /** Part-2 component type; derived from the package type when absent. */
  @IsOptional() @IsInt() componentType?: number;
  /** Guids of this turbine's devices. */
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) devices?: string[];
}

/** Body of turbine create (POST) and update (PUT). Type ids are the park's component types. */
export class SaveTurbineDto {
  @IsString() @MinLength(1) @MaxLength(100) turbineName!: string;
  @IsOptional() @IsString() @MaxLength(100) serialNumber?: string | null;
  @IsOptional() @IsInt() turbineStatus?: number;
  /** Generator type (the turbine type). */
  @IsOptional() @IsUUID() turbineTypeGuid?: string | null;
  @IsOptional() @IsUUID() bladeTypeGuid?: string | null;
  @IsOptional() @IsUUID() nacelleTypeGuid?: string | null;
  @IsOptional() @IsUUID() towerTypeGuid?: string | null;
  @IsOptional() @IsUUID() foundationTypeGuid?: string | null;
  @IsOptional() @IsNumber() @Min(-90) @Max(90) latitude?: number | null;
  @IsOptional() @IsNumber() @Min(-180) @Max(180) longitude?: number | null;
  /** Exactly three (checked with the catalogue's own message). */
  @IsArray() @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => BladeDto) blades!: BladeDto[];
  @IsOptional() @IsArray() @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => DeviceDto) devices?: DeviceDto[];
  @IsOptional() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => AssetConfigDto) assetConfigs?: AssetConfigDto[];
}

/** SPEC §3 "Turbine rename": inspectionGuids, turbineName, turbineId. */
export class RenameTurbineDto {
  @IsUUID() turbineId!: string;
  @IsString() @MinLength(1) @MaxLength(100) turbineName!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) inspectionGuids?: string[];
}

export class MoveInspectionsDto {
  @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) @MinLength(1, { each: true }) inspectionGuids!: string[];
  @IsString() targetTurbineId!: string;
}

/** Filter of a park's turbine list (besides paging and sorting by turbineName, createdAt, serialNumber). */
export class TurbineListQuery extends PageQueryDto {
  /** Part of the turbine name (case-insensitive). */
  @IsOptional() @IsString() turbineName?: string;
}

/** Paging and sorting (turbineName, createdAt, serialNumber) of a project's turbines. */
export class ProjectTurbineListQuery extends PageQueryDto {}
