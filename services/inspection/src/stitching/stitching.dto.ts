import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsInt, IsNumber, IsObject, IsOptional, IsString, Max, Min } from 'class-validator';
import { QueryInt } from '@windward/service-kit';

/** Manual offsets in source pixels, per image id: integers within ±MAX_OFFSET_PX (checked by the service). */
const OFFSETS_SCHEMA = {
  type: 'object',
  additionalProperties: { type: 'object', required: ['dx', 'dy'] as string[], properties: { dx: { type: 'integer' }, dy: { type: 'integer' } } },
  description: '`{imageId: {dx, dy}}` in source pixels; a zero offset is not kept.',
} as const;

/** Stitches a path (again). Omitted pixel size / offsets keep what the panorama had. */
export class RequestPanoramaDto {
  /** Blade 1..3. */
  @IsInt() @Min(1) @Max(3) bladePosition!: number;
  /** View index 1..8. */
  @IsInt() @Min(1) @Max(8) pathViewIndex!: number;
  /** Default 0. */
  @IsOptional() @IsInt() @Min(-999) @Max(99) chamber?: number | null;
  /** Millimetres per panorama pixel: > 0, ≤ 1000, at most 4 decimals. */
  @IsOptional() @IsNumber() pixelSizeMm?: number | null;
  @ApiPropertyOptional({ ...OFFSETS_SCHEMA, nullable: true })
  @IsOptional()
  @IsObject()
  offsets?: Record<string, unknown> | null;
}

/** Replaces the manual offsets (an empty object clears them). */
export class PanoramaOffsetsDto {
  @ApiProperty(OFFSETS_SCHEMA)
  @IsObject()
  offsets!: Record<string, unknown>;
}

export class PanoramaListQuery {
  /** Blade 1..3. */
  @IsOptional() @QueryInt() @IsInt() @Min(1) @Max(3) bladePosition?: number;
}

/** `?v=` names a run: its files never change (cached for a day); another run's `v` is a 404. */
export class PanoramaFileQuery {
  @IsOptional() @IsString() v?: string;
}
