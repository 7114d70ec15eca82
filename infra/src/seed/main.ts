import { startPlatform } from '../launcher/platform.js';
import { LARGE_DEFAULTS, seedLarge } from './large.js';

/**
 * `npm run seed:large`: adds the large registry (200 parks, 10,000 turbines) to the platform's
 * database (DATABASE_URL, else the embedded one under .data/). Starts the services once so every
 * schema is migrated, seeds, and stops.
 */
const platform = await startPlatform({ databaseUrl: process.env.DATABASE_URL, seedDemo: process.env.NODE_ENV !== 'production', log: () => undefined });
try {
  const r = await seedLarge(platform.databaseUrl, LARGE_DEFAULTS);
  console.log(`seeded ${LARGE_DEFAULTS.parks} parks and ${r.turbines} turbines in ${r.seconds.toFixed(1)} s`);
} finally {
  await platform.stop();
}
