/**
 * Multipart uploads with progress (RTK Query's fetch has no upload progress): the XMLHttpRequest
 * transport shared by the photo uploads and the import wizard's workbook.
 */
import { buildHeaders } from '@/core/api/baseQuery';
import { currentLocale } from '@/core/i18n';
import { getAccessToken, getClientId } from '@/core/session/session';

/** Whole percent of `loaded` over `total`, within 0..100 (0 while the total is unknown). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

export interface UploadResponse {
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
  body: unknown;
  /** Stopped through the caller's signal (a paused upload). */
  aborted?: boolean;
}

/**
 * POSTs a multipart form with XMLHttpRequest and reports the bytes sent. The request carries the
 * headers every call carries (bearer token, locale, client id; SPEC §7), never a token in the URL.
 */
export function sendForm(
  url: string,
  form: FormData,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  const headers = buildHeaders({ locale: currentLocale(), clientId: getClientId(), accessToken: getAccessToken() }, {});
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON (a proxy's page): keep the text, the message lookup falls back to it
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.onabort = () => resolve({ status: 0, body: null, aborted: true });
    if (signal?.aborted) return resolve({ status: 0, body: null, aborted: true });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
