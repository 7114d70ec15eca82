import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

const NUMBER_OR_TEXT: ApiPropertyOptions = { oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true, required: false };

/**
 * One LPS resistance reading. Bounds come from the customer's LPS template (`templateId`) or are
 * given with the reading (`minOhm`/`maxOhm`). Reading, ring count and bounds are checked by the
 * service with the catalogue's codes (INVALID_OHM_VALUE, NON_NEGATIVE_INTEGER_REQUIRED, -12004, …).
 */
export class AddLpsMeasurementDto {
  /** Blade 1..3. */
  @IsInt() @Min(1) @Max(3) bladePosition!: number;
  /** Required (REQUIRED when blank); at most 50 characters. */
  @ApiProperty() @IsOptional() @IsString() receptorId!: string;
  @ApiProperty({ enum: ['PS', 'SS'] }) @IsIn(['PS', 'SS']) side!: 'PS' | 'SS';
  /** Ohm with at most 3 decimals, or "OC" (open circuit). */
  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }] }) @IsOptional() reading!: number | string;
  /** A non-negative integer. */
  @ApiProperty(NUMBER_OR_TEXT) @IsOptional() ringCount?: number | string | null;
  /** An LPS template of the inspection's customer (-12004 otherwise). */
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, required: false }) @IsOptional() templateId?: string | null;
  @ApiProperty(NUMBER_OR_TEXT) @IsOptional() minOhm?: number | string | null;
  @ApiProperty(NUMBER_OR_TEXT) @IsOptional() maxOhm?: number | string | null;
}
