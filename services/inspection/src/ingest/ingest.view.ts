import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Why an ingest failed, in the caller's language. */
export class IngestErrorView {
  /** Catalogue code. */
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }] }) code!: string | number;
  message!: string;
  @ApiPropertyOptional({ description: 'What the code is about (e.g. the photo or field).' }) details?: unknown;
}

/** How a completed drone upload was taken in. */
export class IngestStatusView {
  uploadTaskId!: string;
  @ApiProperty({ enum: ['pending', 'stored', 'done', 'failed'] }) status!: string;
  /** The inspection made of it (once done). */
  inspectionId!: string | null;
  imageCount!: number | null;
  @ApiProperty({ type: IngestErrorView, nullable: true }) error!: IngestErrorView | null;
  createdAt!: Date;
  finishedAt!: Date | null;
}
