import { buildHeaders, type ApiError } from './baseQuery';
import { currentLocale } from '@/core/i18n';
import { getAccessToken, getClientId } from '@/core/session/session';

/**
 * Sends a multipart form (a file upload) with the headers every call carries. RTK Query's base
 * query sends JSON, so uploads go through here; a refusal comes back as an ApiError for the
 * usual message lookup, the answer's JSON as `data`.
 */
export async function postForm<T = unknown>(url: string, form: FormData): Promise<{ ok: true; data: T } | { ok: false; error: ApiError }> {
  const headers = buildHeaders({ locale: currentLocale(), clientId: getClientId(), accessToken: getAccessToken() }, {});
  try {
    const r = await fetch(url, { method: 'POST', headers, body: form });
    const data: unknown = await r.json().catch(() => null);
    if (r.ok) return { ok: true, data: data as T };
    return { ok: false, error: { status: r.status, data, message: '' } };
  } catch {
    return { ok: false, error: { status: 'NETWORK', message: '' } };
  }
}
