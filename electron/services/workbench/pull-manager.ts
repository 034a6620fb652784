import { randomUUID } from 'node:crypto';
import type { WorkbenchDeps } from './deps';
import { firstLine } from './errors';
import type { EventBus } from './event-bus';

/** Model downloads in the background: `start` answers with an id, progress arrives as events, `cancel` stops one. */
export class PullManager {
  private readonly active = new Map<string, { controller: AbortController; settled: Promise<void> }>();

  constructor(
    private readonly models: WorkbenchDeps['models'],
    private readonly events: EventBus,
  ) {}

  start(profile: string): string {
    const pullId = randomUUID();
    const controller = new AbortController();
    const settled = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() =>
        this.models.pull(profile, {
          signal: controller.signal,
          onProgress: (p) => this.events.emit({ type: 'pull-progress', pullId, ...p }),
        }),
      )
      .then(
        (files) => this.events.emit({ type: 'pull-finished', pullId, files }),
        (err: unknown) =>
          controller.signal.aborted
            ? this.events.emit({ type: 'pull-cancelled', pullId })
            : this.events.emit({ type: 'pull-failed', pullId, error: firstLine(err instanceof Error ? err.message : String(err)) }),
      )
      .finally(() => this.active.delete(pullId));
    this.active.set(pullId, { controller, settled });
    return pullId;
  }

  /** Whether a running pull of this id was told to stop (its `pull-cancelled` event follows). */
  cancel(pullId: string): boolean {
    const pull = this.active.get(pullId);
    if (!pull || pull.controller.signal.aborted) return false;
    pull.controller.abort();
    return true;
  }

  async dispose(): Promise<void> {
    for (const pull of this.active.values()) pull.controller.abort();
    await Promise.all([...this.active.values()].map((pull) => pull.settled));
  }
}
