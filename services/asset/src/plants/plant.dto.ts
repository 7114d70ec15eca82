import { PageQueryDto, QueryBoolean, QueryList } from '@windward/service-kit';
import { IsBoolean, IsNumber, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';

export class SavePlantDto {
  @IsString() @MinLength(1) @MaxLength(100) windFarmName!: string;
  @IsUUID() customerId!: string;
  @IsOptional() @IsNumber() @Min(-90) @Max(90) latitude?: number | null;
  @IsOptional() @IsNumber() @Min(-180) @Max(180) longitude?: number | null;
  @IsOptional() @IsString() @MaxLength(50) province?: string | null;
  @IsOptional() @IsString() @MaxLength(50) city?: string | null;
  @IsOptional() @IsString() @MaxLength(50) region?: string | null;
  /** Installed capacity in MW. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @Min(0) @Max(99999999) capacity?: number | null;
}

export class PlantActiveDto {
  @IsBoolean() active!: boolean;
}

/**
 * Filters of the park list (besides paging and sorting by windFarmName, createdAt, capacity,
 * province). List filters take `a,b` or repeated values; the singular names are aliases.
 */
export class PlantListQuery extends PageQueryDto {
  /** Part of the park name (case-insensitive). */
  @IsOptional() @IsString() windFarmName?: string;
  @IsOptional() @QueryBoolean() @IsBoolean() active?: boolean;
  /** Customers whose parks to list (narrowed to the caller's scope). */
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) customerIds?: string[];
  /** Alias of `customerIds`. */
  @IsOptional() @QueryList() @IsUUID('all', { each: true }) customerId?: string[];
  /** Parks to list (narrowed to the caller's scope). */
  @IsOptional() @QueryList() @IsString({ each: true }) windParkIds?: string[];
  @IsOptional() @QueryList() @IsString({ each: true }) provinces?: string[];
  /** Alias of `provinces`. */
  @IsOptional() @QueryList() @IsString({ each: true }) province?: string[];
  @IsOptional() @QueryList() @IsString({ each: true }) cities?: string[];
  /** Alias of `cities`. */
  @IsOptional() @QueryList() @IsString({ each: true }) city?: string[];
}

/** Paging and sorting (projectName, createdAt, status) of a park's projects. */
export class ParkProjectListQuery extends PageQueryDto {}
