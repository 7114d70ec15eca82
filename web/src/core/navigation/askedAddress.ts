/**
 * The address the user asked for, as a hash ("#/path?query"). While a page's code still loads,
 * the router has not committed the navigation yet (and a link's push has not reached the address
 * bar), so the pending navigation's target is the newest request. The app's router registers
 * itself here; without one the address bar answers.
 */
type Source = () => string | null;

let source: Source | null = null;

export function setAskedAddressSource(next: Source | null): void {
  source = next;
}

export function askedAddress(fallback: Pick<Location, 'hash'> = window.location): string {
  return source?.() ?? fallback.hash;
}

interface RouterLike {
  state: {
    location: { pathname: string; search: string };
    navigation: { location?: { pathname: string; search: string } | null };
  };
}

/** The pending navigation's target, else the committed location, of a data router. */
export function routerAskedAddress(router: RouterLike): string {
  const target = router.state.navigation.location ?? router.state.location;
  return `#${target.pathname}${target.search}`;
}
