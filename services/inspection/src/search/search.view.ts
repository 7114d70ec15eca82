import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';
import { DefectView } from '../defects/defect.view.js';
import { ImageView } from '../images/image.view.js';
import type { Point } from '../defects/defect.entity.js';
import { AdvancedCriteriaDto } from './search.dto.js';

/** A defect found by the search, with its inspection's turbine, date and component and its repair status. */
export class DefectHitView extends DefectView {
  declare turbineName: string;
  declare inspectionDate: string;
  componentType!: number;
  /** Repair status (contracts RepairStatus) from the repair centre; null = never in a repair. */
  repairStatus!: number | null;
}

export class DefectHitPage extends PageOf(DefectHitView) {}

/** A defect outlined on a gallery image. */
export class GalleryDefectView {
  defectId!: string;
  defectNo!: string;
  severity!: number | null;
  defectType!: string;
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 } })
  polygon!: Point[];
}

/** An image found by the search, with its defects' outlines. */
export class ImageHitView extends ImageView {
  turbineName!: string;
  inspectionDate!: string;
  componentType!: number;
  @ApiProperty({ type: () => [GalleryDefectView] }) defects!: GalleryDefectView[];
}

export class ImageHitPage extends PageOf(ImageHitView) {}

/** The defects an export would hold (at most 2,500, SPEC §9), for the report service's Excel. */
export class ExportSelectionView {
  windFarmId!: string;
  count!: number;
  defectIds!: string[];
}

/** One image of an image export: the report service reads its original from the shared store. */
export class ArchiveImageRefView {
  imageId!: string;
  inspectionId!: string;
}

/** An image export of the search: its images (1..2,500) and its defects (0..2,500, the manifest rows). */
export class ImageExportSelectionView {
  windFarmId!: string;
  /** How many images. */
  count!: number;
  images!: ArchiveImageRefView[];
  defectIds!: string[];
}

/** A saved advanced-search query of the caller. */
export class SavedQueryView {
  queryId!: string;
  name!: string;
  @ApiProperty({ type: () => AdvancedCriteriaDto }) criteria!: AdvancedCriteriaDto;
  createdAt!: Date;
}

export class SavedQueryListView {
  @ApiProperty({ type: () => [SavedQueryView] }) results!: SavedQueryView[];
}

/** Everything that covers one point of a blade, newest inspection first. */
export class SinglePointView {
  @ApiProperty({ type: () => [ImageHitView] }) images!: ImageHitView[];
  @ApiProperty({ type: () => [DefectHitView] }) defects!: DefectHitView[];
}
