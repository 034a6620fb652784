import { randomUUID } from 'node:crypto';
import type { WorkbenchDeps } from './deps';
import { firstLine } from './errors';
import type { EventBus } from './event-bus';

/** Model downloads in the background: `start` answers with an id, progress arrives as events. */
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
          this.events.emit({ type: 'pull-failed', pullId, error: firstLine(err instanceof Error ? err.message : String(err)) }),
      )
      .finally(() => this.active.delete(pullId));
    this.active.set(pullId, { controller, settled });
    return pullId;
  }

  async dispose(): Promise<void> {
    for (const pull of this.active.values()) pull.controller.abort();
    await Promise.all([...this.active.values()].map((pull) => pull.settled));
  }
}
