import { ApiHideProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { PageQueryDto, QueryBoolean, QueryInt } from '@windward/service-kit';

/** Editable image attributes (JSON on PATCH; the same names are form fields on upload). */
export class UpdateImageDto {
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(3) bladePosition?: number | null;
  /** Blade path 1..8 = view index. */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(8) path?: number | null;
  @IsOptional() @IsInt() @Min(-999) @Max(99) chamber?: number;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) section?: string | null;
  @IsOptional() @IsInt() @Min(0) sortIndex?: number;
  /** Metres from the blade root: -5 .. blade length, at most 2 decimals (number or text). */
  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true })
  @IsOptional() distanceToRoot?: number | string | null;
  @IsOptional() @IsBoolean() isActive?: boolean;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) keyPartTag?: string | null;
}

/** Multipart form fields are text: '' clears a field, integers and flags are read from the text. */
const FormText = () => Transform(({ value }: { value: unknown }) => (value === '' ? null : value));
const FormInt = () =>
  Transform(({ value }: { value: unknown }) => (value === '' ? null : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value));
const FormBoolean = () =>
  Transform(({ value }: { value: unknown }) => (value === '' ? null : value === 'true' ? true : value === 'false' ? false : value));

/** `POST /inspections/{id}/images` (multipart/form-data): the photo and the attributes of PATCH as form fields. */
export class UploadImageDto {
  /** The multipart file part (read by the upload interceptor; documented by the route's `@ApiFileBody`). */
  @ApiHideProperty()
  @IsOptional()
  file?: unknown;
  @IsOptional() @FormInt() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(3) bladePosition?: number | null;
  /** Blade path 1..8 = view index. */
  @IsOptional() @FormInt() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(1) @Max(8) path?: number | null;
  @IsOptional() @FormInt() @IsInt() @Min(-999) @Max(99) chamber?: number;
  @IsOptional() @FormText() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) section?: string | null;
  @IsOptional() @FormInt() @IsInt() @Min(0) sortIndex?: number;
  /** Metres from the blade root: -5 .. blade length, at most 2 decimals. */
  @IsOptional() @FormText() distanceToRoot?: string | null;
  @IsOptional() @FormBoolean() @IsBoolean() isActive?: boolean;
  @IsOptional() @FormText() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(100) keyPartTag?: string | null;
}

export const VIEW_ORDERS = ['LEADING_EDGE_FIRST', 'TRAILING_EDGE_FIRST', 'MIDDLE_FIRST'] as const;

/** Images of an inspection in gallery order (the only sort field: `gallery`). */
export class ImageListQuery extends PageQueryDto {
  /** SPEC §3 view sort order (default LEADING_EDGE_FIRST). */
  @IsOptional() @IsIn(VIEW_ORDERS) viewOrder?: (typeof VIEW_ORDERS)[number];
  @IsOptional() @QueryInt() @IsInt() bladePosition?: number;
  /** View index 1..8. */
  @IsOptional() @QueryInt() @IsInt() path?: number;
  @IsOptional() @QueryInt() @IsInt() chamber?: number;
  @IsOptional() @QueryBoolean() @IsBoolean() isActive?: boolean;
}
