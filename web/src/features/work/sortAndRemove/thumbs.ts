import { useEffect, useState, type RefObject } from 'react';
import { imageHeaders } from '@/shared/viewer/authedFetch';
import { whenVisible } from '@/shared/utils/whenVisible';

/*
 * Thumbnails need the bearer token (docs/inspection.md decision 9), so `<img src>` cannot fetch
 * them itself. They load when their tile scrolls near the view (`whenVisible`, one shared observer),
 * at most 6 at a time, and stay cached as object URLs while the tool is open.
 */

const MAX_PARALLEL = 6;
const cache = new Map<string, Promise<string>>();
const queue: (() => void)[] = [];
let running = 0;

function next(): void {
  while (running < MAX_PARALLEL && queue.length) {
    running++;
    queue.shift()!();
  }
}

/** The object URL of a protected image (fetched once, then cached). */
export function loadImage(url: string): Promise<string> {
  let p = cache.get(url);
  if (!p) {
    p = new Promise<string>((resolve, reject) => {
      queue.push(() => {
        fetch(url, { headers: imageHeaders() })
          .then(async (r) => {
            if (!r.ok) throw new Error(String(r.status));
            const blob = await r.blob();
            resolve(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : url);
          })
          .catch(reject)
          .finally(() => {
            running--;
            next();
          });
      });
      next();
    });
    // A failed load may be retried later (e.g. tiles were still being made).
    p.catch(() => cache.delete(url));
    cache.set(url, p);
  }
  return p;
}

/** Frees every cached object URL (the tool closes). */
export function clearImageCache(): void {
  for (const p of cache.values()) {
    void p
      .then((src) => src.startsWith('blob:') && typeof URL.revokeObjectURL === 'function' && URL.revokeObjectURL(src))
      .catch(() => undefined);
  }
  cache.clear();
}

/** The thumbnail's object URL once its element has come near the view; `failed` when it cannot load. */
export function useLazyImage(url: string | null, ref: RefObject<Element | null>): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; src: string | null; failed: boolean }>({ url: null, src: null, failed: false });
  useEffect(() => {
    const el = ref.current;
    if (!url || !el) return;
    let live = true;
    const stop = whenVisible(
      el,
      () => {
        loadImage(url).then(
          (src) => live && setState({ url, src, failed: false }),
          () => live && setState({ url, src: null, failed: true }),
        );
      },
      '200px',
    );
    return () => {
      live = false;
      stop();
    };
  }, [url, ref]);
  return state.url === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}

/** A protected image loaded right away (the preview). */
export function useImage(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; src: string | null; failed: boolean }>({ url: null, src: null, failed: false });
  useEffect(() => {
    if (!url) return;
    let live = true;
    loadImage(url).then(
      (src) => live && setState({ url, src, failed: false }),
      () => live && setState({ url, src: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return state.url === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}
