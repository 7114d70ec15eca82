import { IsIn, IsInt, IsOptional, IsUUID } from 'class-validator';
import { PageQueryDto, QueryInt } from '@windward/service-kit';

/** Projects on the dashboard (default: in progress); sortable by projectName. */
export class ProgressQuery extends PageQueryDto {
  @IsOptional() @IsUUID() projectId?: string;
  @IsOptional() @QueryInt() @IsInt() @IsIn([1, 2, 3]) projectStatusType?: number;
}
