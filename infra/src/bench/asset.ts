import { performance } from 'node:perf_hooks';
import { seedLarge, LARGE_DEFAULTS } from '../seed/large.js';
import { listsAgainstFloor } from './sql-floor.js';
import { load } from './http-load.js';
import type { BenchTarget } from './fixtures.js';
import { percentile } from './stats.js';

/** Park list and turbines-of-a-park under load, and the map's one-call payload, on the large registry. */
export async function benchAsset(t: BenchTarget, seconds: number) {
  const seeded = await seedLarge(t.databaseUrl, LARGE_DEFAULTS);
  const headers = { authorization: `Bearer ${t.token}` };
  const parks = (await (
    await fetch(`${t.url}/context/api/v1/plants?pageSize=1&fieldToSort=windFarmName&windFarmName=park%201`, { headers })
  ).json()) as {
    results: { windFarmId: string }[];
  };
  const parkId = parks.results[0]!.windFarmId;
  const lists = await listsAgainstFloor(
    t,
    'asset',
    'asset',
    [
      ['GET /context/api/v1/plants (page of 20)', '/context/api/v1/plants?pageSize=20'],
      ['GET /context/api/v1/plants/{id}/turbines (page of 20 of 50)', `/context/api/v1/plants/${parkId}/turbines?pageSize=20`],
    ],
    50,
    seconds,
  );
  // The least any request through the gateway costs here: asset's /health (Fastify only, no Nest
  // pipeline, no token, one SELECT 1) under the same load. A list whose own SQL floor is cheaper
  // than about twice this cannot be within 1.5× of it, however lean the service.
  const health = await load({ url: `${t.url}/gw/asset/health`, connections: 50, seconds });
  const times: number[] = [];
  let bytes = 0;
  let count = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const r = await fetch(`${t.url}/context/api/v1/plants?pageSize=500`, { headers: { ...headers, 'accept-encoding': 'identity' } });
    const text = await r.text();
    times.push(performance.now() - t0);
    bytes = Buffer.byteLength(text);
    count = (JSON.parse(text) as { results: unknown[] }).results.length;
  }
  return {
    seedSeconds: seeded.seconds,
    lists,
    health: { call: 'GET /gw/asset/health (gateway → Fastify → SELECT 1)', ...health },
    map: { parks: count, 'payload kB': bytes / 1024, 'median ms': percentile(times, 50) },
  };
}
