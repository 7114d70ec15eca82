import { PageQueryDto } from '@windward/service-kit';
import { IsOptional, IsString } from 'class-validator';

/** Filter of the organization list (sort by organizationName, customerCount, pilotCount, createdAt). */
export class OrganizationListQuery extends PageQueryDto {
  /** Part of the name. */
  @IsOptional() @IsString() organizationName?: string;
}

export class SaveOrganizationDto {
  /** 1 to 100 characters after trimming; unique, case-insensitively. */
  @IsString() organizationName!: string;
}
