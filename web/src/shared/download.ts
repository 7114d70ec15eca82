import { buildHeaders, buildUrl, type RequestArgs } from '@/core/api/baseQuery';
import { currentLocale } from '@/core/i18n';
import { getAccessToken, getClientId } from '@/core/session/session';
import { lookupMessage } from '@/shared/contracts';

/** A refused download, with the server's message translated (the catalogue's code). */
export class DownloadError extends Error {}

/** The file name of a `content-disposition` header (plain or RFC 5987 `filename*`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall back to the plain name */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Fetches a protected file with the same headers as every call (bearer token, locale, client id —
 * never a token in the URL). Throws DownloadError with the server's refusal in the interface language.
 */
export async function fetchProtected(url: string, params?: RequestArgs['params']): Promise<{ blob: Blob; name: string | null }> {
  const locale = currentLocale();
  const headers = buildHeaders(
    { locale, clientId: getClientId(localStorage), accessToken: getAccessToken(localStorage) },
    { headers: { Accept: '*/*' } },
  );
  const response = await fetch(buildUrl(url, params), { headers });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: the text itself */
    }
    throw new DownloadError(lookupMessage(body, locale, url));
  }
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition')) };
}
