import type { Labels } from './locale.js';

/** Status of one file in the upload wizard (SPEC §4). */
export const UploadFileStatus = {
  RESOLVING: 0,
  WAITING_FOR_UPLOAD: 1,
  UPLOADING: 2,
  UPLOADED: 3,
  VERIFYING: 4,
  VERIFY_SUCCESS: 5,
  WAREHOUSING: 6,
  ALL_DATA_UPLOADED: 7,
  FAILED: 8,
} as const;
export type UploadFileStatus = (typeof UploadFileStatus)[keyof typeof UploadFileStatus];

export const UPLOAD_FILE_STATUS_LABELS = {
  en_us: {
    0: 'Resolving',
    1: 'Waiting for upload',
    2: 'Uploading',
    3: 'Uploaded',
    4: 'Verifying',
    5: 'Verified',
    6: 'Warehousing',
    7: 'All data uploaded',
    8: 'Failed',
  },
  zh_cn: {
    0: '解析中',
    1: '等待上传',
    2: '上传中',
    3: '已上传',
    4: '校验中',
    5: '校验成功',
    6: '入库中',
    7: '数据已全部上传',
    8: '失败',
  },
} as const satisfies Labels<UploadFileStatus>;

/** Upload task status (SPEC §4). No codes in the spec, so values are the key names. */
export const UploadTaskStatus = {
  FAILED: 'FAILED',
  SUCCEEDED: 'SUCCEEDED',
  CANCELLED: 'CANCELLED',
  PROCESSING: 'PROCESSING',
} as const;
export type UploadTaskStatus = (typeof UploadTaskStatus)[keyof typeof UploadTaskStatus];

export const UPLOAD_TASK_STATUS_LABELS = {
  en_us: { FAILED: 'Failed', SUCCEEDED: 'Succeeded', CANCELLED: 'Cancelled', PROCESSING: 'Processing' },
  zh_cn: { FAILED: '失败', SUCCEEDED: '成功', CANCELLED: '已取消', PROCESSING: '处理中' },
} as const satisfies Labels<UploadTaskStatus>;

/** Upload progress codes 1..8 reported while an import runs (SPEC §4). */
export const UploadProgress = {
  UPLOADING: 1,
  UPLOADED: 2,
  VERIFYING: 3,
  VERIFIED: 4,
  IMAGE_UPLOADING: 5,
  IMAGE_UPLOADED: 6,
  IMPORTING: 7,
  IMPORTED: 8,
} as const;
export type UploadProgress = (typeof UploadProgress)[keyof typeof UploadProgress];

export const UPLOAD_PROGRESS_LABELS = {
  en_us: {
    1: 'Uploading',
    2: 'Uploaded',
    3: 'Verifying',
    4: 'Verified',
    5: 'Uploading images',
    6: 'Images uploaded',
    7: 'Importing',
    8: 'Imported',
  },
  zh_cn: {
    1: '上传中',
    2: '已上传',
    3: '校验中',
    4: '已校验',
    5: '图片上传中',
    6: '图片已上传',
    7: '导入中',
    8: '已导入',
  },
} as const satisfies Labels<UploadProgress>;

/** Steps of the 5-step import wizard (SPEC §2). */
export const ImportWizardStep = {
  BASIC_CONFIG: 1,
  VERIFY_EXCEL: 2,
  UPLOAD_IMAGES: 3,
  DATA_PROCESSING: 4,
  FINISH: 5,
} as const;
export type ImportWizardStep = (typeof ImportWizardStep)[keyof typeof ImportWizardStep];

export const IMPORT_WIZARD_STEP_LABELS = {
  en_us: { 1: 'Basic config', 2: 'Verify Excel file', 3: 'Upload images', 4: 'Data processing', 5: 'Finish' },
  zh_cn: { 1: '基础配置', 2: '校验Excel文件', 3: '上传图片', 4: '数据处理', 5: '完成' },
} as const satisfies Labels<ImportWizardStep>;
