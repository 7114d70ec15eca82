import type { Labels } from './locale.js';

/**
 * Report file formats (SPEC §2 "Report export in PDF, Word and Excel"); `zip` is the Data Center's
 * image archive (issue #21: original photos per turbine/inspection and a manifest CSV).
 */
export const ReportFormat = { PDF: 'pdf', DOCX: 'docx', XLSX: 'xlsx', ZIP: 'zip' } as const;
export type ReportFormat = (typeof ReportFormat)[keyof typeof ReportFormat];
export const REPORT_FORMATS: readonly ReportFormat[] = Object.values(ReportFormat);
/** The formats of the report dialog (documents); the archive is only made from the Data Center. */
export const REPORT_DOCUMENT_FORMATS: readonly ReportFormat[] = REPORT_FORMATS.filter((f) => f !== ReportFormat.ZIP);
/**
 * Image archive limits (the spec names only the 2,500-defect export cap, which applies too):
 * at most 2,500 distinct photos and 2 GiB of photo bytes (fflate writes no ZIP64, whose
 * limit is 4 GiB); over either, the task fails with EXPORT_ARCHIVE_TOO_LARGE and no file is kept.
 */
export const ARCHIVE_MAX_IMAGES = 2500;
export const ARCHIVE_MAX_BYTES = 2 * 1024 ** 3;

/** Inspection's scope in the shared file store. */
export const INSPECTION_FILES_SCOPE = 'inspection';
/**
 * Where inspection keeps an image (within its scope): `images/<inspection>/<image>/` holding
 * `original.jpg` (JPEG) or `original.png`, thumbnails and tiles. The Data Center's image archive
 * (report) reads the originals of a search's images from here.
 */
export const inspectionImagePrefix = (inspectionId: string, imageId: string): string => `images/${inspectionId}/${imageId}`;
/** The shared-store keys an image's original may have (JPEG first). */
export const inspectionImageOriginalKeys = (inspectionId: string, imageId: string): string[] =>
  ['jpg', 'png'].map((ext) => `${INSPECTION_FILES_SCOPE}/${inspectionImagePrefix(inspectionId, imageId)}/original.${ext}`);

/** What a report is made for: the five creation routes of the report service. */
export const ReportScope = {
  PROJECT: 'project',
  PARK: 'park',
  TURBINE: 'turbine',
  INSPECTION: 'inspection',
  /** A repair campaign's defects with their repair status (issue #19). */
  REPAIR_CAMPAIGN: 'repairCampaign',
} as const;
export type ReportScope = (typeof ReportScope)[keyof typeof ReportScope];

/** Sections a report template switches on (Config Center). */
export const ReportSection = {
  COVER: 'cover',
  SUMMARY: 'summary',
  DEFECT_TABLE: 'defectTable',
  RECOMMENDATIONS: 'recommendations',
  /** Per turbine: blade map, photo crops with the defect polygons, LPS readings, repair status (issue #19). */
  TURBINE_DETAILS: 'turbineDetails',
} as const;
export type ReportSection = (typeof ReportSection)[keyof typeof ReportSection];
export const REPORT_SECTIONS: readonly ReportSection[] = Object.values(ReportSection);

/** A report task in the download queue. */
export const ReportTaskStatus = { QUEUED: 0, RENDERING: 1, DONE: 2, FAILED: 3, EXPIRED: 4 } as const;
export type ReportTaskStatus = (typeof ReportTaskStatus)[keyof typeof ReportTaskStatus];

export const REPORT_TASK_STATUS_LABELS = {
  en_us: { 0: 'Queued', 1: 'Rendering', 2: 'Ready', 3: 'Failed', 4: 'Expired' },
  zh_cn: { 0: '排队中', 1: '生成中', 2: '可下载', 3: '失败', 4: '已过期' },
} as const satisfies Labels<ReportTaskStatus>;

/** SPEC §9: an export holds at most 2500 defects (-13012 beyond). */
export const REPORT_MAX_DEFECTS = 2500;
