/**
 * Answers kept by key, for reads that are costly to compute and whose key already names every
 * input — typically a version of the data read (a park's change counter) beside the request's own
 * parameters, so that a kept answer can never be stale: a change gives a new key, and the old
 * entry simply ages out.
 *
 * Concurrent asks of one key share one computation (50 clients opening the same dashboard run the
 * aggregate once, not 50 times over the same rows). A computation that fails is not kept. Entries
 * beyond `max` go oldest first; an entry asked again moves to the newest end.
 */
export class KeptAnswers<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const answer = compute();
    this.entries.set(key, answer);
    answer.catch(() => {
      if (this.entries.get(key) === answer) this.entries.delete(key);
    });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return answer;
  }
}
