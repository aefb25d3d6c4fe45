/**
 * Serialises work by key: a task waits for every earlier task that shares any of its keys, and
 * tasks with disjoint keys run side by side. Waiting order is the order of `acquire` calls.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  /** Enqueues at once (synchronously); the returned promise resolves to the release function. */
  acquire(keys: readonly string[]): Promise<() => void> {
    const unique = [...new Set(keys)];
    const before = unique.map((k) => this.tails.get(k)).filter((p): p is Promise<void> => p !== undefined);
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const k of unique) this.tails.set(k, done);
    const cleanup = () => {
      release();
      for (const k of unique) if (this.tails.get(k) === done) this.tails.delete(k);
    };
    return Promise.all(before).then(() => cleanup);
  }

  get size(): number {
    return this.tails.size;
  }
}
