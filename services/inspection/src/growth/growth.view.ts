import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';

/** One inspection's measure of a defect in its timeline chain. */
export class GrowthPointView {
  defectId!: string;
  inspectionDate!: string;
  severity!: number | null;
  /** Area (length × width) or the larger side, m; null when not measured. */
  size!: number | null;
}

/** A defect linked across inspections with its growth per month and the suggested upgrade. */
export class DefectGrowthView {
  /** The newest defect of the chain (the active inspection's). */
  defectId!: string;
  defectNo!: string;
  defectType!: string;
  turbineId!: string;
  turbineName!: string;
  bladePosition!: number | null;
  distanceToRoot!: number | null;
  severity!: number | null;
  repairPriority!: number | null;
  /** Oldest first. */
  @ApiProperty({ type: () => [GrowthPointView] }) history!: GrowthPointView[];
  months!: number;
  /** Size growth in % of the first measure per month (null without two sizes). */
  sizeGrowthPctPerMonth!: number | null;
  /** Severity levels gained per month. */
  severityPerMonth!: number;
  /** Suggested upgrade when growth passes the rate and no engineer has decided yet. */
  suggestedSeverity!: number | null;
  suggestedPriority!: number | null;
  @ApiProperty({ enum: ['ACCEPTED', 'DISMISSED'], nullable: true }) decision!: 'ACCEPTED' | 'DISMISSED' | null;
}

export class DefectGrowthPage extends PageOf(DefectGrowthView) {
  /** The rate used (% per month). */
  rate!: number;
}
