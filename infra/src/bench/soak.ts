import { execFileSync } from 'node:child_process';
import { SERVICE_NAMES, type ServiceName } from '@windward/contracts';
import type { Platform } from '../launcher/platform.js';
import { load } from './http-load.js';

type Body = Record<string, unknown>;

/** RSS (MiB) of a process, from ps; null when it is gone. */
function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    return Math.round(Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024);
  } catch {
    return null;
  }
}

async function getJson(url: string, token: string): Promise<Body> {
  const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (r.status !== 200) throw new Error(`GET ${url}: ${r.status}`);
  return (await r.json()) as Body;
}

/**
 * Load held (issue #16): the main read paths of the daily users at once through the gateway —
 * 200 connections in all, each path with its own demo user's token — for `seconds` (10 minutes
 * by default), with every service's RSS at the start, four times during the run and at the end.
 */
export async function benchSoak(
  platform: Platform,
  signIn: (username: string, password: string) => Promise<string>,
  seconds: number,
  connections = 200,
): Promise<{ paths: Record<string, string | number>[]; memory: Record<string, string | number>[] }> {
  const engineer = await signIn('engineer', 'Demo@2026');
  const labeler = await signIn('labeler', 'Demo@2026');
  const reader = await signIn('customer-reader', 'Demo@2026');
  // The customer reader sees the fewest parks: take one of theirs, a turbine of it with inspections.
  const park = ((await getJson(`${platform.url}/context/api/v1/plants?pageSize=50`, reader)).results as Body[])[0]!;
  // The demo inspections reach asset's read model by event, shortly after the start.
  let turbine: Body | undefined;
  for (const until = Date.now() + 120_000; !turbine && Date.now() < until; await new Promise((r) => setTimeout(r, 1000))) {
    const turbines = (await getJson(`${platform.url}/context/api/v2/plants/${park.windFarmId}/all-turbines`, reader)) as unknown as Body[];
    turbine = turbines.find((t) => ((t.inspections as Body[] | undefined) ?? []).length > 0);
  }
  if (!turbine) throw new Error(`soak: no inspected turbine in ${String(park.windFarmName)}`);
  const inspectionId = (turbine.inspections as Body[])[0]!.inspectionId;
  const paths: [string, string, string][] = [
    ['GET /context/api/v1/plants (page of 20)', '/context/api/v1/plants?pageSize=20', engineer],
    ['GET /context/api/v2/plants/{id}/all-turbines', `/context/api/v2/plants/${park.windFarmId}/all-turbines`, engineer],
    ['GET /gw/inspection/api/v2/inspections?turbineId', `/gw/inspection/api/v2/inspections?turbineId=${turbine.turbineId}`, reader],
    ['GET /gw/inspection/api/v2/defects?inspectionId (page of 20)', `/gw/inspection/api/v2/defects?inspectionId=${inspectionId}&pageSize=20`, engineer],
    ['GET /gw/task/api/v2/tasks/pool', '/gw/task/api/v2/tasks/pool?pageSize=20', labeler],
  ];
  const users = new Map([
    [engineer, 'engineer'],
    [labeler, 'labeler'],
    [reader, 'customer-reader'],
  ]);
  const services = SERVICE_NAMES as readonly ServiceName[];
  const before = Object.fromEntries(services.map((s) => [s, rssMiB(platform.servicePid(s))]));
  // A path that does not answer 200 before the run would only measure refusals.
  for (const [label, path, token] of paths) {
    const r = await fetch(`${platform.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (r.status !== 200) throw new Error(`soak: ${label} answers ${r.status}: ${(await r.text()).slice(0, 300)}`);
  }
  const each = Math.floor(connections / paths.length);
  // RSS over time: five samples during the run, so a leak (steady growth) shows apart from V8
  // sizing its heap to the load (a step at the start, then level).
  const samples: { label: string; rss: Record<string, number | null> }[] = [];
  const timers = [1, 2, 3, 4].map((k) =>
    setTimeout(() => {
      const at = Math.round((seconds * k) / 5);
      samples.push({ label: at >= 120 ? `${Math.round(at / 60)} min` : `${at} s`, rss: Object.fromEntries(services.map((x) => [x, rssMiB(platform.servicePid(x))])) });
    }, (seconds * 1000 * k) / 5),
  );
  const results = await Promise.all(
    paths.map(async ([label, path, token]) => ({
      path: label,
      user: users.get(token)!,
      ...(await load({ url: `${platform.url}${path}`, connections: each, seconds, headers: { authorization: `Bearer ${token}` } })),
    })),
  );
  timers.forEach(clearTimeout);
  const after = Object.fromEntries(services.map((s) => [s, rssMiB(platform.servicePid(s))]));
  const memory = services.map((s) => ({
    service: s,
    'RSS MiB at start': before[s] ?? '—',
    ...Object.fromEntries(samples.map((x) => [x.label, x.rss[s] ?? 'gone'])),
    'RSS MiB at end': after[s] ?? 'gone',
  }));
  return { paths: results, memory };
}
