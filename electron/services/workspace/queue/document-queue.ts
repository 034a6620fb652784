/**
 * The one order of a workspace document's work (issue 35, item 6): every read that must see a
 * consistent document and every write of it (a run saved by a batch or a finished run, a
 * correction checked and scheduled, a debounced correction written, a clear, a load, a re-anchor,
 * a repair) runs in the document's turn, one after another in call order, whatever the outcome of
 * the earlier ones. Documents do not wait on each other.
 *
 * Nested work joins the turn it is called from: a task that already holds the document's turn and
 * calls something that takes the turn again (a clear that flushes the pending correction, a change
 * that reads the correction it applies on) runs that at once, inside its own turn, instead of
 * queueing behind itself, which would wait forever. Which turn a call belongs to follows the
 * async context (AsyncLocalStorage). Work the turn started but did not wait for (a debounce timer,
 * a promise left running) counts as the turn's only while the turn lasts; after it ends, it queues
 * like any other call. `fresh` queues even inside the turn: for a timer's write, which must come
 * after the turn that scheduled it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Turn {
  key: string;
  /** Until the task settles; work it left running queues once this is false. */
  active: boolean;
  outer: Turn | undefined;
}

export class DocumentQueue {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly held = new AsyncLocalStorage<Turn>();

  /** Runs `task` in the document's turn: after every earlier task of `key`, or at once inside its turn. */
  run<T>(key: string, task: () => Promise<T>, options: { fresh?: boolean } = {}): Promise<T> {
    if (!options.fresh && this.holds(key)) return task();
    const outer = this.held.getStore();
    const start = async () => {
      const turn: Turn = { key, active: true, outer };
      try {
        return await this.held.run(turn, task);
      } finally {
        turn.active = false;
      }
    };
    const next = (this.tails.get(key) ?? Promise.resolve()).then(start);
    const settled = next.then(() => undefined, () => undefined);
    this.tails.set(key, settled);
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    return next;
  }

  /** Whether the caller runs inside the document's turn now. */
  holds(key: string): boolean {
    for (let turn = this.held.getStore(); turn; turn = turn.outer) if (turn.active && turn.key === key) return true;
    return false;
  }

  /** Waits until every queued task has settled, tasks queued meanwhile included. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
