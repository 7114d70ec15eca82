import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LOCALES, REPORT_FORMATS, type ErrorCode, type Locale, type ReportFormat, type ReportScope } from '@windward/contracts';
import { PageOf } from '@windward/service-kit';

export class ReportTaskErrorView {
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'Error catalogue code.' })
  code!: ErrorCode;
  /** The reason in the request's locale. */
  message!: string;
}

/** A report task in the caller's download queue. */
export class ReportTaskView {
  id!: string;
  @ApiProperty({ enum: ['project', 'park', 'turbine', 'inspection'] })
  scopeType!: ReportScope;
  scopeId!: string;
  /** Name of the project, park, turbine or inspection the report is about. */
  scopeName!: string;
  @ApiProperty({ enum: REPORT_FORMATS })
  format!: ReportFormat;
  templateId!: string | null;
  @ApiProperty({ enum: LOCALES })
  locale!: Locale;
  windFarmIds!: string[];
  defectCount!: number;
  /** 0 queued, 1 rendering, 2 ready, 3 failed, 4 expired. */
  status!: number;
  /** The status in the request's locale. */
  statusName!: string;
  /** 0..100 */
  progress!: number;
  /** The render step (loading, rendering, storing, done, failed). */
  step!: string | null;
  @ApiPropertyOptional({ type: ReportTaskErrorView, nullable: true })
  error!: ReportTaskErrorView | null;
  fileName!: string | null;
  fileSize!: number | null;
  createdAt!: Date;
  startedAt!: Date | null;
  finishedAt!: Date | null;
  /** When the file is removed from the store. */
  expiresAt!: Date | null;
}

export class ReportTaskPage extends PageOf(ReportTaskView) {}

/** One successful download of a report file (the download log). */
export class ReportDownloadView {
  id!: string;
  reportTaskId!: string;
  /** Who downloaded it. */
  userId!: string;
  userName!: string;
  fileName!: string;
  @ApiProperty({ enum: REPORT_FORMATS })
  format!: ReportFormat;
  /** What the report was about (project, park, turbine or inspection name). */
  scopeName!: string;
  fileSize!: number | null;
  downloadedAt!: Date;
}

export class ReportDownloadPage extends PageOf(ReportDownloadView) {}
