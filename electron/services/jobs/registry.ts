/**
 * Long work in the background, of every kind (runs, pulls, workspace batches, trainings), as one
 * job model (shared/ipc/jobs.ts). `start` answers the job at once and runs its work on the next
 * turn; every change goes out as the whole job; `cancel` aborts the work's signal. A job that has
 * ended is kept a while, so a late caller still finds it (and a late cancel answers false).
 */
import { randomUUID } from 'node:crypto';
import type { Job, JobKind, JobOf, JobStatus } from '../../../shared/ipc/jobs';
import { firstLine } from '../../../shared/text/first-line';

/** How long an ended job stays listed. */
export const KEEP_ENDED_MS = 5 * 60_000;

type Managed = 'id' | 'status' | 'stage' | 'startedAt' | 'endedAt' | 'error' | 'progress' | 'result';
/** What the starter says about a job: its kind and what it works on (a run's document, a pull's profile…). */
export type JobInit<K extends JobKind> = Omit<JobOf<K>, Managed>;
export type ProgressOf<K extends JobKind> = NonNullable<JobOf<K>['progress']>;
export type ResultOf<K extends JobKind> = NonNullable<JobOf<K>['result']>;

/** What the work gets: the signal `cancel` aborts, and a way to report its stage and progress. */
export interface JobContext<K extends JobKind> {
  readonly id: string;
  readonly signal: AbortSignal;
  report(change: { stage?: string; progress?: ProgressOf<K> }): void;
}

/**
 * The work resolves with the job's result. Aborted, it may throw (status `cancelled`, no result)
 * or resolve with what it did (status `cancelled` with that result: a batch's finished documents).
 */
export type JobWork<K extends JobKind> = (context: JobContext<K>) => Promise<ResultOf<K>>;

/**
 * Who a job's snapshots go to: the callers (transport-neutral connection ids, CallContext.caller)
 * that started or adopted it; null: every connection (a pull, a job the host itself started).
 */
export type JobAudience = ReadonlySet<string> | null;

interface Entry {
  job: Job;
  controller: AbortController;
  settled: Promise<void>;
  onChange?: (job: Job) => void;
  /** The starter, then each caller that listed or cancelled the job (a reloaded page adopting it). */
  audience: Set<string> | null;
}

export type CancelAnswer = 'cancelled' | 'ended' | 'unknown';

export class JobRegistry {
  private readonly jobs = new Map<string, Entry>();

  /**
   * `emit` gets a copy of the whole job on each change (the service sends it as a `job` event),
   * with the callers it is for (the transports send it to those connections only).
   */
  constructor(
    private readonly emit: (job: Job, audience: JobAudience) => void,
    private readonly keepEndedMs = KEEP_ENDED_MS,
  ) {}

  /**
   * `onChange` sees each snapshot before it is emitted (a run manager keeps its runs' last one).
   * `starter`: the caller whose results these are (a run's, a batch's, a training's: issue 36, one
   * page's result is not every page's); without one (a pull) every connection gets the job.
   */
  start<K extends JobKind>(init: JobInit<K>, work: JobWork<K>, onChange?: (job: JobOf<K>) => void, starter?: string): JobOf<K> {
    const job = {
      ...init,
      id: randomUUID(),
      status: 'running',
      stage: 'starting',
      startedAt: new Date().toISOString(),
      endedAt: null,
      error: null,
      progress: null,
      result: null,
    } as JobOf<K>;
    const controller = new AbortController();
    const entry: Entry = { job, controller, settled: Promise.resolve(), onChange: onChange as Entry['onChange'], audience: starter === undefined ? null : new Set([starter]) };
    this.jobs.set(job.id, entry);
    this.push(entry);
    const context: JobContext<K> = {
      id: job.id,
      signal: controller.signal,
      report: (change) => {
        if (entry.job.status !== 'running') return;
        entry.job = { ...entry.job, ...change } as Job;
        this.push(entry);
      },
    };
    // The caller gets its job before the work does anything: the work starts on the next turn.
    entry.settled = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => (controller.signal.aborted ? Promise.reject(new Error('cancelled')) : work(context)))
      .then(
        (result) => this.end(entry, controller.signal.aborted ? 'cancelled' : 'finished', { result }),
        (err: unknown) => this.end(entry, controller.signal.aborted ? 'cancelled' : 'failed', controller.signal.aborted ? {} : { error: firstLine(err).trim() || 'unknown error' }),
      );
    return { ...job };
  }

  /** The job's latest snapshot, while it runs and for a while after. */
  get(id: string): Job | undefined {
    const entry = this.jobs.get(id);
    return entry ? { ...entry.job } : undefined;
  }

  /** Resolves once the job has ended (at once for one unknown or long ended). */
  whenEnded(id: string): Promise<void> {
    return this.jobs.get(id)?.settled ?? Promise.resolve();
  }

  list(kind?: JobKind): Job[] {
    return [...this.jobs.values()].map((entry) => ({ ...entry.job })).filter((job) => kind === undefined || job.kind === kind);
  }

  /**
   * `caller` gets the job's snapshots from now on (a page that reloaded is a new connection: it
   * adopts the jobs it lists). A job every connection gets stays so.
   */
  follow(id: string, caller: string): void {
    this.jobs.get(id)?.audience?.add(caller);
  }

  cancel(id: string): CancelAnswer {
    const entry = this.jobs.get(id);
    if (!entry) return 'unknown';
    if (entry.job.status !== 'running' || entry.controller.signal.aborted) return 'ended';
    entry.controller.abort();
    return 'cancelled';
  }

  /** Cancels every running job and waits until each has ended. */
  async dispose(): Promise<void> {
    const entries = [...this.jobs.values()];
    for (const entry of entries) entry.controller.abort();
    await Promise.all(entries.map((entry) => entry.settled));
  }

  private end(entry: Entry, status: Exclude<JobStatus, 'running'>, outcome: { result?: unknown; error?: string }): void {
    // The stage stays the last one reached: a failed job says where it failed.
    entry.job = { ...entry.job, status, endedAt: new Date().toISOString(), result: outcome.result ?? null, error: outcome.error ?? null } as Job;
    this.push(entry);
    const forget = setTimeout(() => this.jobs.delete(entry.job.id), this.keepEndedMs);
    forget.unref?.();
  }

  /** A copy: later changes must not reach a snapshot already sent. */
  private push(entry: Entry): void {
    entry.onChange?.({ ...entry.job });
    this.emit({ ...entry.job }, entry.audience);
  }
}
