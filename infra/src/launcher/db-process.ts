import { ensureDatabase, startEmbeddedPostgres } from '@windward/service-kit';

/**
 * Runs the embedded PostgreSQL in its own process group, so Ctrl-C in the terminal reaches only
 * the launcher, which stops the services first and the database last. Started by platform.ts with
 * an IPC channel: it answers `{ url }` when ready and stops when told to or when the launcher goes away.
 */
const [dir, port] = [process.argv[2]!, Number(process.argv[3])];
const server = await startEmbeddedPostgres(dir, port);
const url = await ensureDatabase(server.adminUrl, 'windward');
process.send?.({ url });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on('disconnect', stop);
process.on('message', (m) => m === 'stop' && void stop());
