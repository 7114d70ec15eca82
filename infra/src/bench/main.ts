import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServiceName } from '@windward/contracts';
import { createTestDatabase } from '@windward/service-kit/testing';
import { kafkaScript } from '../launcher/kafka.js';
import { startPlatform, REPO_ROOT } from '../launcher/platform.js';
import { startNginx } from '../gateway/nginx-run.js';
import { measureEventLatency } from './event-latency.js';
import { load } from './http-load.js';
import { printTable } from './stats.js';
import { benchDefectList, benchTiles } from './inspection.js';
import { timeToFirstTile } from './inspection-viewer.js';
import { benchOverview } from './overview.js';
import { benchStitching } from './stitching.js';
import { benchArchive, benchSheetVerify } from './import.js';
import { signInForm, signInToken, waitForDemoData } from './fixtures.js';
import { panFrameTimes, seedLabelingTask, seedPolygons, timeToOpenLabeling, type DrawerMode } from './labeling.js';
import { benchTaskFlow } from './task-flow.js';
import { benchKillTaskFlow } from './kill.js';
import { benchRepair } from './repair.js';
import { benchDelivery } from './delivery.js';
import { benchPoolLive } from './live-pool.js';
import { benchReports } from './reports.js';
import { benchAsset } from './asset.js';
import { benchDataCenter } from './data-center.js';
import { initialBundle, loginFirstRender } from './web.js';
import { benchSoak } from './soak.js';

/**
 * `npm run bench`: prints the platform's figures as tables (copy them into docs/performance.md).
 * Uses TEST_DATABASE_URL's server when set, else an embedded PostgreSQL.
 *
 * `BENCH_BUS=kafka` starts the platform on Apache Kafka instead of the PostgreSQL bus.
 *
 * Parts: events, kill, gateway, identity, web, asset, inspection, datacenter, overview, stitching, import, taskflow, live, repair, delivery, reports, labeling. Each
 * runs unless `BENCH_<PART>=0`; `BENCH_ONLY=labeling,stitching` runs just the parts it lists.
 * `soak` (200 users for BENCH_SOAK_SECONDS, default 600) runs only when BENCH_ONLY names it.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY
  ? new Set(
      process.env.BENCH_ONLY.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
  : null;
const part = (name: string) => (only ? only.has(name) : process.env[`BENCH_${name.toUpperCase()}`] !== '0');
/** Another platform (e.g. a test harness) may hold the default ports. */
const portBase = Number(process.env.BENCH_PORT_BASE ?? 23000);
const db = await createTestDatabase();
try {
  if (part('events')) {
    // Both buses in the same run: Apache Kafka's broker started here (jars from Maven Central).
    const k = await kafkaScript();
    const broker = await k.startKafka({
      port: await k.freePort(),
      controllerPort: await k.freePort(),
      dataDir: mkdtempSync(path.join(tmpdir(), 'ww-bench-kafka-')),
    });
    try {
      const kafka = { kind: 'kafka', brokers: broker.brokers } as const;
      printTable('Event latency, outbox commit → consumer handler (2,000 events per run, both buses)', [
        await measureEventLatency(db, 2000, 4, 200),
        await measureEventLatency(db, 2000, 4, 200, kafka),
        await measureEventLatency(db, 2000, 8, 0),
        await measureEventLatency(db, 2000, 8, 0, kafka),
      ]);
      printTable('Apache Kafka broker (single node, KRaft)', [
        { version: broker.version, 'start s': broker.startMs / 1000, 'RSS MiB after the runs': broker.rssMiB() ?? 0 },
      ]);
    } finally {
      await broker.stop();
    }
  }

  // Each service records its statements while SIGUSR2 says so: a list's own SQL is its floor (sql-floor.ts).
  const traceDir = mkdtempSync(path.join(tmpdir(), 'ww-bench-sql-'));
  // BENCH_PROFILE=<part of a list's label>: the list's service keeps a CPU profile of its load.
  // A BENCH_PROFILE_DIR given by hand may not exist yet: the services write into it.
  if (process.env.BENCH_PROFILE && process.env.BENCH_PROFILE_DIR) mkdirSync(process.env.BENCH_PROFILE_DIR, { recursive: true });
  const profileEnv: Record<string, string> = process.env.BENCH_PROFILE
    ? {
        BENCH_PROFILE_DIR: (process.env.BENCH_PROFILE_DIR ??= mkdtempSync(path.join(tmpdir(), 'ww-bench-prof-'))),
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(path.join(import.meta.dirname, 'profile-hook.js')).href}`.trim(),
      }
    : {};
  const platform = await startPlatform({
    databaseUrl: db.url,
    portBase,
    gatewayPort: portBase + 9,
    seedDemo: true,
    // The request-rate limits (docs/security.md) are a policy, not a cost: 50 clients from one
    // address would hit them within seconds and the figures would measure 429s.
    env: { LOG_LEVEL: 'error', RATE_LIMIT_IP_PER_MINUTE: '0', RATE_LIMIT_USER_PER_MINUTE: '0', SQL_TRACE_DIR: traceDir, ...profileEnv },
    log: () => undefined,
    // BENCH_BUS=kafka runs every platform bench with the services on Apache Kafka (own broker, free ports).
    ...(process.env.BENCH_BUS === 'kafka'
      ? {
          bus: 'kafka' as const,
          kafkaPorts: { port: await (await kafkaScript()).freePort(), controllerPort: await (await kafkaScript()).freePort() },
        }
      : { bus: 'postgres' as const }),
  });
  console.log(`platform benches on the ${platform.bus === 'kafka' ? 'Kafka' : 'PostgreSQL'} bus`);
  // The demo seed's photos are tiled right after the start, one job per core: no part may measure
  // beside that (asset's lists, the first part, did).
  await waitForDemoData(db.url);
  // BENCH_GATEWAY=nginx: every part goes through the production gateway (nginx from the route
  // table, run by nginx-run.ts) in front of the same services instead of the Node gateway.
  const nginx = process.env.BENCH_GATEWAY === 'nginx' ? await startNginx({ port: portBase + 8, upstreams: platform.serviceUrls, webRoot: path.join(REPO_ROOT, 'web', 'dist') }) : null;
  if (nginx) console.log(`through nginx (${nginx.url}) in front of the services`);
  const entry = nginx?.url ?? platform.url;
  const signIn = (username: string, password: string) => signInToken(entry, username, password);
  /** What a bench needs to act as a demo user: the gateway, the database, a token (and the credentials, for browsers). */
  const as = async (username: string, password: string) => ({
    url: entry,
    databaseUrl: db.url,
    token: await signIn(username, password),
    username,
    password,
    traceDir,
    servicePid: (name: string) => platform.servicePid(name as ServiceName),
    ...(nginx ? { gatewayPids: () => nginx.pids() } : {}),
  });
  try {
    if (part('gateway')) {
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
    }

    if (part('identity')) {
      const signInLoad = await load({
        url: `${platform.url}/oauth/token`,
        method: 'POST',
        connections: 50,
        seconds,
        ...signInForm('engineer', 'Demo@2026'),
      });
      const me = await load({
        url: `${platform.url}/context/api/v1/accounts/me`,
        connections: 50,
        seconds,
        headers: { authorization: `Bearer ${await signIn('engineer', 'Demo@2026')}` },
      });
      printTable(`Identity through the gateway, 50 concurrent clients, ${seconds} s each`, [
        { call: 'POST /oauth/token (argon2id m=19 MiB, t=2, p=1)', ...signInLoad },
        { call: 'GET /context/api/v1/accounts/me', ...me },
      ]);
    }

    if (part('web')) {
      printTable('Web console: initial route bundle (index.html scripts, preloads, styles)', [initialBundle()]);
      printTable('Web console: time to first render of the login page (headless Chromium, through the gateway, fresh context)', [
        await loginFirstRender(platform.url),
      ]);
    }

    // BENCH_ASSET=0 skips the asset figures on the large registry (200 parks, 10,000 turbines).
    if (part('asset')) {
      const a = await benchAsset(await as('admin', 'Wind@2026'), seconds);
      printTable(
        `Asset on the large registry (seeded in ${a.seedSeconds.toFixed(1)} s), 50 concurrent clients, ${seconds} s each`,
        a.lists,
      );
      printTable(`The least a request costs: a bare call through the gateway, 50 concurrent clients, ${seconds} s`, [a.health]);
      printTable('Asset: map data for every park in one call (GET /context/api/v1/plants?pageSize=500), median of 5', [a.map]);
    }

    // BENCH_TILES=0 skips the tiling figures (20-MP photos uploaded and tiled, then sharp alone).
    if (part('tiles')) {
      printTable('Inspection: thumbnails + deep-zoom tiles of 20-megapixel JPEGs (upload → pg-boss job → sharp → file store)', [
        await benchTiles({ ...(await as('data-admin', 'Demo@2026')), inspectionUrl: platform.serviceUrls.inspection }, Number(process.env.BENCH_TILE_IMAGES ?? 12)),
      ]);
    }

    // BENCH_INSPECTION=0 skips the inspection figures (about a minute: viewer, 200,000 defects).
    if (part('inspection')) {
      // The data admin sees every park (the demo engineer's scope is narrower).
      const target = await as('data-admin', 'Demo@2026');
      // BENCH_VIEWER_RUNS (default 10) fresh browser contexts open /viewDefect of a demo defect.
      printTable(
        'Inspection: time to first tile in the viewer (/#/viewDefect → first image_files tile; headless Chromium, fresh context)',
        [await timeToFirstTile(target, Number(process.env.BENCH_VIEWER_RUNS ?? 10))],
      );
      const list = await benchDefectList(target, 200_000, 50, seconds);
      printTable(
        `Inspection: defect list of one park with 200,000 defects (seeded in ${list.seedSeconds.toFixed(1)} s), 50 concurrent clients, ${seconds} s each`,
        list.rows,
      );
    }

    // BENCH_DATACENTER=0 skips the Data Center figures (about 2 minutes: 200,000 defects in one park, search,
    // insight and O&M overview under load). Run it alone or without `inspection` (both seed the same park).
    if (part('datacenter')) {
      const dc = await benchDataCenter(await as('admin', 'Wind@2026'), { defects: 200_000, connections: 50, seconds, runs: Number(process.env.BENCH_PAGE_RUNS ?? 20) });
      printTable(
        `Data Center search of one park with 200,000 defects on ${dc.imageCount} images (seeded in ${(dc.imageSeedSeconds + dc.seedSeconds).toFixed(1)} s), 50 concurrent clients, ${seconds} s each`,
        dc.search,
      );
      printTable(`The same searches, one client, ${dc.searchOne[0]?.runs} requests each, before any load`, dc.searchOne);
      printTable('Data insight page load: insight + health + turbines at once, one client, through the gateway', [dc.page]);
      printTable('O&M overview page load: cards + park page at once, one client', [dc.omOne]);
      printTable(`Data insight endpoints over the same park, 50 concurrent clients, ${seconds} s each`, dc.insight);
      printTable(
        `Repair: O&M overview of the park's customer (repair read model with the same defects, seeded in ${dc.repairSeedSeconds.toFixed(1)} s), 50 concurrent clients, ${seconds} s each`,
        dc.om,
      );
    }

    // BENCH_OVERVIEW=0 skips the wind farm overview figure (a few seconds: a park of 100 turbines × 5 components).
    if (part('overview')) {
      const o = await benchOverview(await as('data-admin', 'Demo@2026'), 100, 20, seconds);
      printTable(
        `Inspection: wind farm overview results (GET /wind-parks/{id}/overview, seeded in ${o.seed.seconds.toFixed(1)} s), 20 concurrent clients, ${seconds} s`,
        [o.row],
      );
    }

    // BENCH_STITCHING=0 skips the stitching figures (about 2 minutes: one path of 20 and one of
    // 60 photos of 2000 × 1500, each stitched twice). BENCH_STITCH_IMAGES sets the counts ("20,60").
    if (part('stitching')) {
      const target = { ...(await as('data-admin', 'Demo@2026')), inspectionUrl: platform.serviceUrls.inspection };
      const counts = (process.env.BENCH_STITCH_IMAGES ?? '20,60').split(',').map(Number);
      const rows: Record<string, string | number>[] = [];
      // One inspection per count (one per turbine, component and day): 2026-02-20, -21, …
      for (const [i, n] of counts.entries()) rows.push(...(await benchStitching(target, n, `2026-02-${20 + i}`)));
      printTable(
        'Inspection: stitching one blade path into a panorama with deep-zoom tiles (POST → pg-boss job → sharp → file store)',
        rows,
      );
    }

    if (part('import')) {
      const target = { ...(await as('admin', 'Wind@2026')), importUrl: platform.serviceUrls.import };
      printTable('Import: the spreadsheet check of a ~10 MB workbook with 30 inspections (step 2, every finding located)', await benchSheetVerify(target));
      // BENCH_IMPORT_PHOTOS sets the archive's size (about 3 MB a photo); the default runs in under a minute here.
      // BENCH_IMPORT_DISTINCT=20 repeats 20 generated photos (the 2 GB archive: BENCH_IMPORT_PHOTOS=680).
      printTable(
        'Import: a drone archive through the gateway (multipart → directory checks → store → verification job decoding every photo)',
        await benchArchive(target, Number(process.env.BENCH_IMPORT_PHOTOS ?? 80), Number(process.env.BENCH_IMPORT_DISTINCT ?? process.env.BENCH_IMPORT_PHOTOS ?? 80)),
      );
    }

    // BENCH_KILL=0 skips the kill test (10 drone uploads with task-flow killed in each).
    if (part('kill')) {
      printTable('Kill test: task-flow SIGKILLed in the middle of the drone pipeline, 10 runs', [
        await benchKillTaskFlow(platform, db.url, (await as('admin', 'Wind@2026')).token, 10),
      ]);
    }
    // BENCH_TASKFLOW=0 skips the task-flow figures (about 30 s: 100,000 tasks, 200 sockets).
    if (part('taskflow')) {
      const tf = await benchTaskFlow(await as('admin', 'Wind@2026'), {
        clients: 200,
        events: Number(process.env.BENCH_TASKFLOW_EVENTS ?? 100),
        tasks: 100_000,
        connections: 50,
        seconds,
      });
      printTable('Task-flow: task change commit → socket.io task.changed at 200 connected clients (through the gateway)', [tf.latency]);
      printTable(
        `Task-flow: task lists with 100,000 tasks (seeded in ${tf.seedSeconds.toFixed(1)} s), 50 concurrent clients, ${seconds} s each`,
        tf.lists,
      );
    }

    // BENCH_LIVE=0 skips the live task pool figure (about 20 s: 20 picks seen by a second screen in Chromium).
    if (part('live')) {
      const admin = await as('admin', 'Wind@2026');
      printTable(
        'Task pool, live: a colleague picks a task → its row leaves the other screen’s rendered pool (headless Chromium, through the gateway)',
        await benchPoolLive({ ...admin, pickerToken: await signIn('data-admin', 'Demo@2026') }, Number(process.env.BENCH_LIVE_PICKS ?? 20)),
      );
    }

    // BENCH_REPAIR=0 skips the repair figures (about 30 s: a plan of 10,000 defects, 1,000 campaigns).
    if (part('repair')) {
      const rp = await benchRepair(
        { ...(await as('admin', 'Wind@2026')), repairUrl: platform.serviceUrls.repair },
        { defects: 10_000, campaigns: 1_000, connections: 50, seconds },
      );
      printTable('Repair: create a plan of 10,000 defects (one POST through the gateway; repair process memory from /proc)', [rp.plan]);
      printTable(
        `Repair: overview with 1,000 campaigns of 10 defects (seeded in ${rp.seedSeconds.toFixed(1)} s), 50 concurrent clients, ${seconds} s each`,
        rp.lists,
      );
    }

    // BENCH_DELIVERY=0 skips the delivery figures (about 40 s: 100,000 task-stage records, 200 dashboards).
    if (part('delivery')) {
      const dl = await benchDelivery(await as('admin', 'Wind@2026'), {
        clients: 200,
        events: Number(process.env.BENCH_DELIVERY_EVENTS ?? 100),
        records: 100_000,
        projects: 500,
        dprs: 10_000,
        connections: 10,
        listConnections: 50,
        seconds,
      });
      printTable(
        'Delivery: stage completed (task-flow outbox commit) → progress.changed on 200 open dashboards (bus, consumer, change feed, socket.io through the gateway)',
        [dl.latency],
      );
      printTable(
        `Delivery: project and DPR lists (500 more projects, 10,000 reports) against their SQL floor, 50 concurrent clients, ${seconds} s each`,
        dl.projects,
      );
      printTable(
        `Delivery: performance statistics over 3 months of 100,000 task-stage records (seeded in ${dl.seedSeconds.toFixed(1)} s), 10 concurrent clients, ${seconds} s`,
        dl.lists,
      );
    }

    // BENCH_REPORTS=0 skips the report service's figures (about 1–2 minutes: read models seeded by SQL,
    // every report through the gateway and the render queue; BENCH_REPORT_RUNS (10) PDF runs).
    // BENCH_ONLY=soak: load held by the main read paths (issue #16), 10 minutes unless BENCH_SOAK_SECONDS says.
    if (only?.has('soak')) {
      const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
      const soak = await benchSoak(platform, signIn, soakSeconds, Number(process.env.BENCH_SOAK_CONNECTIONS ?? 200));
      printTable(`Load held: 200 connections over five read paths at once for ${soakSeconds} s (autocannon, through the gateway, demo users)`, soak.paths);
      printTable('Load held: RSS of each service process before, during and after', soak.memory);
    }

    if (part('reports')) {
      const rp = await benchReports(
        { ...(await as('admin', 'Wind@2026')), reportUrl: platform.serviceUrls.report },
        { pdfRuns: Number(process.env.BENCH_REPORT_RUNS ?? 10), otherRuns: 3 },
      );
      printTable('Reports: one at a time through the gateway and the render queue (report process and its chromium, /proc)', rp.rows);
      printTable('Reports: 10 turbine PDFs (100 defects each) queued at once, twice in a row (memory should stay flat)', rp.bursts);
    }

    // BENCH_LABELING=0 skips the labeling tool's figures (about 4.5 minutes, 150 s of it tiling the
    // 300 photos; 1,000 defects created; headless Chromium). BENCH_LABELING_IMAGES (300),
    // BENCH_LABELING_RUNS (10), BENCH_POLYGONS (1000) and BENCH_PAN_SECONDS (5; 0 skips the pans) size it.
    if (part('labeling')) {
      // The administrator holds every right: picks the task through sort and remove, then labels.
      const target = await as('admin', 'Wind@2026');
      const task = await seedLabelingTask(target, Number(process.env.BENCH_LABELING_IMAGES ?? 300));
      const runs = Number(process.env.BENCH_LABELING_RUNS ?? 10);
      const open = await timeToOpenLabeling(target, task, runs);
      printTable(
        `Labeling: time to open a task of ${task.images} images, no defects (/#/labeling?taskId=…, headless Chromium, fresh signed-in context, ${open.drawer} drawer; seeded in ${task.seconds.total.toFixed(1)} s: upload ${task.seconds.upload.toFixed(1)} s, tiles ${task.seconds.tiles.toFixed(1)} s)`,
        open.rows,
      );
      // BENCH_WATERFALL=1: what the last opening asked for and when (ms since navigation), to see what waits on what.
      if (process.env.BENCH_WATERFALL === '1') printTable('Labeling: requests of the last opening, until ready', open.waterfall);
      const panSeconds = Number(process.env.BENCH_PAN_SECONDS ?? 5);
      // BENCH_PAN_SECONDS=0 stops after the opening (no pans, no polygons).
      if (panSeconds > 0) {
        // The console's choice, WebGL forced (SwiftShader's software GL without a GPU) and WebGL hidden (canvas 2D only).
        const modes = (process.env.BENCH_PAN_MODES ?? 'auto,webgl,canvas').split(',') as DrawerMode[];
        const bare = [];
        for (const mode of modes) bare.push(await panFrameTimes(target, task, 0, panSeconds, mode));
        const seeded = await seedPolygons(target, task, Number(process.env.BENCH_POLYGONS ?? 1000));
        const busy = [];
        for (const mode of modes) busy.push(await panFrameTimes(target, task, seeded.polygons, panSeconds, mode));
        printTable(
          `Labeling: frame times while panning the 5472 × 3648 photo by mouse drag (rAF deltas; CDP trace; ${seeded.polygons} defects created in ${seeded.seconds.toFixed(1)} s)`,
          [...bare, ...busy],
        );
        const openBusy = await timeToOpenLabeling(target, task, Math.max(3, Math.ceil(runs / 2)), seeded.polygons);
        printTable(`Labeling: time to open the same task with ${seeded.polygons} polygons on its first photo`, openBusy.rows);
      }
    }
  } finally {
    await nginx?.stop();
    await platform.stop();
  }
} finally {
  // BENCH_KEEP_DB=1 keeps the seeded database for EXPLAIN ANALYZE by hand (its URL is printed).
  if (process.env.BENCH_KEEP_DB === '1') console.log(`database kept: ${db.url}`);
  else await db.drop();
}
process.exit(0);
