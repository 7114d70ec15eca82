/** The data import screens' share of the shared vocabulary (@windward/contracts). */
export {
  ComponentType,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MAPPING_NAME_MAX,
  IMPORT_MAPPING_TEXT_MAX,
  IMPORT_SHEETS,
  IMPORT_WIZARD_STEP_LABELS,
  ImportWizardStep,
  Rights,
  SHEET_SEVERITY_MAX,
  SHEET_SEVERITY_MIN,
  UPLOAD_PROGRESS_LABELS,
  UploadFileStatus,
  UploadProgress,
  checkSpreadsheetFile,
  errorText,
  hasRight,
  importMappingProblem,
  lookupMessage,
  socketPath,
} from '@windward/contracts';
export type { ImportMappingContent, Locale, SheetKey } from '@windward/contracts';
