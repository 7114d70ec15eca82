import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { PageQueryDto } from '@windward/service-kit';

/** Body of POST …/investigation/campaigns. */
export class CreateInvestigationDto {
  @IsString() @MinLength(1) @MaxLength(100) name!: string;
  @IsUUID() windFarmId!: string;
  @IsArray() @ArrayMaxSize(1000) @IsUUID('all', { each: true }) defectIds!: string[];
}

/** Body of POST …/investigation/campaigns/{id}/defects. */
export class AddInvestigationDefectsDto {
  @IsArray() @ArrayMaxSize(1000) @IsUUID('all', { each: true }) defectIds!: string[];
}

/** Body of PUT …/investigation/campaigns/{id}/status: 1 to be investigated, 2 under investigation, 3 investigated. */
export class InvestigationStatusDto {
  @IsInt() @IsIn([1, 2, 3]) status!: number;
}

/** The pool: defects of a park not in any investigation campaign. */
export class InvestigationPoolQuery extends PageQueryDto {
  @IsOptional() @IsUUID() windFarmId?: string;
}

export class InvestigationListQuery extends PageQueryDto {
  @IsOptional() @IsUUID() windFarmId?: string;
}

/** A campaign's defects, paged and sorted on the server. */
export class InvestigationDefectsQuery extends PageQueryDto {}

/**
 * Body of PUT …/investigation/campaigns/{id}/defects/{defectId}: the defect's outcome
 * (1 confirmed, 2 not confirmed, 3 inconclusive; null clears it) and the engineer's notes.
 * Fields left out keep what is stored.
 */
export class InvestigationResultDto {
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt() @IsIn([1, 2, 3]) result?: number | null;
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString() @MaxLength(2000) notes?: string | null;
}
