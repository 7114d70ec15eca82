import { importApi as generated } from '@/core/api/generated/import';
import { sendForm, type UploadResponse } from '@/shared/upload';

export type * from '@/core/api/generated/import';

/** The tag every sheet-import query provides; the live socket invalidates it. */
export const SHEET_IMPORT_TAG = 'sheet imports';

/**
 * The import service's generated endpoints (npm run openapi) with the invalidations the document
 * cannot know: every step changes the open run and the queue list.
 */
export const importApi = generated.enhanceEndpoints({
  addTagTypes: [SHEET_IMPORT_TAG],
  endpoints: {
    sheetImportsCurrent: { providesTags: [SHEET_IMPORT_TAG] },
    sheetImportsGet: { providesTags: [SHEET_IMPORT_TAG] },
    sheetImportsList: { providesTags: [SHEET_IMPORT_TAG] },
    sheetImportsCreate: { invalidatesTags: [SHEET_IMPORT_TAG] },
    sheetImportsProcess: { invalidatesTags: [SHEET_IMPORT_TAG] },
    sheetImportsCancel: { invalidatesTags: [SHEET_IMPORT_TAG] },
    sheetImportsDismiss: { invalidatesTags: [SHEET_IMPORT_TAG] },
  },
});

export const {
  useSheetImportsCurrentQuery,
  useSheetImportsListQuery,
  useSheetImportsCreateMutation,
  useSheetImportsProcessMutation,
  useSheetImportsCancelMutation,
  useSheetImportsDismissMutation,
} = importApi;

export const IMPORT_API = '/gw/import/api/v2';

/** Step 2: the workbook as multipart `file`, with upload progress (XMLHttpRequest, like photo uploads). */
export function uploadWorkbook(sheetImportId: string, file: File, onProgress: (loaded: number, total: number) => void): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return sendForm(`${IMPORT_API}/sheet-imports/${sheetImportId}/workbook`, form, onProgress);
}
