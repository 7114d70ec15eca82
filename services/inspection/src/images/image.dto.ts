import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

/** Editable image attributes (JSON on PATCH; the same names are form fields on upload). */
export class UpdateImageDto {
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(3) bladePosition?: number | null;
  /** Blade path 1..8 = view index. */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(8) path?: number | null;
  @IsOptional() @IsInt() @Min(-999) @Max(99) chamber?: number;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) section?: string | null;
  @IsOptional() @IsInt() @Min(0) sortIndex?: number;
  /** Metres from the blade root: -5 .. blade length, at most 2 decimals (number or text). */
  @IsOptional() distanceToRoot?: number | string | null;
  @IsOptional() @IsBoolean() isActive?: boolean;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) keyPartTag?: string | null;
}

export const VIEW_ORDERS = ['LEADING_EDGE_FIRST', 'TRAILING_EDGE_FIRST', 'MIDDLE_FIRST'] as const;
export class ViewOrderDto {
  @IsOptional() @IsIn(VIEW_ORDERS) viewOrder?: (typeof VIEW_ORDERS)[number];
}
