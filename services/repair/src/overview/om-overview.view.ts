import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';

/** Open defects of one repair priority (contracts `RepairPriority`, 1 immediately … 4 within 6 months). */
export class OpenByPriorityView {
  @ApiProperty({ enum: [1, 2, 3, 4] })
  repairPriority!: number;
  count!: number;
}

/** What the O&M overview counts, for a whole customer (the cards) or one park (a row). */
export class OmCountsView {
  turbineCount!: number;
  /** Regular defects of each turbine's latest inspection per component, not DPS-deleted, not repaired. */
  openDefects!: number;
  openByPriority!: OpenByPriorityView[];
  /** Open defects without a repair priority. */
  openWithoutPriority!: number;
  /** Repair campaigns not started. */
  campaignsPlanned!: number;
  campaignsOngoing!: number;
  campaignsDone!: number;
  /** Turbines with no inspection since `windowFrom` (never inspected included). */
  inspectionsDue!: number;
}

/** The KPI cards of GET om-overview. */
export class OmOverviewView extends OmCountsView {
  customerId!: string;
  parkCount!: number;
  /** First day of the past 12 months (the database's today minus 12 months): an inspection on or after it is recent. */
  windowFrom!: string;
}

/** One park of GET om-overview/parks. */
export class OmParkView extends OmCountsView {
  windFarmId!: string;
  windFarmName!: string;
  /** The park's most recent inspection date, null when none. */
  lastInspectionDate!: string | null;
}

export class OmParkPage extends PageOf(OmParkView) {}
