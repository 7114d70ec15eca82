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

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
