import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { startPlatform } from './platform.js';

/**
 * `npm start`: the whole platform on one machine. DATABASE_URL if set, else an embedded
 * PostgreSQL under .data/. Demo data unless NODE_ENV=production (which needs ADMIN_PASSWORD).
 */
const production = process.env.NODE_ENV === 'production';
if (production && !process.env.ADMIN_PASSWORD) {
  console.error('NODE_ENV=production requires ADMIN_PASSWORD (no demo data is seeded in production).');
  process.exit(1);
}
const started = Date.now();
const platform = await startPlatform({ databaseUrl: process.env.DATABASE_URL, seedDemo: !production });
console.log(`
  Windward is running: ${platform.url}   (started in ${((Date.now() - started) / 1000).toFixed(1)} s)
  Event bus: ${platform.bus === 'kafka' ? `Apache Kafka on ${platform.kafka?.brokers ?? process.env.KAFKA_BROKERS}` : 'PostgreSQL (embedded log)'}
  API docs: ${platform.url}/gw/identity/docs, /gw/asset/docs, ... (one per service)
`);
if (!production) {
  console.log('  Demo sign-in (username / password):');
  for (const a of DEMO_ACCOUNTS) console.log(`    ${a.username.padEnd(16)} ${a.password.padEnd(11)} ${a.role}`);
  console.log('');
}
console.log('  Ctrl-C stops everything.\n');

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping Windward…');
  await platform.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
