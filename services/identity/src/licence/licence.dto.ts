import { IsString, MaxLength, MinLength } from 'class-validator';

/** Installs a licence file (its text, as `npm run licence -- issue` wrote it). */
export class InstallLicenceDto {
  /** The licence file's content. */
  @IsString() @MinLength(1) @MaxLength(20000) licence!: string;
}
