/**
 * One connection's service events (a web page's socket, a window's IPC: both transports use this,
 * through workbench/connection-events.ts), with a running job's snapshots coalesced (issue 36): the
 * service pushes the whole job on every change, and every connection got every one, so 120 runs
 * at once cost every other client's socket (and the host's loop, writing them) each run's every
 * step. A client keeps only a job's latest snapshot (renderer/stores/jobs.ts), so a snapshot that
 * a newer one replaces before it is sent need not be sent: a running job's first snapshot goes at
 * once, the ones after it at most one per `intervalMs`, the latest; an ended job's snapshot goes
 * at once (the one waiting is dropped). Any other event first sends the snapshots waiting, so the
 * order of what is sent is the order of the service's events, less the snapshots replaced.
 */
import type { WorkbenchEvent } from '../../../shared/ipc/contract';

/** At most one running snapshot of a job per this many milliseconds, per connection: ten a second. */
export const JOB_SNAPSHOT_INTERVAL_MS = 100;

type JobEvent = Extract<WorkbenchEvent, { type: 'job' }>;

export class JobEventCoalescer {
  /** Running snapshots waiting for the next tick, by job id (the latest of each). */
  private readonly waiting = new Map<string, JobEvent>();
  /** The running jobs whose snapshot went within the current interval. */
  private readonly recent = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: (event: WorkbenchEvent) => void,
    private readonly intervalMs = JOB_SNAPSHOT_INTERVAL_MS,
  ) {}

  push(event: WorkbenchEvent): void {
    if (event.type !== 'job') {
      this.flush();
      this.send(event);
      return;
    }
    const { id, status } = event.job;
    if (status !== 'running') {
      this.waiting.delete(id);
      this.recent.delete(id);
      this.send(event);
      return;
    }
    if (this.recent.has(id)) {
      this.waiting.set(id, event);
      return;
    }
    this.recent.add(id);
    this.send(event);
    this.tick();
  }

  /** Stops the timer; nothing more is sent. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waiting.clear();
    this.recent.clear();
  }

  private flush(): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const event of waiting) this.send(event);
  }

  /** Each interval: the snapshots waiting go, and their jobs count as recent for the next one. */
  private tick(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.recent.clear();
      if (this.waiting.size === 0) return;
      for (const id of this.waiting.keys()) this.recent.add(id);
      this.flush();
      this.tick();
    }, this.intervalMs);
    this.timer.unref?.();
  }
}
