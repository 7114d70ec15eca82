import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorCode } from '@windward/contracts';
import { PageOf } from '@windward/service-kit';

/** One located finding of the workbook check, with its message in the request's locale. */
export class SheetFindingView {
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'Error catalogue code (-100xx).' })
  code!: number | string;
  sheet!: string | null;
  /** 1-based row as Excel shows it; null for a whole sheet. */
  row!: number | null;
  column!: string | null;
  value!: string | null;
  message!: string;
}

export class SheetImportSummaryCounts {
  inspections!: number;
  blades!: number;
  defects!: number;
  findings!: number;
  /** More findings than the 2000 kept. */
  truncated!: boolean;
}

export class SheetImportErrorView {
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }] })
  code!: ErrorCode;
  message!: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: '-12001: `{reason, cause}`.' })
  details?: unknown;
}

export class SheetImportedInspectionView {
  inspectionId!: string;
  turbineId!: string;
  turbineName!: string;
  inspectionDate!: string;
}

/** A spreadsheet import (one run of the 5-step wizard). */
export class SheetImportView {
  sheetImportId!: string;
  windfarmId!: string;
  windfarmName!: string | null;
  customerId!: string | null;
  projectId!: string | null;
  componentType!: number;
  defectTemplateId!: string | null;
  /** The saved column mapping the last workbook was read with (another vendor's sheet), if any. */
  mappingId!: string | null;
  mappingName!: string | null;
  /** The wizard step to resume at (1..5). */
  step!: number;
  /** SPEC §4 file status 0..8. */
  status!: number;
  statusName!: string;
  /** SPEC §4 upload task status: FAILED, SUCCEEDED, CANCELLED, PROCESSING. */
  taskStatus!: string;
  taskStatusName!: string;
  /** SPEC §4 progress code 1..8. */
  progressCode!: number | null;
  progressName!: string | null;
  /** Waiting in the processing queue. */
  queued!: boolean;
  fileName!: string | null;
  fileSize!: number | null;
  /** Step 3: the distinct image ids the Defects sheet names (0: no photos needed). */
  imagesNeeded!: number;
  /** Step 3: the photos received and matched (all of them, or 0 after a refusal). */
  imagesUploaded!: number;
  summary!: SheetImportSummaryCounts | null;
  findings!: SheetFindingView[];
  error!: SheetImportErrorView | null;
  inspections!: SheetImportedInspectionView[];
  createdAt!: Date;
  updatedAt!: Date;
  finishedAt!: Date | null;
}

export class SheetImportPage extends PageOf(SheetImportView) {}

/** The caller's open wizard run, if any. */
export class CurrentSheetImportView {
  current!: SheetImportView | null;
}
