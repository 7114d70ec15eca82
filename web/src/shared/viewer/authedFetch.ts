import { useEffect, useState } from 'react';
import { getAccessToken } from '@/core/session/session';

/** Headers for the service's image files (thumbnails, .dzi, tiles): the bearer token like every call (decision 9). */
export function imageHeaders(token: string | null = getAccessToken()): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * An object URL for a protected image (fetched with the Authorization header, never a token in
 * the URL); revoked when the URL changes or the component goes away.
 */
export function useAuthedObjectUrl(url: string | null | undefined): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url) {
      setState({ src: null, failed: false });
      return;
    }
    let cancelled = false;
    let made: string | null = null;
    setState({ src: null, failed: false });
    fetch(url, { headers: imageHeaders() })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        const blob = await r.blob();
        if (cancelled) return;
        made = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : url;
        setState({ src: made, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ src: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (made && made !== url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(made);
    };
  }, [url]);
  return state;
}
