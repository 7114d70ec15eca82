import { describe, expect, it } from 'vitest';
import { Rights } from '@/shared/contracts';
import { landingRoute } from './landing';
import { restrictedHostRedirect } from './restrictedHost';

describe('landing after login', () => {
  it('goes to the first requested address when there is one', () => {
    expect(landingRoute('/inspection/turbine?turbineId=4', [])).toBe('/inspection/turbine?turbineId=4');
    expect(landingRoute('#/qaCenter/myTasks', [Rights.MENU_MY_ASSET])).toBe('/qaCenter/myTasks');
  });

  it('ignores before-login, login and callback routes', () => {
    for (const r of ['/before-login', '/login', '/casdoor-callback?code=x', '/casdoor-logout-callback', '/']) {
      expect(landingRoute(r, [Rights.MENU_REPAIR_OVERVIEW])).toBe('/repairPlan/repairCampaignList');
    }
  });

  it('falls back by menu right: my asset, repair overview, performance statistics, else /explore', () => {
    const all = [Rights.MENU_MY_ASSET, Rights.MENU_REPAIR_OVERVIEW, Rights.MENU_PERFORMANCE_STATISTICS];
    expect(landingRoute(null, all)).toBe('/explore');
    expect(landingRoute(null, all.slice(1))).toBe('/repairPlan/repairCampaignList');
    expect(landingRoute(null, [Rights.MENU_PERFORMANCE_STATISTICS])).toBe('/deliveryManagement/performanceStatistics');
    expect(landingRoute(undefined, [Rights.MENU_USER_CENTER])).toBe('/explore');
    expect(landingRoute('', [])).toBe('/explore');
  });
});

describe('landing on a restricted viewer host', () => {
  it('lands on /viewDefect (keeping its query) whatever the rights', () => {
    expect(landingRoute(null, [Rights.MENU_MY_ASSET], { viewerHost: true })).toBe('/viewDefect');
    expect(landingRoute('/viewDefect?defectId=123456', [], { viewerHost: true })).toBe('/viewDefect?defectId=123456');
    expect(landingRoute('/explore/globalMap', [], { viewerHost: true })).toBe('/viewDefect');
  });
});

describe('restricted viewer hosts', () => {
  const viewer = { host: 'viewer.example.com', hostname: 'viewer.example.com' };
  const viewerWithPort = { host: 'viewer.local:8443', hostname: 'viewer.local' };
  const normal = { host: 'console.example.com', hostname: 'console.example.com' };
  const hosts = ['viewer.example.com', 'VIEWER.local'];

  it('leaves other hosts alone', () => {
    expect(restrictedHostRedirect(normal, hosts, '/explore/globalMap')).toBeNull();
    expect(restrictedHostRedirect(viewer, [], '/explore/globalMap')).toBeNull();
  });

  it('allows only /viewDefect and /login on a viewer host', () => {
    expect(restrictedHostRedirect(viewer, hosts, '/viewDefect')).toBeNull();
    expect(restrictedHostRedirect(viewer, hosts, '/login')).toBeNull();
    expect(restrictedHostRedirect(viewerWithPort, hosts, '/viewDefect')).toBeNull();
  });

  it('sends anything else to /login', () => {
    for (const p of ['/', '/before-login', '/explore/globalMap', '/labeling', '/viewDefects', '/casdoor-callback']) {
      expect(restrictedHostRedirect(viewer, hosts, p)).toBe('/login');
      expect(restrictedHostRedirect(viewerWithPort, hosts, p)).toBe('/login');
    }
  });
});
