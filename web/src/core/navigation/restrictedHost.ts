/** Routes reachable on a restricted viewer host (SPEC §2). */
export const VIEWER_HOST_ROUTES = ['/viewDefect', '/login'] as const;

export function isViewerHost(location: { host: string; hostname: string }, viewerHosts: readonly string[]): boolean {
  const candidates = [location.host.toLowerCase(), location.hostname.toLowerCase()];
  return viewerHosts.some((h) => candidates.includes(h.trim().toLowerCase()));
}

/** On a viewer host anything but /viewDefect and /login goes to /login; elsewhere null (no redirect). */
export function restrictedHostRedirect(
  location: { host: string; hostname: string },
  viewerHosts: readonly string[],
  pathname: string,
): string | null {
  if (!isViewerHost(location, viewerHosts)) return null;
  const allowed = VIEWER_HOST_ROUTES.some((r) => pathname === r || pathname.startsWith(`${r}/`));
  return allowed ? null : '/login';
}
