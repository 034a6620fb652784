/**
 * Per-key serial queues: a task starts once every earlier task of its key has settled, whatever
 * their outcome. Keys with nothing queued are forgotten, so the map holds only live queues.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const next = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const settled = next.then(() => undefined, () => undefined);
    this.tails.set(key, settled);
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    return next;
  }

  /** Waits until every queued task has settled, tasks queued meanwhile included. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
