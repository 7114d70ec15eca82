/** The data import screens' share of the shared vocabulary (@windward/contracts). */
export {
  ComponentType,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_WIZARD_STEP_LABELS,
  ImportWizardStep,
  Rights,
  UPLOAD_PROGRESS_LABELS,
  UploadFileStatus,
  UploadProgress,
  checkSpreadsheetFile,
  errorText,
  hasRight,
  lookupMessage,
  socketPath,
} from '@windward/contracts';
export type { Locale } from '@windward/contracts';
