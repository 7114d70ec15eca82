import type { RequestArgs } from '@/core/api/baseQuery';
import { fetchProtected, saveBlob } from '@/shared/download';

// The protected-download helpers are shared with the report feature's download queue.
export { DownloadError, fileNameOf, saveBlob } from '@/shared/download';

/** Downloads a protected file and saves it (the server's name, else `fallbackName`). */
export async function downloadFile(url: string, params: RequestArgs['params'], fallbackName: string): Promise<void> {
  const { blob, name } = await fetchProtected(url, params);
  saveBlob(blob, name ?? fallbackName);
}
