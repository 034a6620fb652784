/**
 * Debounced saving, per key: a burst of changes becomes one write, started at most `maxWaitMs`
 * after the first unsaved change and `delayMs` after the last one (whichever comes first). Every
 * `schedule` promise resolves only once a write that contains its value, or a newer one, has
 * finished, so a caller that awaits it knows the change is on disk; it resolves with what that
 * write's `save` returned.
 *
 * Each write runs in its key's turn of a DocumentQueue (the workspace's one queue, or a queue of
 * its own), so it never overlaps other work of the same document. The value written is taken when
 * the write's turn comes, not when its timer fires: a `flush` called inside the document's turn
 * writes what is pending there and then, and a write still waiting behind that turn finds nothing
 * left to do; it never waits on a write queued behind itself.
 */
import { DocumentQueue } from './document-queue';

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
  /** A write queued for the key's turn or running in it. */
  inFlight: Promise<void> | null;
}

export class DebouncedSaver<T, R = void> {
  private readonly slots = new Map<string, Slot<T, R>>();

  constructor(
    private readonly save: (key: string, value: T) => Promise<R>,
    private readonly timing: DebounceTiming = DEFAULT_AUTOSAVE_TIMING,
    private readonly turns: DocumentQueue = new DocumentQueue(),
  ) {}

  /** Replaces the key's pending value; resolves when it (or a later value) is saved, with what that save returned. */
  schedule(key: string, value: T): Promise<R> {
    const slot = this.slots.get(key) ?? { pending: null, timer: null, inFlight: null };
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
      if (this.turns.holds(key)) {
        // Inside the document's turn no write of it runs (a queued one waits behind this turn): write here.
        if (!slot.pending) return;
        await this.writePending(key, slot);
        this.forgetIfIdle(key, slot);
        continue;
      }
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
    // `fresh`: a timer set inside a turn still carries it; its write comes after that turn, never inside it.
    slot.inFlight = this.turns.run(key, () => this.writePending(key, slot), { fresh: true });
    void slot.inFlight.then(() => {
      slot.inFlight = null;
      if (slot.pending) this.fire(key);
      else this.forgetIfIdle(key, slot);
    });
  }

  /** Writes the slot's pending value, if any is left (run in the key's turn). */
  private async writePending(key: string, slot: Slot<T, R>): Promise<void> {
    const taken = slot.pending;
    if (!taken) return;
    // A change scheduled while this write waited for its turn joins it: its own timer has nothing left to do.
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.pending = null;
    try {
      const written = await this.save(key, taken.value);
      taken.waiters.forEach((w) => w.resolve(written));
    } catch (err) {
      taken.waiters.forEach((w) => w.reject(err));
    }
  }

  private forgetIfIdle(key: string, slot: Slot<T, R>): void {
    if (!slot.pending && !slot.inFlight && !slot.timer && this.slots.get(key) === slot) this.slots.delete(key);
  }
}
