/**
 * Debounced saving, per key: a burst of changes becomes one write, started at most `maxWaitMs`
 * after the first unsaved change and `delayMs` after the last one (whichever comes first). Every
 * `schedule` promise resolves only once a write that contains its value, or a newer one, has
 * finished, so a caller that awaits it knows the change is on disk; it resolves with what that
 * write's `save` returned.
 */

export interface DebounceTiming {
  /** Quiet time after the last change before writing. */
  delayMs: number;
  /** Longest time a change may wait, however busy the editing. */
  maxWaitMs: number;
}

export const DEFAULT_AUTOSAVE_TIMING: DebounceTiming = { delayMs: 300, maxWaitMs: 1000 };

interface Waiter<R> {
  resolve: (written: R) => void;
  reject: (err: unknown) => void;
}

interface Slot<T, R> {
  pending: { value: T; waiters: Waiter<R>[]; since: number } | null;
  timer: ReturnType<typeof setTimeout> | null;
  inFlight: Promise<void> | null;
  /** The value being written while inFlight. */
  writing: T | null;
}

export class DebouncedSaver<T, R = void> {
  private readonly slots = new Map<string, Slot<T, R>>();

  constructor(
    private readonly save: (key: string, value: T) => Promise<R>,
    private readonly timing: DebounceTiming = DEFAULT_AUTOSAVE_TIMING,
  ) {}

  /** Replaces the key's pending value; resolves when it (or a later value) is saved, with what that save returned. */
  schedule(key: string, value: T): Promise<R> {
    const slot = this.slots.get(key) ?? { pending: null, timer: null, inFlight: null, writing: null };
    this.slots.set(key, slot);
    return new Promise<R>((resolve, reject) => {
      const at = Date.now();
      const waiters = slot.pending?.waiters ?? [];
      waiters.push({ resolve, reject });
      slot.pending = { value, waiters, since: slot.pending?.since ?? at };
      if (slot.timer) clearTimeout(slot.timer);
      const wait = Math.max(0, Math.min(this.timing.delayMs, slot.pending.since + this.timing.maxWaitMs - at));
      slot.timer = setTimeout(() => this.fire(key), wait);
    });
  }

  /** The key's value waiting to be written (a `schedule` now replaces it), if any. */
  queued(key: string): T | undefined {
    return this.slots.get(key)?.pending?.value;
  }

  /** The key's value being written now, if any (a value scheduled now is written after it). */
  writing(key: string): T | undefined {
    return this.slots.get(key)?.writing ?? undefined;
  }

  /** Saves whatever is pending now (for every key, or one) and waits for it. */
  async flush(key?: string): Promise<void> {
    const keys = key === undefined ? [...this.slots.keys()] : [key];
    await Promise.all(keys.map((k) => this.flushKey(k)));
  }

  /** True while anything is waiting to be saved or being saved. */
  get busy(): boolean {
    for (const slot of this.slots.values()) if (slot.pending || slot.inFlight) return true;
    return false;
  }

  private async flushKey(key: string): Promise<void> {
    for (;;) {
      const slot = this.slots.get(key);
      if (!slot) return;
      if (slot.inFlight) {
        await slot.inFlight;
        continue;
      }
      if (!slot.pending) return;
      this.fire(key);
    }
  }

  private fire(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    // One write per key at a time; a change that arrives meanwhile is written right after.
    if (slot.inFlight || !slot.pending) return;
    const { value, waiters } = slot.pending;
    slot.pending = null;
    slot.writing = value;
    slot.inFlight = this.save(key, value).then(
      (written) => waiters.forEach((w) => w.resolve(written)),
      (err: unknown) => waiters.forEach((w) => w.reject(err)),
    );
    void slot.inFlight.then(() => {
      slot.inFlight = null;
      slot.writing = null;
      if (slot.pending) this.fire(key);
      else if (!slot.timer) this.slots.delete(key);
    });
  }
}
