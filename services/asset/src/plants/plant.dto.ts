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
