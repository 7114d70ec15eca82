import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DefectTimelineStatus, type LabelingStatusImage, type LabelingStatusSide } from '@windward/contracts';
import { PageOf } from '@windward/service-kit';
import type { Point } from './defect.entity.js';

/** The W3C Web Annotation selector Annotorious reads and writes for a polygon. */
export class SvgSelectorView {
  @ApiProperty({ enum: ['SvgSelector'] }) type!: 'SvgSelector';
  /** `<svg><polygon points="x,y …"></polygon></svg>` */
  value!: string;
}

/** A defect as the lists, the detail and the labeling tool show it. */
export class DefectView {
  defectId!: string;
  /** 6 digits, unique in the inspection. */
  defectNo!: string;
  inspectionId!: string;
  imageId!: string;
  windFarmId!: string;
  turbineId!: string;
  /** On the detail and the defect list (the inspection's turbine). */
  turbineName?: string;
  /** On the detail and the defect list (YYYY-MM-DD). */
  inspectionDate?: string;
  /** 0..5 */
  severity!: number | null;
  defectType!: string;
  layer!: string | null;
  affectedPart!: string | null;
  recommendation!: string | null;
  sizeLength!: number | null;
  sizeWidth!: number | null;
  /** Blade side (view index 1..8). */
  position!: number | null;
  /** Blade 1..3. */
  bladePosition!: number | null;
  /** Metres from the blade root. */
  distanceToRoot!: number | null;
  chordwiseStart!: number | null;
  chordwiseEnd!: number | null;
  /** 1..4 */
  repairPriority!: number | null;
  /** Outline in image pixels: `[[x, y], …]`. */
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 } })
  polygon!: Point[];
  selector!: SvgSelectorView;
  /** DPS review status (contracts DpsStatus). */
  dpsStatus!: number;
  @ApiProperty({ enum: Object.values(DefectTimelineStatus) }) timelineStatus!: string;
  /** true when an engineer set the timeline status by hand. */
  timelineManual!: boolean;
  previousDefectId!: string | null;
  /** A pre-label suggestion, hidden from the regular lists until accepted. */
  suggested!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}

export class DefectPage extends PageOf(DefectView) {}

/** The defects a bulk edit changed, in the order of the request. */
export class DefectBulkResultView {
  @ApiProperty({ type: () => [DefectView] }) results!: DefectView[];
  totalCount!: number;
}

/** Accept/reject of several suggestions: `accepted` or `rejected` is the number of defects decided. */
export class SuggestionDecisionView {
  inspectionId!: string;
  @ApiPropertyOptional() accepted?: number;
  @ApiPropertyOptional() rejected?: number;
  defectIds!: string[];
}

export class LabelingStatusSideView implements LabelingStatusSide {
  bladePosition!: number | null;
  pathViewIndex!: number | null;
  imageCount!: number;
  doneCount!: number;
  labeled!: boolean;
}

export class LabelingStatusImageView implements LabelingStatusImage {
  imageId!: string;
  bladePosition!: number | null;
  pathViewIndex!: number | null;
  /** The labeler's mark. */
  labeled!: boolean;
  defectCount!: number;
  suggestionCount!: number;
  /** Marked labeled, or it has at least one (non-suggested) defect. */
  done!: boolean;
}

/** Which image sides of an inspection are labeled (active images only). */
export class LabelingStatusView {
  inspectionId!: string;
  /** Every active image of every side is done (and there is at least one). */
  complete!: boolean;
  activeImageCount!: number;
  doneImageCount!: number;
  pendingSuggestionCount!: number;
  sides!: LabelingStatusSideView[];
  images!: LabelingStatusImageView[];
}

export class LabeledView {
  imageId!: string;
  inspectionId!: string;
  labeled!: boolean;
}
