import { PageOf } from '@windward/service-kit';

/** A wind park as the park list and the park detail show it (docs/asset.md "Park"). */
export class PlantView {
  windFarmId!: string;
  windFarmName!: string;
  customerId!: string;
  /** The customer's name from identity's events; null while asset does not know it. */
  customerName!: string | null;
  latitude!: number | null;
  longitude!: number | null;
  province!: string | null;
  city!: string | null;
  region!: string | null;
  /** Installed capacity in MW. */
  capacity!: number | null;
  turbineCount!: number;
  /** Newest inspection of any of the park's turbines; null when it has none. */
  lastInspectionTime!: Date | null;
  /** Inactive parks stay in the registry but leave the park lists. */
  active!: boolean;
}

export class PlantPage extends PageOf(PlantView) {}

/** The newest inspection of a park (any component). */
export class LastInspectionInfoView {
  windFarmId!: string;
  lastInspectionTime!: Date;
  inspectionId!: string;
  turbineId!: string;
  packageType!: number;
}

/** A project covering the park (delivery's read model). */
export class ParkProjectView {
  projectId!: string;
  projectName!: string;
  /** Delivery's project status code. */
  projectStatusType!: number;
  projectType!: number | null;
  /** true for O&M (operation) projects. */
  operation!: boolean;
  campaignTypes!: number[];
}

export class ParkProjectPage extends PageOf(ParkProjectView) {}
