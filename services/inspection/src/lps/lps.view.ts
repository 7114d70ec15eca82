import { ApiProperty } from '@nestjs/swagger';

/** An LPS resistance reading with its bounds and the in-range judgement. */
export class LpsMeasurementView {
  id!: string;
  inspectionId!: string;
  bladePosition!: number;
  receptorId!: string;
  @ApiProperty({ enum: ['PS', 'SS'] }) side!: 'PS' | 'SS';
  /** As entered: ohm text or "OC". */
  reading!: string;
  ohm!: number | null;
  openCircuit!: boolean;
  minOhm!: number | null;
  maxOhm!: number | null;
  ringCount!: number | null;
  templateId!: string | null;
  /** An open circuit never passes; a reading passes when it lies within the bounds it has. */
  withinRange!: boolean;
}
