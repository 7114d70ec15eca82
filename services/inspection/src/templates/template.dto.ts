import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** A defect template item: a type, a severity result (with its level) or a recommendation. */
export class AddTemplateItemDto {
  /** Required (REQUIRED when blank); at most 100 characters, 500 for recommendations; unique per kind (case-insensitive). */
  @ApiProperty() @IsOptional() @IsString() name!: string;
  /** Severity level 0..5 (severities only, required there). */
  @IsOptional() @IsInt() @Min(0) @Max(5) level?: number;
}

/** An LPS template: resistance bounds in ohm (at most 3 decimals, min ≤ max). */
export class AddLpsTemplateDto {
  /** Required (REQUIRED when blank); at most 100 characters; unique per customer (case-insensitive). */
  @ApiProperty() @IsOptional() @IsString() name!: string;
  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true, required: false })
  @IsOptional()
  minOhm?: number | string | null;
  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true, required: false })
  @IsOptional()
  maxOhm?: number | string | null;
}
