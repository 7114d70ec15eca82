import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorCode } from '@windward/contracts';
import { PageOf } from '@windward/service-kit';

/** Why the last archive was refused, in the request's locale. */
export class UploadErrorView {
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'Error catalogue code.' })
  code!: ErrorCode;
  message!: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] } })
  params?: Record<string, string | number>;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Rule-specific detail; for archive refusals `{ entries: string[], count: number }` (the offending entries).',
  })
  details?: unknown;
}

/** A task log item handed over at completion (SPEC §3). */
export class UploadLogView {
  logName!: string;
  logType!: string;
  logFileUri!: string;
}

/** The archive verification job. */
export class VerifyJobView {
  id!: string;
  /** pg-boss state (created, active, completed, failed, …). */
  state!: string;
  percent!: number;
  message!: string | null;
}

/** An upload task as the list shows it. */
export class UploadTaskSummaryView {
  uploadTaskId!: string;
  windfarmId!: string;
  windfarmName!: string;
  customerId!: string;
  turbineId!: string;
  turbineName!: string;
  /** YYYY-MM-DD */
  inspectionDate!: string;
  campaignId!: string | null;
  packageType!: number;
  componentType!: number;
  droneId!: string | null;
  /** SPEC §4 upload file status 0..8. */
  status!: number;
  /** The status's label in the request's locale. */
  statusName!: string;
  progress!: number;
  progressMessage!: string | null;
  errors!: UploadErrorView[];
  archiveName!: string | null;
  archiveSize!: number | null;
  imageCount!: number | null;
  /** The verified manifest's file-store URI (set once verification succeeded). */
  uploadFileUri!: string | null;
  logs!: UploadLogView[];
  createdAt!: Date;
  updatedAt!: Date;
  uploadedAt!: Date | null;
  verifiedAt!: Date | null;
  completedAt!: Date | null;
}

/** An upload task with its verification job. */
export class UploadTaskView extends UploadTaskSummaryView {
  verifyJob!: VerifyJobView | null;
}

export class UploadTaskPage extends PageOf(UploadTaskSummaryView) {}
