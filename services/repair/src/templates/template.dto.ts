import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { PageQueryDto } from '@windward/service-kit';

/** One step of a repair-step template. Empty values are refused by the service with their own codes (-13005, -13006). */
export class RepairStepDto {
  @IsOptional() @IsString() @MaxLength(100) name?: string;
  @IsOptional() @IsString() @MaxLength(1000) description?: string;
}

/** Body of POST/PUT repair templates. Missing name/steps are refused with -13008/-13002, not a generic validation error. */
export class SaveRepairTemplateDto {
  @IsOptional() @IsString() @MaxLength(100) name?: string;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => RepairStepDto) steps?: RepairStepDto[];
}

/** Paging and sorting (name, updatedAt) with an optional name filter. */
export class RepairTemplateListQuery extends PageQueryDto {
  @IsOptional() @IsString() @MaxLength(100) name?: string;
}
