import { PageOf } from '@windward/service-kit';

/** One of a turbine's three blades, with its blade type's length and width. */
export class BladeView {
  bladeId!: string;
  /** 1, 2 or 3. */
  position!: number;
  name!: string;
  serialNumber!: string;
  /** Blade length in m (from the blade type); null without a blade type. */
  length!: number | null;
  width!: number | null;
}

/** A device of a turbine (SPEC §3 device info); `id` is its number within the turbine. */
export class DeviceView {
  id!: number;
  guid!: string;
  bizId!: string | null;
  serialNumber!: string | null;
  displayName!: string;
}

/** Which of the turbine's devices inspect which component for a package type. */
export class AssetConfigView {
  packageType!: number;
  /** Part-2 component coding, derived from the package type. */
  componentType!: number;
  devices!: DeviceView[];
}

/** An inspection of the turbine (from inspection's events), newest first. */
export class TurbineInspectionView {
  inspectionId!: string;
  /** Same as `inspectionId`. */
  inspectionGuid!: string;
  packageType!: number;
  componentType!: number;
  /** The "Latest" inspection of its component on this turbine. */
  isActive!: boolean;
  inspectionDate!: Date;
}

/** SPEC §3 turbine data with its component types' names, blades, devices, asset configs and activity. */
export class TurbineView {
  turbineId!: string;
  /** Same as `turbineId`. */
  turbineGuid!: string;
  turbineName!: string;
  serialNumber!: string | null;
  /** Pipeline state (contracts TurbinePipelineState). */
  turbineStatus!: number;
  /** Generator type (the turbine type). */
  turbineTypeGuid!: string | null;
  turbineTypeName!: string | null;
  bladeTypeGuid!: string | null;
  bladeTypeName!: string | null;
  nacelleTypeGuid!: string | null;
  nacelleTypeName!: string | null;
  towerTypeGuid!: string | null;
  towerTypeName!: string | null;
  foundationTypeGuid!: string | null;
  foundationTypeName!: string | null;
  windfarmId!: string;
  latitude!: number | null;
  longitude!: number | null;
  blades!: BladeView[];
  devices!: DeviceView[];
  assetConfigs!: AssetConfigView[];
  inspectionCount!: number;
  defectCount!: number;
  lastInspectionTime!: Date | null;
  /** Single-turbine reads, writes and all-turbines only (not the paged lists). */
  inspections?: TurbineInspectionView[];
}

export class TurbinePage extends PageOf(TurbineView) {}

/** Answer of a turbine rename: the new name and the inspections that went along. */
export class TurbineRenamedView {
  turbineId!: string;
  turbineName!: string;
  inspectionGuids!: string[];
}

/** Answer of an inspection move. */
export class InspectionsMovedView {
  inspectionGuids!: string[];
  fromTurbineId!: string;
  toTurbineId!: string;
}
