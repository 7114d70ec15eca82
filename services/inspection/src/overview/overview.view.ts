import { ImageView } from '../images/image.view.js';
import { InspectionView } from '../inspections/inspection.view.js';
import { LpsMeasurementView } from '../lps/lps.view.js';

/** Defects of one inspection by severity (suggestions and review-deleted defects left out). */
export class OverviewSeverityCountsView {
  /** Defects without a severity yet ("TBD", colour level 1). */
  tbd!: number;
  /** Index = severity 0..5. */
  bySeverity!: number[];
  total!: number;
  /** Highest severity (null: none rated). */
  worstSeverity!: number | null;
  /** SPEC §3 blade colour level 0..8 of the worst defect (0: no defect, 1: only TBD ones). */
  worstLevel!: number;
}

/** One LPS receptor of a blade: passes when every side's reading lies within its bounds. */
export class LpsReceptorView {
  bladePosition!: number;
  receptorId!: string;
  pass!: boolean;
  /** "PS 0.125", "SS OC", … */
  readings!: string[];
}

export class LpsSummaryView {
  passed!: number;
  failed!: number;
  receptors!: LpsReceptorView[];
}

/** A turbine's latest inspection of one component. */
export class OverviewComponentView {
  componentType!: number;
  inspectionId!: string;
  /** YYYY-MM-DD */
  inspectionDate!: string;
  packageType!: number;
  imageCount!: number;
  counts!: OverviewSeverityCountsView;
  /** LPS inspections only. */
  lps!: LpsSummaryView | null;
}

export class OverviewTurbineView {
  turbineId!: string;
  turbineName!: string;
  serialNumber!: string | null;
  /** Worst colour level over the components shown. */
  worstLevel!: number;
  /** Only components that were inspected. */
  components!: OverviewComponentView[];
}

/** Park-wide figures of one component. */
export class OverviewComponentTotalsView {
  componentType!: number;
  inspectedTurbines!: number;
  counts!: OverviewSeverityCountsView;
  lpsPassed!: number;
  lpsFailed!: number;
}

/** The wind farm overview's results: every turbine of the park with its latest inspection per component. */
export class ParkOverviewView {
  windFarmId!: string;
  windFarmName!: string;
  /** The components the caller may see (and asked for), in display order. */
  componentTypes!: number[];
  turbineCount!: number;
  totals!: OverviewComponentTotalsView[];
  turbines!: OverviewTurbineView[];
}

/** One inspection on the component page: its photos (active ones), defect counts and LPS readings. */
export class ComponentInspectionView {
  inspection!: InspectionView;
  images!: ImageView[];
  counts!: OverviewSeverityCountsView;
  lps!: LpsMeasurementView[];
}

/** The component page: a turbine's inspections of one component, the chosen one and the one it is compared with. */
export class ComponentResultsView {
  turbineId!: string;
  turbineName!: string;
  windFarmId!: string;
  windFarmName!: string;
  componentType!: number;
  /** The caller may change this component's inspections (SPEC §6 edit right). */
  canEdit!: boolean;
  /** Newest first. */
  inspections!: InspectionView[];
  current!: ComponentInspectionView | null;
  previous!: ComponentInspectionView | null;
}
