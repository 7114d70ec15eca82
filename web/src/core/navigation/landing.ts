import { Rights } from '@/shared/contracts';
import { isLandingCandidate } from '@/core/session/requestedHash';

/**
 * Landing after login (SPEC §2): the first requested hash address unless it is the
 * before-login, login or a callback route; otherwise by menu right.
 */
export function landingRoute(
  requested: string | null | undefined,
  menuRights: readonly string[],
  options: { viewerHost?: boolean } = {},
): string {
  if (options.viewerHost) {
    // Only /viewDefect (and /login) exist on a restricted viewer host.
    const path = requested?.replace(/^#/, '') ?? '';
    return path === '/viewDefect' || path.startsWith('/viewDefect?') ? path : '/viewDefect';
  }
  if (requested) {
    const path = requested.startsWith('#') ? requested.slice(1) : requested;
    if (path.startsWith('/') && isLandingCandidate(path)) return path;
  }
  const granted = new Set(menuRights);
  if (granted.has(Rights.MENU_MY_ASSET)) return '/explore';
  if (granted.has(Rights.MENU_REPAIR_OVERVIEW)) return '/repairPlan/repairCampaignList';
  if (granted.has(Rights.MENU_PERFORMANCE_STATISTICS)) return '/deliveryManagement/performanceStatistics';
  return '/explore';
}
