import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { ALL_RIGHTS } from '@windward/contracts';
import { PageQueryDto, QueryBoolean } from '@windward/service-kit';
import { IsBoolean } from 'class-validator';

/** Registers a machine client. Rights and scope may not exceed the administrator's own. */
export class CreateMachineClientDto {
  /** 1 to 100 characters, e.g. "Drone ingestion – fleet A". */
  @IsString() @MinLength(1) @MaxLength(100) name!: string;

  /** Right keys its tokens carry (default: `dataIntegration.edit`, enough to create upload tasks and upload). */
  @ApiPropertyOptional({ type: [String], enum: ALL_RIGHTS })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsIn([...ALL_RIGHTS], { each: true })
  rights?: string[];

  /** Customers it may work for; absent or null = every customer (only for an administrator who has every customer). */
  @ApiPropertyOptional({ type: [String], nullable: true })
  @IsOptional()
  @IsArray()
  @IsUUID('all', { each: true })
  customerIds?: string[] | null;

  /** Wind parks it may work in; absent or null = every park of its customers. */
  @ApiPropertyOptional({ type: [String], nullable: true })
  @IsOptional()
  @IsArray()
  @IsUUID('all', { each: true })
  parkIds?: string[] | null;
}

/** Machine client list: paged, filter by name and revoked; sort by name, createdAt (default, newest first), lastUsedAt. */
export class MachineClientListQuery extends PageQueryDto {
  /** Part of the name or client id. */
  @IsOptional() @IsString() keyword?: string;

  /** true: only revoked ones; false: only active ones. */
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  revoked?: boolean;
}
