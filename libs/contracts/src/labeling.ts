/**
 * The labeling status of an inspection (GET /inspections/{id}/labeling-status): what the labeling
 * tool shows and what "All image sides must be labeled" (SPEC §5) is decided on.
 */

/** One active image as the labeling status sees it. */
export interface LabelingStatusImage {
  imageId: string;
  bladePosition: number | null;
  pathViewIndex: number | null;
  /** The labeler's mark "this image is labeled" (PUT /images/{id}/labeled). */
  labeled: boolean;
  defectCount: number;
  suggestionCount: number;
  /** Marked labeled, or it has at least one (non-suggested) defect. */
  done: boolean;
}

/** One image side: a blade and a view index (path); images without them form their own group. */
export interface LabelingStatusSide {
  bladePosition: number | null;
  pathViewIndex: number | null;
  imageCount: number;
  doneCount: number;
  labeled: boolean;
}

export interface LabelingStatus {
  inspectionId: string;
  /** Every active image of every side is done (and there is at least one). */
  complete: boolean;
  activeImageCount: number;
  doneImageCount: number;
  pendingSuggestionCount: number;
  sides: LabelingStatusSide[];
  images: LabelingStatusImage[];
}
