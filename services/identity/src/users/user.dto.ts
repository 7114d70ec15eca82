import { PageQueryDto, QueryBoolean, QueryInt } from '@windward/service-kit';
import {
  IsArray,
  IsBoolean,
  IsDateString,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
} from 'class-validator';

export class CreateUserDto {
  @IsString() username!: string;
  @IsString() password!: string;
  @IsString() @MinLength(1) @MaxLength(64) displayName!: string;
  @IsOptional() @IsEmail() @MaxLength(254) email?: string | null;
  @IsArray() @IsInt({ each: true }) roles!: number[];
  @IsOptional() @IsUUID() organizationId?: string | null;
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) customerIds?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) parkIds?: string[];
  @IsOptional() @IsBoolean() active?: boolean;
  @IsOptional() @IsDateString() validUntil?: string | null;
}

/** PUT /users/{id}: every field optional; what is sent replaces the stored value. */
export class UpdateUserDto {
  @IsOptional() @IsString() username?: string;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(64) displayName?: string;
  @IsOptional() @IsEmail() @MaxLength(254) email?: string | null;
  @IsOptional() @IsArray() @IsInt({ each: true }) roles?: number[];
  @IsOptional() @IsUUID() organizationId?: string | null;
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) customerIds?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) parkIds?: string[];
  @IsOptional() @IsDateString() validUntil?: string | null;
}

export class SetActiveDto {
  @IsBoolean() active!: boolean;
}

/** Admin reset; `newPassword` is accepted as an alias, `confirmPassword` must match when sent. */
export class ResetPasswordDto {
  @IsOptional() @IsString() password?: string;
  @IsOptional() @IsString() newPassword?: string;
  @IsOptional() @IsString() confirmPassword?: string;
}

/** Data permissions (SPEC §6): customer scope and wind park scope. */
export class AuthDataDto {
  @IsArray() @IsUUID('all', { each: true }) customerIds!: string[];
  @IsArray() @IsString({ each: true }) parkIds!: string[];
}

/** Per-user rights; `null` goes back to the defaults of the user's roles. */
export class SetRightsDto {
  @IsOptional() @IsArray() @IsString({ each: true }) rights!: string[] | null;
}

/** Filters of the user list (besides paging and sorting). */
export class UserListQuery extends PageQueryDto {
  /** Matches username, display name or e-mail. */
  @IsOptional() @IsString() keyword?: string;
  @IsOptional() @IsString() username?: string;
  @IsOptional() @QueryInt() @IsInt() roleId?: number;
  @IsOptional() @IsUUID() organizationId?: string;
  @IsOptional() @IsUUID() customerId?: string;
  @IsOptional() @QueryBoolean() @IsBoolean() active?: boolean;
}

/** Filters of the task handler list (besides paging; sort by username or displayName). */
export class TaskHandlerQuery extends PageQueryDto {
  @IsOptional() @IsUUID() organizationId?: string;
  /** Only users who may handle tasks of this customer: administrators, and staff assigned to it. */
  @IsOptional() @IsUUID() customerId?: string;
  /** Only users who may handle tasks of this wind park (no park list = every park of their customers). */
  @IsOptional() @IsString() windFarmId?: string;
  /** Matches username or display name. */
  @IsOptional() @IsString() keyword?: string;
}

/** Paging of a user's organization's pilots (sort by username or displayName). */
export class PilotQuery extends PageQueryDto {}

export class AuthDataQuery {
  /** The user whose data permissions are shown. */
  @IsString() @IsNotEmpty() userId!: string;
}
