import { createTestDatabase } from '@windward/service-kit/testing';
import { startPlatform } from '../launcher/platform.js';
import { measureEventLatency } from './event-latency.js';
import { load } from './http-load.js';
import { printTable } from './stats.js';
import { benchDefectList, benchTiles } from './inspection.js';
import { timeToFirstTile } from './inspection-viewer.js';
import { benchStitching } from './stitching.js';
import { benchTaskFlow } from './task-flow.js';
import { benchAsset } from './asset.js';
import { initialBundle, loginFirstRender } from './web.js';

/**
 * `npm run bench`: prints the platform's figures as tables (copy them into docs/performance.md).
 * Uses TEST_DATABASE_URL's server when set, else an embedded PostgreSQL.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const db = await createTestDatabase();
try {
  printTable('Event latency, outbox commit → consumer handler (PostgreSQL bus, 2,000 events per run)', [
    await measureEventLatency(db, 2000, 4, 200),
    await measureEventLatency(db, 2000, 8, 0),
  ]);

  const platform = await startPlatform({ databaseUrl: db.url, portBase: 23000, gatewayPort: 23009, seedDemo: true, env: { LOG_LEVEL: 'error' }, log: () => undefined });
  try {
    const direct = await load({ url: `${platform.serviceUrls.identity}/health`, connections: 20, seconds });
    const viaGateway = await load({ url: `${platform.url}/gw/identity/health`, connections: 20, seconds });
    printTable(`Gateway overhead: GET /health of identity, 20 connections, ${seconds} s each (autocannon)`, [
      { path: 'direct', ...direct },
      { path: 'through gateway', ...viaGateway },
      {
        path: 'ratio gateway/direct',
        requests: '',
        'req/s': viaGateway['req/s'] / direct['req/s'],
        'p50 ms': viaGateway['p50 ms'] / direct['p50 ms'],
        'p95 ms': viaGateway['p95 ms'] / direct['p95 ms'],
        'p99 ms': viaGateway['p99 ms'] / direct['p99 ms'],
        non2xx: '',
      },
    ]);

    const basic = `Basic ${Buffer.from('windward-web:windward-web-secret').toString('base64')}`;
    const signIn = async (username: string, password: string) => {
      const body = new URLSearchParams({ grant_type: 'password', username, password, scope: '' }).toString();
      const r = await fetch(`${platform.url}/oauth/token`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body });
      return ((await r.json()) as { access_token: string }).access_token;
    };
    const form = new URLSearchParams({ grant_type: 'password', username: 'engineer', password: 'Demo@2026', scope: '' }).toString();
    const signInLoad = await load({
      url: `${platform.url}/oauth/token`,
      method: 'POST',
      connections: 50,
      seconds,
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    const me = await load({ url: `${platform.url}/context/api/v1/accounts/me`, connections: 50, seconds, headers: { authorization: `Bearer ${await signIn('engineer', 'Demo@2026')}` } });
    printTable(`Identity through the gateway, 50 concurrent clients, ${seconds} s each`, [
      { call: 'POST /oauth/token (bcrypt cost 10)', ...signInLoad },
      { call: 'GET /context/api/v1/accounts/me', ...me },
    ]);

    printTable('Web console: initial route bundle (index.html scripts, preloads, styles)', [initialBundle()]);
    printTable('Web console: time to first render of the login page (headless Chromium, through the gateway, fresh context)', [
      await loginFirstRender(platform.url),
    ]);

    // BENCH_ASSET=0 skips the asset figures on the large registry (200 parks, 10,000 turbines).
    if (process.env.BENCH_ASSET !== '0') {
      const a = await benchAsset({ url: platform.url, databaseUrl: db.url, token: await signIn('admin', 'Wind@2026') }, seconds);
      printTable(`Asset on the large registry (seeded in ${a.seedSeconds.toFixed(1)} s), 50 concurrent clients, ${seconds} s each`, a.lists);
      printTable('Asset: map data for every park in one call (GET /context/api/v1/plants?pageSize=500), median of 5', [a.map]);
    }

    // BENCH_INSPECTION=0 skips the inspection figures (about a minute: 20-MP tiles, 200,000 defects).
    if (process.env.BENCH_INSPECTION !== '0') {
      // The data admin sees every park (the demo engineer's scope is narrower).
      const target = { url: platform.url, databaseUrl: db.url, token: await signIn('data-admin', 'Demo@2026') };
      printTable('Inspection: thumbnails + deep-zoom tiles of 20-megapixel JPEGs (upload → pg-boss job → sharp → file store)', [
        await benchTiles(target, Number(process.env.BENCH_TILE_IMAGES ?? 6)),
      ]);
      // BENCH_VIEWER_RUNS (default 10) fresh browser contexts open /viewDefect of a demo defect.
      const viewer = { url: platform.url, token: target.token, username: 'data-admin', password: 'Demo@2026' };
      printTable(
        'Inspection: time to first tile in the viewer (/#/viewDefect → first image_files tile; headless Chromium, fresh context)',
        [await timeToFirstTile(viewer, Number(process.env.BENCH_VIEWER_RUNS ?? 10))],
      );
      const list = await benchDefectList(target, 200_000, 50, seconds);
      printTable(`Inspection: defect list of one park with 200,000 defects (seeded in ${list.seedSeconds.toFixed(1)} s), 50 concurrent clients, ${seconds} s each`, list.rows);
    }

    // BENCH_STITCHING=0 skips the stitching figures (about a minute: 20 photos of 2000 × 1500 on one path, stitched twice).
    if (process.env.BENCH_STITCHING !== '0') {
      const target = {
        url: platform.url,
        databaseUrl: db.url,
        token: await signIn('data-admin', 'Demo@2026'),
        inspectionUrl: platform.serviceUrls.inspection,
      };
      printTable(
        'Inspection: stitching one blade path into a panorama with deep-zoom tiles (POST → pg-boss job → sharp → file store)',
        await benchStitching(target, Number(process.env.BENCH_STITCH_IMAGES ?? 20)),
      );
    }

    // BENCH_TASKFLOW=0 skips the task-flow figures (about 30 s: 100,000 tasks, 200 sockets).
    if (process.env.BENCH_TASKFLOW !== '0') {
      const tf = await benchTaskFlow(
        { url: platform.url, databaseUrl: db.url, token: await signIn('admin', 'Wind@2026') },
        { clients: 200, events: Number(process.env.BENCH_TASKFLOW_EVENTS ?? 100), tasks: 100_000, connections: 50, seconds },
      );
      printTable('Task-flow: task change commit → socket.io task.changed at 200 connected clients (through the gateway)', [tf.latency]);
      printTable(`Task-flow: task lists with 100,000 tasks (seeded in ${tf.seedSeconds.toFixed(1)} s), 50 concurrent clients, ${seconds} s each`, tf.lists);
    }
  } finally {
    await platform.stop();
  }
} finally {
  await db.drop();
}
process.exit(0);
