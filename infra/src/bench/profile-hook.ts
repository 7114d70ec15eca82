/**
 * Loaded into every service with `--import` when `BENCH_PROFILE` is set (main.ts): the service
 * records a V8 CPU profile while `<BENCH_PROFILE_DIR>/start-<service>` exists and writes it to
 * `<service>.cpuprofile` when `stop-<service>` appears (sql-floor.ts makes both around a list's
 * load). Node refuses `--cpu-prof` in NODE_OPTIONS, hence the inspector.
 */
import { Session } from 'node:inspector';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
const service = /[/\\]services[/\\]([\w-]+)[/\\]/.exec(process.argv.join(' '))?.[1];
if (dir && service) {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res as T))));
  let running = false;
  const poll = setInterval(() => {
    const start = path.join(dir, `start-${service}`);
    const stop = path.join(dir, `stop-${service}`);
    if (!running && existsSync(start)) {
      running = true;
      void post('Profiler.enable')
        .then(() => post('Profiler.setSamplingInterval', { interval: 200 }))
        .then(() => post('Profiler.start'));
    } else if (running && existsSync(stop)) {
      running = false;
      void post<{ profile: unknown }>('Profiler.stop').then(({ profile }) => {
        const out = path.join(dir, `${service}.cpuprofile`);
        writeFileSync(`${out}.tmp`, JSON.stringify(profile));
        renameSync(`${out}.tmp`, out);
      });
    }
  }, 50);
  poll.unref();
}
