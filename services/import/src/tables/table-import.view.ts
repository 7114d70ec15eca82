import { ApiProperty } from '@nestjs/swagger';
import { SheetFindingView } from '../sheets/sheet-import.view.js';

/** An LPS or template import: the check's result, then inspection's (all rows landed, or none). */
export class TableImportView {
  tableImportId!: string;
  @ApiProperty({ enum: ['lps', 'templates'] }) kind!: 'lps' | 'templates';
  windfarmId!: string | null;
  customerId!: string | null;
  /** REFUSED: the check found errors; PENDING: sent to inspection; SUCCEEDED / FAILED: inspection's answer. */
  @ApiProperty({ enum: ['REFUSED', 'PENDING', 'SUCCEEDED', 'FAILED'] }) status!: 'REFUSED' | 'PENDING' | 'SUCCEEDED' | 'FAILED';
  fileName!: string | null;
  /** Data rows read. */
  rows!: number;
  /** Rows stored by inspection (readings or template entries). */
  created!: number;
  /** All findings (the list keeps the first 2,000). */
  findingCount!: number;
  @ApiProperty({ type: [SheetFindingView] }) findings!: SheetFindingView[];
  /** LPS inspections that received readings. */
  inspectionIds!: string[];
  createdAt!: Date;
  finishedAt!: Date | null;
}

export class LatestTableImportView {
  current!: TableImportView | null;
}
