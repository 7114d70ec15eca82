import { ApiProperty } from '@nestjs/swagger';
import { BladeLinkState } from '@windward/contracts';
import { DefectView } from '../defects/defect.view.js';

/** An inspection's defects with their timeline status, and the previous inspection's defects now repaired. */
export class TimelineView {
  inspectionId!: string;
  previousInspectionId!: string | null;
  /** Distance to root within which two defects are the same defect (metres). */
  toleranceM!: number;
  defects!: DefectView[];
  /** Defects of the previous inspection without a successor (timelineStatus REPAIRED). */
  repaired!: DefectView[];
}

/** Link state of a blade defect with its internal/external counterparts. */
export class DefectLinksView {
  defectId!: string;
  @ApiProperty({ enum: Object.values(BladeLinkState) }) state!: string;
  linked!: DefectView[];
}
