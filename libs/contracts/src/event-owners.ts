import { EventTypes, type EventType } from './events.js';
import { SERVICE_NAMES, type ServiceName } from './services.js';

/**
 * Who publishes each event and who consumes it. An event nobody inside Windward consumes is
 * published on purpose for outside integrators (`external`), and an event declared before its
 * publisher exists says which issue will publish it (`planned`): an unused or unpublished event
 * is a decision, not an accident. infra's events-ownership test checks this table against the
 * code (publish calls and @OnEvent handlers of every service).
 */
export interface EventOwnership {
  publisher: ServiceName;
  consumers: readonly ServiceName[];
  /** Published for outside integrators (CMMS, BI, drone vendors); why. */
  external?: string;
  /** Declared ahead of its publisher: the issue that will publish it. */
  planned?: string;
}

const INTEGRATORS = 'outside integrators follow progress without polling';

export const EVENT_OWNERS: Record<EventType, EventOwnership> = {
  [EventTypes.IdentityUserCreated]: { publisher: 'identity', consumers: ['delivery', 'repair', 'task-flow'] },
  [EventTypes.IdentityUserUpdated]: { publisher: 'identity', consumers: ['delivery', 'repair', 'task-flow'] },
  [EventTypes.IdentityUserDeleted]: { publisher: 'identity', consumers: ['delivery', 'repair', 'task-flow'] },
  [EventTypes.IdentityCustomerCreated]: { publisher: 'identity', consumers: ['asset', 'delivery', 'task-flow'] },
  [EventTypes.IdentityCustomerUpdated]: { publisher: 'identity', consumers: ['asset', 'delivery', 'task-flow'] },
  [EventTypes.IdentityCustomerDeleted]: { publisher: 'identity', consumers: ['asset', 'delivery', 'task-flow'] },
  [EventTypes.IdentityOrganizationCreated]: { publisher: 'identity', consumers: ['delivery', 'task-flow'] },
  [EventTypes.IdentityOrganizationUpdated]: { publisher: 'identity', consumers: ['delivery', 'task-flow'] },
  [EventTypes.IdentityMachineClientRevoked]: { publisher: 'identity', consumers: ['import'] },
  [EventTypes.IdentityOrganizationDeleted]: { publisher: 'identity', consumers: ['delivery'] },
  [EventTypes.IdentityLicenceChanged]: { publisher: 'identity', consumers: ['asset', 'delivery'] },
  // Consumed by the kit in every service (its revocation set), identity included.
  [EventTypes.IdentitySessionRevoked]: { publisher: 'identity', consumers: [...SERVICE_NAMES] },
  [EventTypes.IdentityUserAccessChanged]: { publisher: 'identity', consumers: [...SERVICE_NAMES] },

  [EventTypes.AssetParkCreated]: { publisher: 'asset', consumers: ['delivery', 'identity', 'import', 'inspection', 'repair', 'report', 'task-flow'] },
  [EventTypes.AssetParkUpdated]: { publisher: 'asset', consumers: ['delivery', 'identity', 'import', 'inspection', 'repair', 'report', 'task-flow'] },
  [EventTypes.AssetTurbineCreated]: { publisher: 'asset', consumers: ['delivery', 'import', 'inspection', 'repair', 'report', 'task-flow'] },
  [EventTypes.AssetTurbineUpdated]: { publisher: 'asset', consumers: ['delivery', 'import', 'inspection', 'repair', 'report', 'task-flow'] },
  [EventTypes.AssetTurbineRenamed]: { publisher: 'asset', consumers: ['delivery', 'import', 'inspection', 'repair', 'report', 'task-flow'] },
  [EventTypes.AssetTurbineMoved]: { publisher: 'asset', consumers: ['inspection', 'task-flow'] },
  [EventTypes.AssetTurbineDeleted]: { publisher: 'asset', consumers: ['delivery', 'import', 'inspection', 'repair', 'report', 'task-flow'] },

  [EventTypes.ImportUploadCreated]: { publisher: 'import', consumers: ['task-flow'] },
  [EventTypes.ImportUploadCompleted]: { publisher: 'import', consumers: ['inspection', 'task-flow'] },
  [EventTypes.ImportSheetCommitted]: { publisher: 'import', consumers: ['inspection'] },
  [EventTypes.ImportTableCommitted]: { publisher: 'import', consumers: ['inspection'] },

  [EventTypes.InspectionInspectionCreated]: { publisher: 'inspection', consumers: ['asset', 'delivery', 'repair', 'report', 'task-flow'] },
  [EventTypes.InspectionInspectionUpdated]: { publisher: 'inspection', consumers: ['asset', 'repair', 'report'] },
  [EventTypes.InspectionImagesProcessed]: { publisher: 'inspection', consumers: ['task-flow'] },
  [EventTypes.InspectionDefectCreated]: { publisher: 'inspection', consumers: ['asset', 'delivery', 'repair', 'report', 'task-flow'] },
  [EventTypes.InspectionDefectUpdated]: { publisher: 'inspection', consumers: ['asset', 'delivery', 'repair', 'report'] },
  [EventTypes.InspectionDefectDeleted]: { publisher: 'inspection', consumers: ['asset', 'delivery', 'repair', 'report', 'task-flow'] },
  [EventTypes.InspectionLpsChanged]: { publisher: 'inspection', consumers: ['report'] },
  [EventTypes.InspectionPathSaved]: { publisher: 'inspection', consumers: [], external: 'blade-path changes feed outside analytics; report (#19) will read it' },
  [EventTypes.InspectionTimelineLinked]: { publisher: 'inspection', consumers: ['asset'] },
  [EventTypes.InspectionTimelineUnlinked]: { publisher: 'inspection', consumers: ['asset'] },
  [EventTypes.InspectionTimelineChanged]: { publisher: 'inspection', consumers: ['report'] },
  [EventTypes.InspectionPanoramaCompleted]: { publisher: 'inspection', consumers: [], external: 'a finished stitch is what drone vendors and reports wait for' },
  [EventTypes.InspectionPanoramaFailed]: { publisher: 'inspection', consumers: [], external: 'a failed stitch alerts the operator’s own tooling' },
  [EventTypes.InspectionLabelingChanged]: { publisher: 'inspection', consumers: ['task-flow'] },
  [EventTypes.InspectionStitchingChanged]: { publisher: 'inspection', consumers: ['task-flow'] },
  [EventTypes.InspectionSheetApplied]: { publisher: 'inspection', consumers: ['import'] },
  [EventTypes.InspectionTableApplied]: { publisher: 'inspection', consumers: ['import'] },
  [EventTypes.InspectionDefectTemplateChanged]: { publisher: 'inspection', consumers: ['import'] },

  [EventTypes.TaskflowTaskCreated]: { publisher: 'task-flow', consumers: [], external: INTEGRATORS },
  [EventTypes.TaskflowStageCompleted]: { publisher: 'task-flow', consumers: ['delivery'] },
  [EventTypes.TaskflowTaskStatusChanged]: { publisher: 'task-flow', consumers: [], external: INTEGRATORS },
  [EventTypes.TaskflowHandlerChanged]: { publisher: 'task-flow', consumers: ['inspection'] },
  [EventTypes.TaskflowTurbineStatusChanged]: { publisher: 'task-flow', consumers: [], external: `${INTEGRATORS}; delivery's dashboards (#18) will follow it` },

  [EventTypes.RepairCampaignCreated]: { publisher: 'repair', consumers: ['report'] },
  [EventTypes.RepairCampaignStatusChanged]: { publisher: 'repair', consumers: ['report'] },
  [EventTypes.RepairCampaignDeleted]: { publisher: 'repair', consumers: ['report'] },
  [EventTypes.RepairDefectStatusChanged]: { publisher: 'repair', consumers: ['report'] },
  [EventTypes.RepairDefectRepaired]: { publisher: 'repair', consumers: ['inspection', 'report'] },

  [EventTypes.DeliveryProjectCreated]: { publisher: 'delivery', consumers: ['asset', 'repair', 'report', 'import'] },
  [EventTypes.DeliveryProjectStatusChanged]: { publisher: 'delivery', consumers: ['asset', 'repair', 'report', 'import'] },
  [EventTypes.DeliveryProjectUpdated]: { publisher: 'delivery', consumers: ['asset', 'repair', 'report', 'import'] },
  [EventTypes.DeliveryProjectDeleted]: { publisher: 'delivery', consumers: ['asset', 'repair', 'report', 'import'] },
  [EventTypes.DeliveryCampaignCreated]: { publisher: 'delivery', consumers: ['task-flow'] },
  [EventTypes.DeliveryCampaignUpdated]: { publisher: 'delivery', consumers: ['task-flow'] },

  [EventTypes.ReportTaskCompleted]: { publisher: 'report', consumers: [], external: 'a finished report is what document management systems collect' },
};
