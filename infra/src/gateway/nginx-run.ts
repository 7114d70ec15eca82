import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServiceName } from '@windward/contracts';
import { renderNginxConfig } from './nginx.js';

/** Where Debian's nginx is (apt package nginx, which .ci/run installs); NGINX_BIN overrides. */
export function nginxBinary(): string | null {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx'].filter(Boolean) as string[];
  return candidates.find((c) => existsSync(c)) ?? null;
}

export interface RunningNginx {
  url: string;
  /** Every process of this nginx (master and workers), for CPU accounting. */
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * The production gateway run for real on this machine: the server block `npm run nginx` writes
 * (renderNginxConfig, the same route table as the Node gateway), wrapped in a minimal main config
 * of its own folder (no root, no system paths), in the foreground. Used by the end-to-end test
 * of the production config and by the benchmark's lists through nginx.
 */
export async function startNginx(o: {
  port: number;
  upstreams: Record<ServiceName, string>;
  webRoot: string;
  workers?: number;
}): Promise<RunningNginx> {
  const bin = nginxBinary();
  if (!bin) throw new Error('nginx is not installed (apt-get install nginx)');
  const dir = mkdtempSync(path.join(tmpdir(), 'ww-nginx-'));
  // Started as root, nginx's workers run as `nobody`: they must be able to enter this folder
  // (request body buffers) and read the web root.
  chmodSync(dir, 0o755);
  const hostPort = (url: string) => new URL(url).host;
  const upstreams = Object.fromEntries(Object.entries(o.upstreams).map(([s, u]) => [s, hostPort(u)])) as Record<ServiceName, string>;
  const server = renderNginxConfig({ upstreams, listen: `127.0.0.1:${o.port}`, webRoot: o.webRoot });
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      `worker_processes ${o.workers ?? 'auto'};`,
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      // The types the console needs (the system's mime.types is not assumed).
      '  types { text/html html; text/javascript js mjs; text/css css; application/json json map; image/svg+xml svg; image/png png; image/jpeg jpg; image/x-icon ico; font/woff2 woff2; }',
      '  default_type application/octet-stream;',
      `  access_log ${dir}/access.log;`,
      // Temp folders of its own: the defaults are system paths only root may write.
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      server.replace(/^/gm, '  '),
      '}',
      '',
    ].join('\n'),
  );
  const check = spawnSync(bin, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the generated config: ${check.stderr}`);
  const child: ChildProcess = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const until = Date.now() + 10_000;
  while (!(await listening(o.port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > until) throw new Error(`nginx did not listen on ${o.port}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const pids = () => {
    const out = spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' }).stdout;
    return [child.pid!, ...out.split('\n').filter(Boolean).map(Number)];
  };
  return {
    url: `http://127.0.0.1:${o.port}`,
    pids,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT'); // graceful: workers finish what they serve
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}
