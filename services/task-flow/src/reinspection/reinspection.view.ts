import { PageOf } from '@windward/service-kit';

/** SPEC §3 approval task (a re-inspection request) plus the ids the server adds. */
export class ApprovalTaskView {
  requestId!: string;
  taskId!: string;
  inspectionId!: string | null;
  customerName!: string;
  windfarmName!: string;
  turbineName!: string;
  /** YYYY-MM-DD. */
  inspectionDate!: string;
  requester!: string;
  requesterId!: string;
  requestTime!: Date;
  sourceUrl!: string | null;
  processor!: string | null;
  processorId!: string | null;
  processTime!: Date | null;
  /** 0 = waiting for a decision, 1 = decided. */
  requestStatus!: number;
  requestComments!: string;
  approved!: boolean | null;
  processComments!: string | null;
  /** ReInspectionStatus. */
  reInspectionStatus!: number;
  orgName!: string;
  pilot!: string | null;
}

export class ApprovalTaskPage extends PageOf(ApprovalTaskView) {
  /** Requests waiting for a decision under the same filters (status filters aside). */
  processingCount!: number;
}
