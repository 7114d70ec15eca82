/*
 * Lists of hundreds of thumbnails load each one only when it comes into (or near) the view. One
 * IntersectionObserver per margin serves them all: an observer per element cost as much as the
 * list itself to set up.
 */

type Seen = () => void;
const watchers = new Map<Element, Seen>();
const observers = new Map<string, IntersectionObserver>();

/**
 * Calls `seen` once, when `el` first comes within `rootMargin` of the view (at once where the
 * browser has no IntersectionObserver). Returns the function that stops watching.
 */
export function whenVisible(el: Element, seen: Seen, rootMargin = '0px'): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    seen();
    return () => undefined;
  }
  let observer = observers.get(rootMargin);
  if (!observer) {
    const created = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          watchers.get(e.target)?.();
          watchers.delete(e.target);
          created.unobserve(e.target);
        }
      },
      { rootMargin },
    );
    observers.set(rootMargin, created);
    observer = created;
  }
  watchers.set(el, seen);
  observer.observe(el);
  const watching = observer;
  return () => {
    watchers.delete(el);
    watching.unobserve(el);
  };
}
