import type { TableAppliedPayload, TableCommittedPayload } from './import-tables.js';
import type { ChangeCounts } from './constants.js';
import type { ServiceName } from './services.js';

/**
 * Event names and payloads exchanged between services through the bus.
 *
 * WARNING: these names are topics (Kafka) and rows in the PostgreSQL log. Renaming one is a
 * breaking change for every consumer and for events already stored: add a new name, migrate
 * consumers, then retire the old one. Never change a payload silently: bump `version`.
 *
 * Naming: `<context>.<aggregate>.<past-tense-verb>`.
 */
export const EventTypes = {
  IdentityUserCreated: 'identity.user.created',
  IdentityUserUpdated: 'identity.user.updated',
  IdentityUserDeleted: 'identity.user.deleted',
  IdentityCustomerCreated: 'identity.customer.created',
  IdentityCustomerUpdated: 'identity.customer.updated',
  IdentityCustomerDeleted: 'identity.customer.deleted',
  IdentityOrganizationCreated: 'identity.organization.created',
  IdentityOrganizationUpdated: 'identity.organization.updated',
  IdentityOrganizationDeleted: 'identity.organization.deleted',
  IdentitySessionRevoked: 'identity.session.revoked',
  /** A user's roles, rights or data scope changed: access tokens of older versions are outdated. */
  IdentityUserAccessChanged: 'identity.user.access-changed',
  IdentityMachineClientRevoked: 'identity.machine-client.revoked',
  /** The platform licence was installed, or verified at identity's start (docs/licence.md). */
  IdentityLicenceChanged: 'identity.licence.changed',

  AssetParkCreated: 'asset.park.created',
  AssetParkUpdated: 'asset.park.updated',
  AssetTurbineCreated: 'asset.turbine.created',
  AssetTurbineUpdated: 'asset.turbine.updated',
  AssetTurbineRenamed: 'asset.turbine.renamed',
  AssetTurbineMoved: 'asset.turbine.moved',
  AssetTurbineDeleted: 'asset.turbine.deleted',

  ImportUploadCreated: 'import.upload.created',
  ImportUploadCompleted: 'import.upload.completed',
  // Spreadsheet import (issue #20): the whole verified batch in one event, applied by inspection in one transaction.
  ImportSheetCommitted: 'import.sheet.committed',
  // LPS and template imports: one verified workbook, applied by inspection all or nothing.
  ImportTableCommitted: 'import.table.committed',

  InspectionInspectionCreated: 'inspection.inspection.created',
  InspectionInspectionUpdated: 'inspection.inspection.updated',
  InspectionImagesProcessed: 'inspection.images.processed',
  InspectionDefectCreated: 'inspection.defect.created',
  InspectionDefectUpdated: 'inspection.defect.updated',
  InspectionDefectDeleted: 'inspection.defect.deleted',
  InspectionPathSaved: 'inspection.path.saved',
  InspectionTimelineLinked: 'inspection.timeline.linked',
  InspectionTimelineUnlinked: 'inspection.timeline.unlinked',
  /** The timeline statuses and matches of an inspection's defects (the full set) after they changed. */
  InspectionTimelineChanged: 'inspection.timeline.changed',
  InspectionPanoramaCompleted: 'inspection.panorama.completed',
  InspectionPanoramaFailed: 'inspection.panorama.failed',
  InspectionLabelingChanged: 'inspection.labeling.changed',
  InspectionStitchingChanged: 'inspection.stitching.changed',
  // Answer to import.sheet.committed: the batch landed completely, or not at all (with the reason).
  InspectionLpsChanged: 'inspection.lps.changed',
  InspectionSheetApplied: 'inspection.sheet.applied',
  // Answer to import.table.committed, with every located finding when nothing landed.
  InspectionTableApplied: 'inspection.table.applied',
  /** A customer's defect template (types, severity results, recommendations) as a whole, after it changed. */
  InspectionDefectTemplateChanged: 'inspection.defect-template.changed',

  TaskflowTaskCreated: 'taskflow.task.created',
  TaskflowStageCompleted: 'taskflow.stage.completed',
  TaskflowTaskStatusChanged: 'taskflow.task.status-changed',
  TaskflowTurbineStatusChanged: 'taskflow.turbine.status-changed',
  TaskflowHandlerChanged: 'taskflow.task.handler-changed',

  RepairCampaignCreated: 'repair.campaign.created',
  RepairCampaignStatusChanged: 'repair.campaign.status-changed',
  RepairDefectRepaired: 'repair.defect.repaired',
  /** Any change of a defect's repair status inside a campaign (not started … fixed). */
  RepairDefectStatusChanged: 'repair.defect.status-changed',
  RepairCampaignDeleted: 'repair.campaign.deleted',

  DeliveryProjectCreated: 'delivery.project.created',
  DeliveryProjectStatusChanged: 'delivery.project.status-changed',
  DeliveryProjectUpdated: 'delivery.project.updated',
  DeliveryProjectDeleted: 'delivery.project.deleted',
  // Optional (added for task-flow's campaign rules): inspection campaigns as delivery keeps them.
  DeliveryCampaignCreated: 'delivery.campaign.created',
  DeliveryCampaignUpdated: 'delivery.campaign.updated',

  ReportTaskCompleted: 'report.task.completed',
} as const;
export type EventType = (typeof EventTypes)[keyof typeof EventTypes];
export const ALL_EVENT_TYPES: readonly EventType[] = Object.values(EventTypes);

/** Who caused an event: a user acting through a service, or the service itself. */
export interface EventActor {
  service: ServiceName;
  userId?: string;
}

/** The envelope every event travels in, whatever the bus adapter. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  /** Aggregate id: delivery is in order per key. */
  key: string;
  actor: EventActor;
  payload: T;
}

export interface UserEventPayload {
  userId: string;
  username: string;
  displayName: string;
  email: string | null;
  roles: number[];
  organizationId: string | null;
  customerIds: string[];
  parkIds: string[];
  active: boolean;
}
/** A customer's flow config for one component type (SPEC §3 "Flow config"). */
export interface CustomerFlowConfig {
  /** Part-2 component type. */
  componentType: number;
  /** Optional flow features switched on (`stitching`, `timeline`, `prelabel`). */
  features: string[];
  /** Task stage ids; when non-empty, stages of enabled features not listed here are skipped. */
  taskStages: number[];
}
export interface CustomerEventPayload {
  customerId: string;
  customerName: string;
  customerTypeId: number | null;
  organizationId: string | null;
  maxTurbines: number | null;
  /** Optional (added for task-flow): the customer's flow configs; absent = unknown, keep what is stored. */
  flowConfigs?: CustomerFlowConfig[];
}
/**
 * The platform licence as identity verified it (docs/licence.md). Services keep the latest one in
 * their own `licence_ref` and enforce its turbine quota; `valid: false` (tampered, or signed by an
 * untrusted key) blocks growth (new turbines, manual projects) but never hides or removes data.
 */
export interface LicenceChangedPayload {
  licenceId: string | null;
  customer: string | null;
  /** ISO date-time; after it the licence is expired. */
  expiresAt: string | null;
  /** Turbines the whole platform may hold. */
  maxTurbines: number | null;
  modules: string[];
  valid: boolean;
}
/**
 * A machine client (OAuth2 client credentials) was revoked: its tokens carry `sub = machineClientId`
 * and must be refused from now on by the services it could call (import).
 */
export interface MachineClientRevokedPayload {
  machineClientId: string;
  clientId: string;
  revokedAt: string;
}

export interface OrganizationEventPayload {
  organizationGuid: string;
  organizationName: string;
}
export interface DeletedPayload {
  id: string;
}
/**
 * A user's roles, rights or data scope changed (issue #16): every service refuses access tokens of
 * a lower access version (`av`) with ACCESS_CHANGED and closes their sockets. The session itself
 * goes on: the console renews its token (refresh grant) and reconnects with the new scope.
 */
export interface UserAccessChangedPayload {
  userId: string;
  /** The user's new access version (token claim `av`). */
  accessVersion: number;
}
/**
 * Sign-in sessions that ended (logout, replayed refresh token, password change or reset,
 * deactivation, deletion): every service refuses access tokens carrying these session ids
 * (`sid`) from now on and closes their sockets (issue #16).
 */
export interface SessionRevokedPayload {
  userId: string;
  sessionIds: string[];
  reason: 'logout' | 'replay' | 'password' | 'deactivated' | 'deleted';
}
export interface ParkEventPayload {
  windFarmId: string;
  windFarmName: string;
  customerId: string;
  active: boolean;
  latitude: number | null;
  longitude: number | null;
}
/** A blade as asset describes it in turbine events (added for inspection's distance-to-root bound). */
export interface TurbineBladePayload {
  /** 1..3, the blade's position on the rotor. */
  position: number;
  name: string;
  serialNumber: string;
  /** Length of the blade type in metres; null when the turbine has no blade type with a length. */
  length: number | null;
}
export interface TurbineEventPayload {
  turbineId: string;
  turbineName: string;
  windFarmId: string;
  serialNumber: string | null;
  /** Optional (added for inspection): the turbine's three blades; absent = unknown, keep what is stored. */
  blades?: TurbineBladePayload[];
}
export interface TurbineRenamedPayload {
  turbineId: string;
  turbineName: string;
  inspectionGuids: string[];
}
export interface TurbineMovedPayload {
  inspectionGuids: string[];
  fromTurbineId: string;
  toTurbineId: string;
}
/** SPEC §3 "Upload task creation". */
export interface UploadCreatedPayload {
  uploadTaskId: string;
  windfarmId: string;
  turbineName: string;
  inspectionDate: string;
  campaignId: string | null;
  /** Optional (added for task-flow): package type of the upload when import knows it. */
  packageType?: number | null;
  /** Optional (added for task-flow): the pilot who flew the inspection. */
  inspectionStaffId?: string | null;
  inspectionStaffName?: string | null;
}
/** SPEC §3 "Completing an upload". */
export interface UploadCompletedPayload {
  uploadTaskId: string;
  uploadFileUri: string;
  droneId: string | null;
  /** Optional (added for task-flow): drone logs that came with the upload (SPEC §3 "Task log item"). */
  logs?: UploadLogPayload[];
  // Optional (added for inspection's ingest, which consumes only this event): what the upload's
  // created event said, as import holds it at completion (turbine renames followed).
  windfarmId?: string;
  turbineId?: string | null;
  turbineName?: string;
  inspectionDate?: string;
  packageType?: number | null;
  campaignId?: string | null;
}
/**
 * The document `import.upload.completed.uploadFileUri` points at (`filestore:uploads/<id>/manifest.json`
 * in the shared file store): the verified photographs of the upload and where each belongs.
 */
export interface UploadManifest {
  version: 1;
  uploadTaskId: string;
  windfarmId: string;
  turbineId: string;
  turbineName: string;
  inspectionDate: string;
  packageType: number;
  images: UploadManifestImage[];
}
export interface UploadManifestImage {
  /** Key of the photo in the shared file store (`uploads/<id>/images/00001.jpg`). */
  fileKey: string;
  /** Name of the file and of its entry in the uploaded archive. */
  fileName: string;
  entryName: string;
  format: 'jpeg' | 'png';
  sizeBytes: number;
  width: number;
  height: number;
  bladePosition: number;
  /** Blade path 1..8 = view index. */
  path: number;
  /** Chamber code (contracts `Chamber`); null when the archive had no chamber folder. */
  chamber: number | null;
  /** 1-based order within its blade/path/chamber folder, by file name. */
  sortIndex: number;
}
export interface UploadLogPayload {
  logName: string;
  /** `DP`, `AFS` or `rosbag` (contracts `TaskLogType`). */
  logType: string;
  logFileUri: string;
}
/** One blade of a spreadsheet inspection (position 1..3 = A..C). */
export interface SheetBladePayload {
  position: number;
  bladeId: string;
  serialNumber: string;
}
/** One defect row of a spreadsheet inspection, as verified by import. */
export interface SheetDefectPayload {
  defectNo: string;
  bladePosition: number;
  defectType: string;
  severity: number | null;
  distanceToRoot: number | null;
  sizeLength: number | null;
  sizeWidth: number | null;
  imageId: string | null;
  description: string | null;
  /** The row of the Defects sheet (as Excel numbers it), to locate image findings (step 3). */
  row?: number;
  /** The photo matched to imageId in step 3, in the shared file store (inspection creates the image and the defect on it). */
  image?: SheetImagePayload | null;
}
/** A photo of a spreadsheet import, verified by import and kept in the shared file store. */
export interface SheetImagePayload {
  /** Shared file store key: `sheet-imports/<sheetImportId>/<attempt>/<n>.jpg|png`. */
  fileKey: string;
  fileName: string;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
  sizeBytes: number;
}
export interface SheetInspectionPayload {
  turbineId: string;
  turbineName: string;
  /** 'YYYY-MM-DD'. */
  inspectionDate: string;
  blades: SheetBladePayload[];
  defects: SheetDefectPayload[];
}
/**
 * import.sheet.committed: a verified spreadsheet import, the whole batch in one event, so that
 * inspection applies it in one transaction (all inspections land, or none).
 */
export interface SheetCommittedPayload {
  sheetImportId: string;
  windfarmId: string;
  customerId: string | null;
  projectId: string | null;
  componentType: number;
  packageType: number;
  defectTemplateId: string | null;
  userId: string | null;
  inspections: SheetInspectionPayload[];
}
/** inspection.sheet.applied: how inspection applied a spreadsheet batch. */
export interface SheetAppliedPayload {
  sheetImportId: string;
  ok: boolean;
  inspections: { inspectionId: string; turbineId: string; turbineName: string; inspectionDate: string }[];
  /** When ok is false: why nothing was created (a catalogue code, its params and details). */
  error?: { code: string | number; params?: Record<string, string | number>; details?: unknown };
}
export interface InspectionCreatedPayload {
  inspectionId: string;
  turbineId: string;
  windFarmId: string;
  packageType: number;
  inspectionDate: string;
  /** Part-2 component type; when absent, consumers derive it from `packageType`. */
  componentType?: number;
  /** Inspection data config (asset's `inspectionDataConfig/all`); absent = the component's default. */
  inspectionDataConfigId?: string | null;
  /** Optional (added for task-flow): the import upload this inspection was created from; binds it to its task. */
  uploadTaskId?: string | null;
  /**
   * Optional (added for asset's "Latest" mark): whether this is now the active inspection of its
   * turbine and component (activating one deactivates the others). Absent in older events.
   */
  isActive?: boolean;
  /**
   * Optional, demo data only (SEED_DEMO): the task stage the demo's task of this inspection waits
   * at, the earlier manual stages done by the demo, so every demo account has work at once.
   */
  demoStage?: number;
}
/**
 * An inspection's own fields changed (PATCH /inspections/{id}). `isActive: true` means every other
 * inspection of the same turbine and component is no longer active.
 */
export interface InspectionUpdatedPayload {
  inspectionId: string;
  turbineId: string;
  componentType: number;
  isActive: boolean;
  pilot: string | null;
  deviceId: string | null;
}
/**
 * The inspection's labeling completeness flipped (SPEC §5 "All image sides must be labeled"):
 * complete when every active image of every blade side is marked labeled or has a defect.
 * Published only on a change, so a consumer's copy is the latest state.
 */
export interface LabelingChangedPayload {
  inspectionId: string;
  complete: boolean;
  sideCount: number;
  labeledSideCount: number;
}
export interface ImagesProcessedPayload {
  inspectionId: string;
  imageCount: number;
  pathCount: number;
}
export interface DefectEventPayload {
  defectId: string;
  inspectionId: string;
  severity: number | null;
  dpsStatus: number;
  // Optional (repair's defect read model filters and groups by these; report's defect tables show
  // them): where the defect is and what it is; absent in older events = unknown, keep what is stored.
  windFarmId?: string;
  turbineId?: string;
  /** The 6-digit defect id users see. */
  defectNo?: string;
  defectType?: string | null;
  /** Blade 1..3 on the rotor. */
  bladePosition?: number | null;
  /** View index 1..8 (contracts `ViewIndex`). */
  position?: number | null;
  distanceToRoot?: number | null;
  sizeLength?: number | null;
  sizeWidth?: number | null;
  repairPriority?: number | null;
  recommendation?: string | null;
  /** Defect timeline status versus the previous inspection (NEW, INCREASED, STABLE, REPAIRED, NOT_APPLICABLE). */
  timelineStatus?: string | null;
  /** The outline on its photo, pixel points [x, y] (report draws it over the photo crop). */
  polygon?: [number, number][] | null;
  /** The photo the defect was marked on: its original in the shared file store (`filestore:` URI) and size in pixels. */
  image?: DefectImageRef | null;
}
export interface DefectImageRef {
  uri: string;
  width: number;
  height: number;
}
/** One LPS resistance reading of a receptor on one side of a blade. */
export interface LpsReadingPayload {
  bladePosition: number;
  receptorId: string;
  side: 'PS' | 'SS';
  /** Ohms; null for an open circuit. */
  ohm: number | null;
  openCircuit: boolean;
  minOhm: number | null;
  maxOhm: number | null;
}
/** Every LPS reading of an LPS inspection, after each change (the full set, so a consumer replaces its copy). */
export interface LpsChangedPayload {
  inspectionId: string;
  turbineId: string;
  windFarmId: string;
  readings: LpsReadingPayload[];
}
/**
 * An inspection's defect timeline after a change (link, unlink, a defect write, an engineer's
 * status): each defect's status versus the previous inspection and the previous defect it matched.
 * The full set of the inspection, so a consumer replaces its copy. Keyed by the inspection.
 */
export interface TimelineChangedPayload {
  inspectionId: string;
  turbineId: string;
  previousInspectionId: string | null;
  defects: { defectId: string; timelineStatus: string; previousDefectId: string | null }[];
}
/** An inspection linked to (or unlinked from) the previous inspection of its turbine for the defect timeline. */
export interface TimelineLinkPayload {
  inspectionId: string;
  previousInspectionId: string;
  turbineId: string;
}
/** A blade path's stitched panorama (inspection's `panoramas`), keyed by inspection, blade, view index and chamber. */
export interface PanoramaEventPayload {
  panoramaId: string;
  inspectionId: string;
  bladePosition: number;
  pathViewIndex: number;
  chamber: number;
}
export interface PanoramaCompletedPayload extends PanoramaEventPayload {
  width: number;
  height: number;
  imageCount: number;
  /** Deep-zoom descriptor and thumbnail of the panorama (SPEC §3 CVPanoUri / CVPanoThumbUri). */
  panoUri: string;
  panoThumbUri: string;
}
export interface PanoramaFailedPayload extends PanoramaEventPayload {
  /** Catalogue code: -11005 stitching failed. */
  errorCode: number;
  errorMessage: string;
}
/** A blade path saved in the sort-and-remove tool (order, active flags, distances and moves are final for it). */
export interface PathSavedPayload {
  inspectionId: string;
  pathGuid: string;
  bladePosition: number | null;
  pathViewIndex: number | null;
  chamber: number;
  /** Images of the path after the save, and how many of them are active. */
  imageCount: number;
  activeImageCount: number;
  /** Other paths of the inspection that gained or lost images in the same save (they are unsaved again). */
  touchedPathGuids: string[];
  savedBy: string | null;
}
/**
 * How many blade paths (blade, view, chamber of the active photos) an inspection has and how many
 * of them have a finished panorama; announced when either may have changed. Task-flow refuses to
 * complete the stitching stage while a path is not stitched.
 */
export interface StitchingChangedPayload {
  inspectionId: string;
  pathCount: number;
  stitchedPathCount: number;
}
export interface TaskCreatedPayload {
  taskId: string;
  inspectionId: string;
  stages: number[];
}
/**
 * A task stage completed, or a review stage gave its verdict. Optional fields (absent in older
 * events = unknown) carry what performance statistics count per person (docs/delivery.md).
 */
export interface StageCompletedPayload {
  taskId: string;
  inspectionId: string;
  stage: number;
  nextStage: number | null;
  /** Who completed it (the reviewer for a review stage); null = the system (automatic stages). */
  handlerId?: string | null;
  handlerName?: string | null;
  /** Time the handlers recorded on the stage so far (task-flow's spent time), in seconds. */
  spentSeconds?: number;
  /**
   * Review stages only: the verdict. A REJECT is announced too (the review is done, its work
   * stage goes back: `nextStage` is that work stage); only a PASS completes the stage for progress.
   */
  qaOutcome?: QaOutcome;
  /** Review stages only: the handler of the reviewed work stage (whose work passed or was rejected). */
  reviewedHandlerId?: string | null;
  /** Review stages only: the reviewer's counts of the reviewed work (contracts `changeRate`). */
  qaCounts?: ChangeCounts;
  /** Images of the inspection when the stage completed (null = not known yet). */
  imageCount?: number | null;
  /** Defects of the inspection when the stage completed. */
  defectCount?: number | null;
}
export const QaOutcome = { PASS: 'PASS', REJECT: 'REJECT' } as const;
export type QaOutcome = (typeof QaOutcome)[keyof typeof QaOutcome];
export interface TaskStatusChangedPayload {
  taskId: string;
  status: number;
}
/**
 * The handler of a task's current stage changed (pick, assign, release, stage completed): the
 * handler always sees the task's inspection data, whatever their data scope (docs/roles.md).
 */
export interface HandlerChangedPayload {
  taskId: string;
  inspectionId: string | null;
  /** null = nobody handles the task now. */
  handlerId: string | null;
}
/** A turbine's status within an inspection campaign, set in task-flow (contracts `CampaignTurbineStatus`). */
export interface TurbineStatusChangedPayload {
  campaignId: string;
  turbineId: string;
  status: number;
}
/** An inspection campaign as delivery keeps it (optional events, added for task-flow's campaign rules). */
export interface InspectionCampaignEventPayload {
  campaignId: string;
  name: string;
  projectId: string | null;
  /** SPEC §3 project type of the campaign's project, when known. */
  projectType?: number | null;
  /** Protocol status: 1 pending, 2 processing, 3 completed (contracts `ProjectStatusCode`). */
  status: number;
  /** An inactive campaign never returns to active; its ongoing tasks cannot proceed. */
  active: boolean;
}
export interface CampaignEventPayload {
  campaignId: string;
  name: string;
  status: number;
  // Optional (added for report's repair-campaign reports): the campaign's park, customer, dates and,
  // on creation, its defects (each starts "not started"). Absent in older events = unknown.
  windFarmId?: string;
  customerId?: string | null;
  startDate?: string;
  endDate?: string;
  defectIds?: string[];
}
/** A defect's repair status in a campaign changed (contracts `RepairStatus` 1…6), by hand or by a repair record. Keyed by the campaign. */
export interface RepairDefectStatusPayload {
  campaignId: string;
  defectId: string;
  repairStatus: number;
  changedAt: string;
}
/**
 * A customer's defect template, whole (Config Center; one per customer, its id is the customer's):
 * import's sheet check holds rows to it (-10019) before inspection does at apply time. Empty lists =
 * no template of that kind (any value is accepted, as inspection does).
 */
export interface DefectTemplatePayload {
  customerId: string;
  types: string[];
  /** Severity results and the level 0..5 each stands for. */
  severities: { name: string; level: number | null }[];
  recommendations: string[];
}
export interface ProjectEventPayload {
  projectId: string;
  projectName: string;
  status: number;
  // Optional (added for asset's park lists and project turbines); absent = unknown/empty.
  projectType?: number;
  customerId?: string | null;
  /** Wind parks the project covers. */
  windFarmIds?: string[];
  /** Turbines of the project; empty = every turbine of its wind parks. */
  turbineIds?: string[];
  /** An O&M (operation) project. */
  operation?: boolean;
  /** Campaign types (SPEC §3 campaign types 1..7) the project holds campaigns of. */
  campaignTypes?: number[];
  /** Optional (added for repair's -6009 rule): the project's time range, ISO dates (YYYY-MM-DD); null = open. */
  startDate?: string | null;
  endDate?: string | null;
  /** Optional (added for import's -10030): the defect template the project's inspection data use; null = none chosen. */
  defectTemplateId?: string | null;
}
/** A defect's repair ended with a repaired outcome (fixed or completed) in a repair campaign. */
export interface RepairDefectRepairedPayload {
  defectId: string;
  campaignId: string;
  /** The inspection the defect was found in, when repair knows it. */
  inspectionId: string | null;
  turbineId: string | null;
  /** Repair status (contracts `RepairStatus`): 3 completed or 6 fixed. */
  repairStatus: number;
  repairedAt: string;
}
export interface ReportCompletedPayload {
  reportTaskId: string;
  fileUri: string;
}

/** Payload type per event name: the compiler checks publishers and consumers against it. */
export interface EventPayloads {
  'identity.user.created': UserEventPayload;
  'identity.user.updated': UserEventPayload;
  'identity.user.deleted': DeletedPayload;
  'identity.customer.created': CustomerEventPayload;
  'identity.customer.updated': CustomerEventPayload;
  'identity.customer.deleted': DeletedPayload;
  'identity.organization.created': OrganizationEventPayload;
  'identity.organization.updated': OrganizationEventPayload;
  'identity.session.revoked': SessionRevokedPayload;
  'identity.user.access-changed': UserAccessChangedPayload;
  'identity.organization.deleted': DeletedPayload;
  'identity.machine-client.revoked': MachineClientRevokedPayload;
  'identity.licence.changed': LicenceChangedPayload;
  'asset.park.created': ParkEventPayload;
  'asset.park.updated': ParkEventPayload;
  'asset.turbine.created': TurbineEventPayload;
  'asset.turbine.updated': TurbineEventPayload;
  'asset.turbine.renamed': TurbineRenamedPayload;
  'asset.turbine.moved': TurbineMovedPayload;
  'asset.turbine.deleted': DeletedPayload;
  'import.upload.created': UploadCreatedPayload;
  'import.upload.completed': UploadCompletedPayload;
  'import.sheet.committed': SheetCommittedPayload;
  'inspection.sheet.applied': SheetAppliedPayload;
  'import.table.committed': TableCommittedPayload;
  'inspection.table.applied': TableAppliedPayload;
  'inspection.inspection.created': InspectionCreatedPayload;
  'inspection.inspection.updated': InspectionUpdatedPayload;
  'inspection.images.processed': ImagesProcessedPayload;
  'inspection.defect.created': DefectEventPayload;
  'inspection.defect.updated': DefectEventPayload;
  'inspection.defect.deleted': DeletedPayload;
  'inspection.path.saved': PathSavedPayload;
  'inspection.timeline.linked': TimelineLinkPayload;
  'inspection.timeline.unlinked': TimelineLinkPayload;
  'inspection.timeline.changed': TimelineChangedPayload;
  'inspection.panorama.completed': PanoramaCompletedPayload;
  'inspection.panorama.failed': PanoramaFailedPayload;
  'inspection.labeling.changed': LabelingChangedPayload;
  'inspection.stitching.changed': StitchingChangedPayload;
  'inspection.lps.changed': LpsChangedPayload;
  'inspection.defect-template.changed': DefectTemplatePayload;
  'taskflow.task.created': TaskCreatedPayload;
  'taskflow.stage.completed': StageCompletedPayload;
  'taskflow.task.status-changed': TaskStatusChangedPayload;
  'taskflow.turbine.status-changed': TurbineStatusChangedPayload;
  'taskflow.task.handler-changed': HandlerChangedPayload;
  'repair.campaign.created': CampaignEventPayload;
  'repair.campaign.status-changed': CampaignEventPayload;
  'repair.defect.repaired': RepairDefectRepairedPayload;
  'repair.defect.status-changed': RepairDefectStatusPayload;
  'repair.campaign.deleted': DeletedPayload;
  'delivery.project.created': ProjectEventPayload;
  'delivery.project.status-changed': ProjectEventPayload;
  'delivery.project.updated': ProjectEventPayload;
  'delivery.project.deleted': DeletedPayload;
  'delivery.campaign.created': InspectionCampaignEventPayload;
  'delivery.campaign.updated': InspectionCampaignEventPayload;
  'report.task.completed': ReportCompletedPayload;
}

// Compile-time guard: every event name has a payload type and vice versa.
type _EveryTypeHasPayload = EventType extends keyof EventPayloads ? true : never;
type _EveryPayloadHasType = keyof EventPayloads extends EventType ? true : never;
export const EVENT_CATALOGUE_COMPLETE: _EveryTypeHasPayload & _EveryPayloadHasType = true;
