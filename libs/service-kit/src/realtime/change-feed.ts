import pg from 'pg';
import type { Logger } from 'pino';

/**
 * Post-commit change notifications for live screens. A writer calls
 * `SELECT pg_notify(channel, id)` inside its transaction; PostgreSQL delivers the notification
 * only if the transaction commits, so a screen is never told about a change that rolled back
 * and never fetches a row before it is visible. Every instance of the service listens, which
 * is also the fan-out between instances. Ids arriving within `batchMs` are handed over together
 * (duplicates removed). A dropped connection is re-established; `onReconnect` lets the owner
 * tell clients to resynchronise what may have been missed meanwhile.
 */
export class ChangeFeed {
  private client: pg.Client | null = null;
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onBatch: (ids: string[]) => Promise<void>,
    private readonly log: Logger,
    private readonly batchMs = 10,
    private readonly onReconnect?: () => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel !== this.channel || !n.payload) return;
      this.pending.add(n.payload);
      this.timer ??= setTimeout(() => void this.flush(), this.batchMs);
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'change feed connection lost; reconnecting');
      void client.end().catch(() => undefined);
      if (this.client === client) this.client = null;
      if (!this.closed) setTimeout(() => void this.start().then(() => this.onReconnect?.()).catch(() => undefined), 500);
    });
    await client.connect();
    await client.query(`LISTEN "${this.channel}"`);
    this.client = client;
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const ids = [...this.pending];
    this.pending.clear();
    if (!ids.length) return;
    try {
      await this.onBatch(ids);
    } catch (err) {
      this.log.error({ err }, 'change feed batch failed');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
