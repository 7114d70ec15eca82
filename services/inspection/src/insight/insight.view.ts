import { ApiProperty } from '@nestjs/swagger';
import { HealthLevel } from '@windward/contracts';

/** A turbine's health (SPEC §9 applied to its own past-year defects). */
export class TurbineHealthView {
  turbineId!: string;
  turbineName!: string;
  @ApiProperty({ enum: Object.values(HealthLevel) }) level!: HealthLevel;
  /** Highest counted severity of the past year (null: no defect). */
  maxSeverity!: number | null;
  /** Inspections of the past year. */
  inspections!: number;
  lastInspectionDate!: string | null;
}

/** A park's health and the figures the rule used. */
export class ParkHealthView {
  windFarmId!: string;
  name!: string;
  @ApiProperty({ enum: Object.values(HealthLevel) }) level!: HealthLevel;
  /** First day of the past-year window (YYYY-MM-DD). */
  windowFrom!: string;
  /** Turbines of the park. */
  turbineCount!: number;
  /** Turbines with O&M (an inspection) in the past year: the rule's population. */
  inspectedTurbines!: number;
  /** Of those, turbines with a defect above level 2. */
  turbinesAboveLevel2!: number;
  /** Of those, turbines at level 4 or higher. */
  turbinesLevel4OrHigher!: number;
  /** turbinesLevel4OrHigher / inspectedTurbines (0..1; 0 without inspected turbines). */
  level4Share!: number;
  @ApiProperty({ type: () => [TurbineHealthView] }) turbines!: TurbineHealthView[];
}

/** Parks' health without their turbines (overview). */
export class ParkHealthSummaryView {
  windFarmId!: string;
  name!: string;
  @ApiProperty({ enum: Object.values(HealthLevel) }) level!: HealthLevel;
  inspectedTurbines!: number;
  turbineCount!: number;
  level4Share!: number;
}

export class ParkHealthListView {
  @ApiProperty({ type: () => [ParkHealthSummaryView] }) results!: ParkHealthSummaryView[];
}

/** Counts per severity 0..5 (index) and of defects without severity. */
export class SeverityCountsView {
  @ApiProperty({ type: [Number], minItems: 6, maxItems: 6 }) severities!: number[];
  unrated!: number;
  total!: number;
}

export class KeyedCountsView extends SeverityCountsView {
  key!: string;
}

export class TurbineCountsView extends SeverityCountsView {
  turbineId!: string;
  turbineName!: string;
}

export class ZoneCountsView extends SeverityCountsView {
  /** Zone start (m from the root); the zone is [zone, zone + zoneM). */
  zone!: number;
}

export class ErosionCountsView extends SeverityCountsView {
  inspectionDate!: string;
  zone!: number;
}

export class TurbineErosionView {
  turbineId!: string;
  turbineName!: string;
  @ApiProperty({ type: () => [ErosionCountsView] }) zones!: ErosionCountsView[];
}

/** Leading-edge erosion per inspection date and zone, over the park and per turbine. */
export class ErosionInsightView {
  @ApiProperty({ type: () => [ErosionCountsView] }) park!: ErosionCountsView[];
  @ApiProperty({ type: () => [TurbineErosionView] }) turbines!: TurbineErosionView[];
}

/** The data insight of one park (active inspections; counted defects). */
export class ParkInsightView {
  windFarmId!: string;
  zoneM!: number;
  @ApiProperty({ type: () => SeverityCountsView }) bySeverity!: SeverityCountsView;
  @ApiProperty({ type: () => [KeyedCountsView] }) byType!: KeyedCountsView[];
  /** key = component type code. */
  @ApiProperty({ type: () => [KeyedCountsView] }) byComponent!: KeyedCountsView[];
  @ApiProperty({ type: () => [TurbineCountsView] }) perTurbine!: TurbineCountsView[];
  @ApiProperty({ type: () => [ZoneCountsView] }) bladeZones!: ZoneCountsView[];
  @ApiProperty({ type: () => ErosionInsightView }) leadingEdgeErosion!: ErosionInsightView;
}
