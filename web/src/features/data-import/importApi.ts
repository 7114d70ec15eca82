import { importApi as generated } from '@/core/api/generated/import';
import { sendForm, sendResumable, type UploadResponse } from '@/shared/upload';

export type * from '@/core/api/generated/import';

/** The tag every sheet-import query provides; the live socket invalidates it. */
export const SHEET_IMPORT_TAG = 'sheet imports';
/** Saved column mappings (another vendor's workbooks). */
export const COLUMN_MAPPING_TAG = 'column mappings';

/**
 * The import service's generated endpoints (npm run openapi) with the invalidations the document
 * cannot know: every step changes the open run and the queue list.
 */
export const importApi = generated.enhanceEndpoints({
  addTagTypes: [SHEET_IMPORT_TAG, COLUMN_MAPPING_TAG],
  endpoints: {
    sheetImportsCurrent: { providesTags: [SHEET_IMPORT_TAG] },
    sheetImportsGet: { providesTags: [SHEET_IMPORT_TAG] },
    sheetImportsList: { providesTags: [SHEET_IMPORT_TAG] },
    sheetImportsCreate: { invalidatesTags: [SHEET_IMPORT_TAG] },
    sheetImportsProcess: { invalidatesTags: [SHEET_IMPORT_TAG] },
    sheetImportsCancel: { invalidatesTags: [SHEET_IMPORT_TAG] },
    sheetImportsDismiss: { invalidatesTags: [SHEET_IMPORT_TAG] },
    columnMappingsList: { providesTags: [COLUMN_MAPPING_TAG] },
    columnMappingsCreate: { invalidatesTags: [COLUMN_MAPPING_TAG] },
    columnMappingsUpdate: { invalidatesTags: [COLUMN_MAPPING_TAG] },
    columnMappingsRemove: { invalidatesTags: [COLUMN_MAPPING_TAG] },
  },
});

export const {
  useSheetImportsCurrentQuery,
  useSheetImportsListQuery,
  useSheetImportsCreateMutation,
  useSheetImportsProcessMutation,
  useSheetImportsCancelMutation,
  useSheetImportsDismissMutation,
  useColumnMappingsListQuery,
  useColumnMappingsCreateMutation,
  useColumnMappingsUpdateMutation,
} = importApi;

export const IMPORT_API = '/gw/import/api/v2';

/**
 * Step 2: the workbook as multipart `file`, with upload progress (XMLHttpRequest, like photo
 * uploads); `mappingId` reads another vendor's workbook through a saved column mapping.
 */
export function uploadWorkbook(
  sheetImportId: string,
  file: File,
  onProgress: (loaded: number, total: number) => void,
  mappingId: string | null = null,
): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = mappingId ? `?mappingId=${encodeURIComponent(mappingId)}` : '';
  return sendForm(`${IMPORT_API}/sheet-imports/${sheetImportId}/workbook${query}`, form, onProgress);
}

/**
 * Step 3: one archive (`file`) or many photos (`files`) in one request, with upload progress;
 * `append`: photos added to those already matched (the per-file queue), `signal` stops it (pause).
 */
export function uploadImages(
  sheetImportId: string,
  files: File[],
  archive: boolean,
  onProgress: (loaded: number, total: number) => void,
  options: { append?: boolean; signal?: AbortSignal } = {},
): Promise<UploadResponse> {
  const form = new FormData();
  for (const f of files) form.append(archive ? 'file' : 'files', f, f.name);
  const query = options.append ? '?append=true' : '';
  return sendForm(`${IMPORT_API}/sheet-imports/${sheetImportId}/images${query}`, form, onProgress, options.signal);
}

/**
 * Step 3's archive, resumable (tus): a lost connection goes on from the bytes that arrived, and
 * sending the same file again after leaving the page takes up its unfinished upload.
 */
export function uploadImagesArchive(sheetImportId: string, file: File, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<UploadResponse> {
  return sendResumable(`${IMPORT_API}/sheet-imports/${sheetImportId}/images/tus`, file, onProgress, signal);
}
