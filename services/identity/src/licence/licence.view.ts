import { ApiProperty } from '@nestjs/swagger';

/** The licence in force as identity verified it just now. */
export class LicenceView {
  /** `valid`, `expired`, `invalid` (the stored file no longer verifies against a trusted key) or `missing`. */
  @ApiProperty({ enum: ['valid', 'expired', 'invalid', 'missing'] })
  status!: 'valid' | 'expired' | 'invalid' | 'missing';
  licenceId!: string | null;
  customer!: string | null;
  issuedAt!: string | null;
  expiresAt!: string | null;
  /** Turbines the whole platform may hold. */
  maxTurbines!: number | null;
  modules!: string[];
  installedAt!: string | null;
}
