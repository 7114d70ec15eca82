import { PageQueryDto } from '@windward/service-kit';
import { IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** Body of PUT …/{kind}-types/{typeId}. Kind-specific fields are ignored for other kinds. */
export class SaveComponentTypeDto {
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  @IsOptional() @IsString() @MaxLength(100) manufacturer?: string | null;
  @IsOptional() @IsString() @MaxLength(100) model?: string | null;
  /** Blade types: the blade manufacturer (unique per park). Alias of `manufacturer`. */
  @IsOptional() @IsString() @MaxLength(100) bladeManufacturer?: string | null;
  /** Blade length in m: the upper bound of a defect's distance to root. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @Min(0.01) @Max(500) length?: number | null;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @Min(0.01) @Max(100) width?: number | null;
  /** Tower height in m. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @Min(0.01) @Max(1000) height?: number | null;
  /** Generator rated power in kW. */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 1 }) @Min(0) @Max(100000) ratedPower?: number | null;
}

/** Paging and sorting (name, createdAt, updatedAt) of a park's types of one kind. */
export class ComponentTypeListQuery extends PageQueryDto {}
