import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';

/** Largest save: every image of a big inspection in one request. */
export const MAX_IMAGES_PER_SAVE = 5000;

/**
 * One image in a path save (SPEC §3 image "on submit"). `sortIndex` and the target path always
 * apply; `isActive`, `distanceToRoot` and `keyPartTag` only when `isEdit` is true, so a client
 * sending the order of images it did not touch never overwrites their attributes.
 */
export class SavePathImageDto {
  /** Checked in the service (-10015 for an unknown or foreign image), not as a uuid here. */
  @IsString() @MaxLength(64) guid!: string;
  /** Position in the target path; missing → -10012. */
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @Min(0) sortIndex?: number | null;
  /** Metres from the root: -5 .. blade length, at most 2 decimals (number or text), null clears. */
  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true })
  @IsOptional()
  distanceToRoot?: number | string | null;
  @IsOptional() @IsBoolean() isActive?: boolean;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() keyPartTag?: string | null;
  @IsOptional() @IsBoolean() isEdit?: boolean;
  /** Target path when the image moves there (default: the path being saved). */
  @IsOptional() @IsString() @MaxLength(64) pathGuid?: string;
}

export class SavePathDto {
  @IsArray()
  @ArrayMaxSize(MAX_IMAGES_PER_SAVE)
  @ValidateNested({ each: true })
  @Type(() => SavePathImageDto)
  images!: SavePathImageDto[];
}
