import { ApiProperty } from '@nestjs/swagger';

/** The licence's turbine quota as asset enforces it (from identity.licence.changed) and the turbines it counts. */
export class LicenceUsageView {
  /** Turbines on the platform (all customers). */
  turbinesUsed!: number;
  /** The quota asset enforces; null while asset has heard of no licence. */
  maxTurbines!: number | null;
  /** `valid`, `expired`, `invalid`, or `unknown` while asset has heard of no licence. */
  @ApiProperty({ enum: ['valid', 'expired', 'invalid', 'unknown'] })
  status!: 'valid' | 'expired' | 'invalid' | 'unknown';
}
