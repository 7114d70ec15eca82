import { IsOptional, IsString } from 'class-validator';

/**
 * Own password change (form-encoded or JSON). Missing fields count as empty, so the password
 * rules answer (PASSWORD_RULE, SAME_NEW_PASSWORD, PASSWORDS_DO_NOT_MATCH, INVALID_OLD_PASSWORD).
 */
export class ChangePasswordDto {
  @IsOptional() @IsString() oldPassword?: string;
  @IsOptional() @IsString() newPassword?: string;
  /** Must equal `newPassword` when sent. */
  @IsOptional() @IsString() confirmPassword?: string;
}
