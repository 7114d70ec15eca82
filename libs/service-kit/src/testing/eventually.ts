/** Polls `check` until it returns a truthy value or `timeoutMs` passes (for eventual consistency). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10000, everyMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
