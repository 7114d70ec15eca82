/** An entry of the park lists (docs/asset.md "Park list entry"): an active park in scope and its latest project. */
export class ParkListEntryView {
  /** The park id (same as `windFarmId`). */
  id!: string;
  windFarmId!: string;
  windFarmName!: string;
  customerId!: string;
  /** The park's latest project of the list's kind; null when it has none. */
  projectId!: string | null;
  projectName!: string | null;
  lastInspectionTime!: Date | null;
  latitude!: number | null;
  longitude!: number | null;
}

/** A park inspected for the requested component. */
export class InspectedFarmView extends ParkListEntryView {
  /** "<park> (YYYY-MM-DD)" with the day of its newest matching inspection. */
  inspectionLabel!: string;
}

/** A park of a project that holds campaigns. */
export class CampaignParkView extends ParkListEntryView {
  /** The campaign types of the park's project. */
  campaignTypes!: number[];
}

/** An inspection data config; the one named "LPS" supplies the LPS config id. */
export class InspectionDataConfigView {
  id!: string;
  name!: string;
  /** Part-2 component coding. */
  componentType!: number;
}
