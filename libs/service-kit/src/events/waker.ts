/** A sleep that a notification can cut short: loops wait on it between polls. */
export class Waker {
  private pending: (() => void) | null = null;
  private poked = false;

  poke(): void {
    this.poked = true;
    this.pending?.();
  }

  wait(ms: number): Promise<void> {
    if (this.poked) {
      this.poked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.pending = null;
        this.poked = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending = done;
    });
  }
}

/**
 * How long a read loop (outbox relay, bus consumer) sleeps when no notification wakes it. Every
 * append NOTIFYs its readers, so the poll is only a safety net (a lost LISTEN connection, a
 * second instance waiting for leadership); at 1 s the idle loops of a platform cost more CPU
 * than anything else at rest.
 */
export const SAFETY_POLL_MS = Number(process.env.BUS_POLL_MS ?? 5000);

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
