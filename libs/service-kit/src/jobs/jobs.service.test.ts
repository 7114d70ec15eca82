import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DataSource } from 'typeorm';
import { pino } from 'pino';
import { openDatabase } from '../database/database.js';
import { createTestDatabase, eventually, type TestDatabase } from '../testing/index.js';
import { JobsService } from './jobs.service.js';

let db: TestDatabase;
let ds: DataSource;
let jobs: JobsService;

before(async () => {
  db = await createTestDatabase();
  ds = await openDatabase({ url: db.url, schema: 'jobs_svc', entities: [], migrations: [] });
  jobs = new JobsService(db.url, 'jobs_svc', ds, pino({ level: 'silent' }));
});
after(async () => {
  await jobs.stop();
  await ds.destroy();
  await db.drop();
});

test('a job runs in the background, reports progress and completes', async () => {
  const seenProgress: number[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await jobs.register<{ items: number }>('tiles', async (data, progress) => {
    for (let i = 1; i <= data.items; i++) {
      await progress((i / data.items) * 50, `item ${i}`);
      seenProgress.push(i);
    }
    await gate; // hold the job half-way so the test can read its progress
    await progress(90, 'finishing');
  });
  const id = await jobs.send('tiles', { items: 4 });
  const half = await eventually(async () => {
    const s = await jobs.status('tiles', id);
    return s && s.percent === 50 ? s : null;
  });
  assert.equal(half.message, 'item 4');
  assert.equal(half.state, 'active');
  release();
  const done = await eventually(async () => {
    const s = await jobs.status('tiles', id);
    return s?.state === 'completed' ? s : null;
  });
  assert.equal(done.percent, 100);
  assert.deepEqual(seenProgress, [1, 2, 3, 4]);
});

test('status is never older than its progress: a job taken and advanced between the two reads shows active', async () => {
  // The worker is started from inside status()'s progress read, so the job is taken and reaches
  // 50 % between status()'s reads whatever the machine's speed; the state must not lag behind.
  let duringProgressRead: (() => Promise<void>) | null = null;
  const watched = {
    query: async (sql: string, params?: unknown[]) => {
      const hook = sql.includes('SELECT percent') ? duringProgressRead : null;
      duringProgressRead = null;
      if (hook) await hook();
      return ds.query(sql, params);
    },
  } as unknown as DataSource;
  const racing = new JobsService(db.url, 'jobs_svc', watched, pino({ level: 'silent' }));
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  try {
    const id = await racing.send('taken-mid-read', { n: 1 });
    duringProgressRead = async () => {
      await racing.register('taken-mid-read', async (_data, progress) => {
        await progress(50, 'half');
        await gate;
      });
      await eventually(async () => (await ds.query(`SELECT percent FROM jobs_svc.job_progress WHERE job_id = $1`, [id]))[0]?.percent === 50);
    };
    const s = await racing.status('taken-mid-read', id);
    assert.equal(s?.percent, 50);
    assert.equal(s?.state, 'active');
  } finally {
    release();
    await racing.stop();
  }
});

test('a failing job is retried and then marked failed', async () => {
  let runs = 0;
  await jobs.register<{ x: number }>(
    'always-fails',
    async () => {
      runs++;
      throw new Error('broken input');
    },
    { retryLimit: 1 },
  );
  const id = await jobs.send('always-fails', { x: 1 });
  await eventually(async () => (await jobs.status('always-fails', id))?.state === 'failed', 30000, 200);
  assert.equal(runs, 2);
});

test('a queued job can be cancelled before a worker takes it', async () => {
  const id = await jobs.send('nobody-works-here', { x: 1 });
  assert.equal((await jobs.status('nobody-works-here', id))?.state, 'created');
  await jobs.cancel('nobody-works-here', id);
  assert.equal((await jobs.status('nobody-works-here', id))?.state, 'cancelled');
});

test('housekeeping trims old handled events, replayed or set-aside dead letters and finished job progress, keeping recent rows', async () => {
  const { runHousekeeping } = await import('./housekeeping.js');
  await ds.query(`INSERT INTO jobs_svc.handled_event (event_id, type, handled_at) VALUES
    (gen_random_uuid(), 'old', now() - interval '40 days'), (gen_random_uuid(), 'new', now() - interval '1 day'),
    (gen_random_uuid(), 'on-topic', now() - interval '30 days 12 hours')`);
  await ds.query(`INSERT INTO jobs_svc.dead_letter (event_id, type, envelope, error, attempts, source, key, replayed_at, set_aside_at) VALUES
    (gen_random_uuid(), 'replayed-old', '{}', 'e', 5, 'asset', 'k1', now() - interval '40 days', NULL),
    (gen_random_uuid(), 'set-aside-old', '{}', 'e', 5, 'asset', 'k2', NULL, now() - interval '40 days'),
    (gen_random_uuid(), 'set-aside-new', '{}', 'e', 5, 'asset', 'k3', NULL, now() - interval '1 day'),
    (gen_random_uuid(), 'never-replayed', '{}', 'e', 5, 'asset', 'k4', NULL, NULL)`);
  const steps: number[] = [];
  const result = await runHousekeeping(ds, 'jobs_svc', 30, async (p) => void steps.push(p));
  assert.equal(result.handledEvents, 1);
  assert.equal(result.deadLetters, 2);
  assert.deepEqual(
    (await ds.query(`SELECT type FROM jobs_svc.handled_event ORDER BY type`)).map((r: { type: string }) => r.type),
    // 30.5 days old: an event that old may still be on a topic kept 30 days (retention counts from
    // the append, which came before the handling), so its id is kept one day longer.
    ['new', 'on-topic'],
  );
  assert.deepEqual(
    (await ds.query(`SELECT type FROM jobs_svc.dead_letter ORDER BY type`)).map((r: { type: string }) => r.type),
    ['never-replayed', 'set-aside-new'],
  );
  assert.deepEqual(steps, [40, 70]);
});

test('a queue registered with concurrency 2 runs two jobs at once, and no more', async () => {
  let running = 0;
  let most = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await jobs.register<{ n: number }>(
    'two-at-once',
    async () => {
      most = Math.max(most, ++running);
      await gate;
      running--;
    },
    { concurrency: 2 },
  );
  const ids = await Promise.all([1, 2, 3].map((n) => jobs.send('two-at-once', { n })));
  // Both workers hold a job; the third waits for a free one.
  await eventually(async () => (running === 2 ? true : null));
  await new Promise((r) => setTimeout(r, 1200)); // more than two polling intervals: a third worker would have started it
  assert.equal(running, 2);
  release();
  await eventually(async () => {
    const states = await Promise.all(ids.map(async (id) => (await jobs.status('two-at-once', id))?.state));
    return states.every((s) => s === 'completed') ? true : null;
  });
  assert.equal(most, 2);
});
