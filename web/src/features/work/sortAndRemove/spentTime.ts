import { useEffect, useState } from 'react';

/** Spent time is reported every minute (and on submit and on leaving the page). */
export const REPORT_EVERY_S = 60;
/** The endpoint takes 1..3600 seconds per call. */
const MAX_PER_CALL = 3600;

/**
 * Counts the seconds the page is visible and reports them to task-flow's spent-time endpoint.
 * `send` resolves true when the server took the seconds; false stops counting (the stage is no
 * longer the caller's, e.g. after submit or a reassignment).
 */
export class SpentTimer {
  private pending = 0;
  private counted = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private sending: Promise<void> | null = null;
  private stopped = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly send: (seconds: number) => Promise<boolean>,
    private readonly sendOnUnload: (seconds: number) => void,
    private readonly visible: () => boolean = () => typeof document === 'undefined' || document.visibilityState === 'visible',
  ) {}

  /** Seconds counted on this page so far. */
  get elapsed(): number {
    return this.counted;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.tick(), 1000);
    window.addEventListener('pagehide', this.onLeave);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    window.removeEventListener('pagehide', this.onLeave);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** One second passed: counts it if the page is visible, reports a full minute. */
  tick(): void {
    if (this.stopped || !this.visible()) return;
    this.pending++;
    this.counted++;
    for (const l of this.listeners) l();
    if (this.pending >= REPORT_EVERY_S) void this.flush();
  }

  /** Reports what is pending (submit waits for it). */
  async flush(): Promise<void> {
    if (this.sending) await this.sending;
    if (this.stopped || this.pending < 1) return;
    const seconds = Math.min(this.pending, MAX_PER_CALL);
    this.pending -= seconds;
    this.sending = this.send(seconds).then(
      (ok) => {
        if (!ok) this.halt();
      },
      // A network failure: keep the seconds for the next report.
      () => void (this.pending += seconds),
    );
    await this.sending;
    this.sending = null;
  }

  /** Stops counting for good (submitted, or the stage is not the caller's any more). */
  halt(): void {
    this.stopped = true;
    this.stop();
  }

  /** The page goes away: a keep-alive request carries what is pending. */
  private readonly onLeave = () => {
    if (this.stopped || this.pending < 1) return;
    this.sendOnUnload(Math.min(this.pending, MAX_PER_CALL));
    this.pending = 0;
  };
}

/** Re-renders the caller every counted second with the timer's elapsed seconds. */
export function useElapsed(timer: SpentTimer | null): number {
  const [, setN] = useState(0);
  useEffect(() => timer?.subscribe(() => setN((n) => n + 1)), [timer]);
  return timer?.elapsed ?? 0;
}

/** 3725 → "01:02:05". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
