import { EventTypes, type EventType } from './events.js';
import type { ServiceName } from './services.js';

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
  [EventTypes.IdentityUserCreated]: { publisher: 'identity', consumers: ['task-flow'] },
  [EventTypes.IdentityUserUpdated]: { publisher: 'identity', consumers: ['task-flow'] },
  [EventTypes.IdentityUserDeleted]: { publisher: 'identity', consumers: ['task-flow'] },
  [EventTypes.IdentityCustomerCreated]: { publisher: 'identity', consumers: ['asset', 'task-flow'] },
  [EventTypes.IdentityCustomerUpdated]: { publisher: 'identity', consumers: ['asset', 'task-flow'] },
  [EventTypes.IdentityCustomerDeleted]: { publisher: 'identity', consumers: ['asset', 'task-flow'] },
  [EventTypes.IdentityOrganizationCreated]: { publisher: 'identity', consumers: ['task-flow'] },
  [EventTypes.IdentityOrganizationUpdated]: { publisher: 'identity', consumers: ['task-flow'] },
  [EventTypes.IdentityOrganizationDeleted]: { publisher: 'identity', consumers: [], external: 'organizations in a CMMS are retired with it' },

  [EventTypes.AssetParkCreated]: { publisher: 'asset', consumers: ['identity', 'import', 'inspection', 'report', 'task-flow'] },
  [EventTypes.AssetParkUpdated]: { publisher: 'asset', consumers: ['identity', 'import', 'inspection', 'report', 'task-flow'] },
  [EventTypes.AssetTurbineCreated]: { publisher: 'asset', consumers: ['import', 'inspection', 'report', 'task-flow'] },
  [EventTypes.AssetTurbineUpdated]: { publisher: 'asset', consumers: ['import', 'inspection', 'report', 'task-flow'] },
  [EventTypes.AssetTurbineRenamed]: { publisher: 'asset', consumers: ['import', 'inspection', 'report', 'task-flow'] },
  [EventTypes.AssetTurbineMoved]: { publisher: 'asset', consumers: ['inspection', 'task-flow'] },
  [EventTypes.AssetTurbineDeleted]: { publisher: 'asset', consumers: ['import', 'inspection', 'report', 'task-flow'] },

  [EventTypes.ImportUploadCreated]: { publisher: 'import', consumers: ['task-flow'] },
  [EventTypes.ImportUploadCompleted]: { publisher: 'import', consumers: ['inspection', 'task-flow'] },

  [EventTypes.InspectionInspectionCreated]: { publisher: 'inspection', consumers: ['asset', 'report', 'task-flow'] },
  [EventTypes.InspectionInspectionUpdated]: { publisher: 'inspection', consumers: ['asset', 'report'] },
  [EventTypes.InspectionImagesProcessed]: { publisher: 'inspection', consumers: ['task-flow'] },
  [EventTypes.InspectionDefectCreated]: { publisher: 'inspection', consumers: ['asset', 'report'] },
  [EventTypes.InspectionDefectUpdated]: { publisher: 'inspection', consumers: ['asset', 'report'] },
  [EventTypes.InspectionDefectDeleted]: { publisher: 'inspection', consumers: ['asset', 'report'] },
  [EventTypes.InspectionPathSaved]: { publisher: 'inspection', consumers: [], external: 'blade-path changes feed outside analytics; report (#19) will read it' },
  [EventTypes.InspectionTimelineLinked]: { publisher: 'inspection', consumers: ['asset'] },
  [EventTypes.InspectionTimelineUnlinked]: { publisher: 'inspection', consumers: ['asset'] },
  [EventTypes.InspectionPanoramaCompleted]: { publisher: 'inspection', consumers: [], external: 'a finished stitch is what drone vendors and reports wait for' },
  [EventTypes.InspectionPanoramaFailed]: { publisher: 'inspection', consumers: [], external: 'a failed stitch alerts the operator’s own tooling' },
  [EventTypes.InspectionLabelingChanged]: { publisher: 'inspection', consumers: ['task-flow'] },

  [EventTypes.TaskflowTaskCreated]: { publisher: 'task-flow', consumers: [], external: INTEGRATORS },
  [EventTypes.TaskflowStageCompleted]: { publisher: 'task-flow', consumers: [], external: `${INTEGRATORS}; delivery's DPR (#18) will count finished stages` },
  [EventTypes.TaskflowTaskStatusChanged]: { publisher: 'task-flow', consumers: [], external: INTEGRATORS },
  [EventTypes.TaskflowTurbineStatusChanged]: { publisher: 'task-flow', consumers: [], external: `${INTEGRATORS}; delivery's dashboards (#18) will follow it` },

  [EventTypes.RepairCampaignCreated]: { publisher: 'repair', consumers: [], planned: '#17 Repair Center' },
  [EventTypes.RepairCampaignStatusChanged]: { publisher: 'repair', consumers: [], planned: '#17 Repair Center' },

  [EventTypes.DeliveryProjectCreated]: { publisher: 'delivery', consumers: ['asset', 'report'], planned: '#18 Delivery' },
  [EventTypes.DeliveryProjectStatusChanged]: { publisher: 'delivery', consumers: ['asset', 'report'], planned: '#18 Delivery' },
  [EventTypes.DeliveryProjectUpdated]: { publisher: 'delivery', consumers: ['asset', 'report'], planned: '#18 Delivery' },
  [EventTypes.DeliveryProjectDeleted]: { publisher: 'delivery', consumers: ['asset', 'report'], planned: '#18 Delivery' },
  [EventTypes.DeliveryCampaignCreated]: { publisher: 'delivery', consumers: ['task-flow'], planned: '#18 Delivery' },
  [EventTypes.DeliveryCampaignUpdated]: { publisher: 'delivery', consumers: ['task-flow'], planned: '#18 Delivery' },

  [EventTypes.ReportTaskCompleted]: { publisher: 'report', consumers: [], external: 'a finished report is what document management systems collect' },
};
