/**
 * Multipart uploads with progress (RTK Query's fetch has no upload progress): the XMLHttpRequest
 * transport shared by the photo uploads and the import wizard's workbook.
 */
import { buildHeaders } from '@/core/api/baseQuery';
import { currentLocale } from '@/core/i18n';
import { renewAccess } from '@/core/session/renew';
import { getAccessToken, getClientId } from '@/core/session/session';
import { STORAGE_KEYS } from '@/core/session/storageKeys';

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

/** An answer of the XHR transport, with its headers. */
interface XhrAnswer extends UploadResponse {
  header(name: string): string | null;
}

/**
 * One request through XMLHttpRequest (the only browser transport that reports upload progress),
 * with the headers every call carries (bearer token, locale, client id; SPEC §7), never a token in
 * the URL. Status 0: no answer (connection lost) or stopped through `signal`.
 */
function xhrRequest(
  method: string,
  url: string,
  extra: Record<string, string>,
  body: XMLHttpRequestBodyInit | null,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<XhrAnswer> {
  const headers = { ...buildHeaders({ locale: currentLocale(), clientId: getClientId(), accessToken: getAccessToken() }, {}), ...extra };
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const header = (name: string) => xhr.getResponseHeader(name);
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded, e.total);
    };
    xhr.onload = () => {
      let answer: unknown = xhr.responseText;
      try {
        answer = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON (a proxy's page): keep the text, the message lookup falls back to it
      }
      resolve({ status: xhr.status, body: answer, header });
    };
    xhr.onerror = () => resolve({ status: 0, body: null, header });
    xhr.onabort = () => resolve({ status: 0, body: null, aborted: true, header });
    if (signal?.aborted) return resolve({ status: 0, body: null, aborted: true, header });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** POSTs a multipart form and reports the bytes sent. */
export function sendForm(
  url: string,
  form: FormData,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return xhrRequest('POST', url, {}, form, onProgress, signal);
}

/** tus chunk: below nginx's 25 MB body limit in front of the services (docs/import.md). */
export const TUS_CHUNK_BYTES = 16 * 1024 * 1024;
/** Waits before asking again after a lost connection; then the upload gives up (and can be sent again). */
export const TUS_RETRY_MS = [1000, 3000, 5000, 10000];
const TUS = { 'Tus-Resumable': '1.0.0' };

/** Where an unfinished upload of this file to this endpoint is (so sending it again goes on from there). */
const resumeKey = (endpoint: string, file: File) => `${STORAGE_KEYS.tusUploadPrefix}${endpoint}:${file.name}:${file.size}:${file.lastModified}`;

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/**
 * Sends one file through tus 1.0.0 (import's resumable archives): creates the upload (or takes up
 * the one this browser left unfinished for the same file and endpoint), then sends chunks from the
 * offset the server holds. A lost connection waits and asks the server how much arrived (`HEAD`),
 * then goes on from there; an expired token is renewed once. Answers the last request: the
 * server's answer to the last byte, a refusal, or status 0 when the connection stayed lost (the
 * upload can be sent again and resumes) or `signal` stopped it.
 */
export async function sendResumable(
  endpoint: string,
  file: File,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<UploadResponse> {
  const key = resumeKey(endpoint, file);
  let location = localStorage.getItem(key);
  let offset: number | null = location ? null : 0;
  let failures = 0;
  let renewed = false;
  const forget = () => {
    localStorage.removeItem(key);
    location = null;
    offset = 0;
  };
  for (;;) {
    if (signal?.aborted) return { status: 0, body: null, aborted: true };
    let r: XhrAnswer;
    if (!location) {
      r = await xhrRequest('POST', endpoint, { ...TUS, 'Upload-Length': String(file.size), 'Upload-Metadata': `filename ${base64(file.name)}` }, null, undefined, signal);
      if (r.status === 201 && r.header('Location')) {
        location = r.header('Location')!;
        localStorage.setItem(key, location);
        offset = 0;
        continue;
      }
    } else if (offset === null) {
      r = await xhrRequest('HEAD', location, TUS, null, undefined, signal);
      if (r.status >= 200 && r.status < 300 && r.header('Upload-Offset') !== null) {
        offset = Number(r.header('Upload-Offset'));
        onProgress(offset, file.size);
        continue;
      }
      if (r.status === 404 || r.status === 410) {
        forget();
        continue;
      }
    } else {
      const from = offset;
      const chunk = file.slice(from, Math.min(file.size, from + TUS_CHUNK_BYTES));
      r = await xhrRequest(
        'PATCH',
        location,
        { ...TUS, 'Upload-Offset': String(from), 'Content-Type': 'application/offset+octet-stream' },
        chunk,
        (loaded) => onProgress(from + loaded, file.size),
        signal,
      );
      if (r.status === 204 && r.header('Upload-Offset') !== null) {
        offset = Number(r.header('Upload-Offset'));
        failures = 0;
        continue;
      }
      if (r.status === 200) {
        // The last byte: the server checked the whole file and answered.
        localStorage.removeItem(key);
        return r;
      }
      if (r.status === 409) {
        offset = null; // another tab or a lost answer moved the offset: ask again
        continue;
      }
      if (r.status === 404 || r.status === 410) {
        forget();
        continue;
      }
    }
    if (r.aborted) return r;
    if (r.status === 401 && !renewed) {
      renewed = true;
      if (await renewAccess()) continue;
    }
    if (r.status !== 0) {
      // A refusal (the server removed the upload): the next attempt starts a new one.
      localStorage.removeItem(key);
      return r;
    }
    if (failures >= TUS_RETRY_MS.length) return r;
    await wait(TUS_RETRY_MS[failures++]!);
    if (location) offset = null;
  }
}
