/**
 * The one jobs slice: the latest snapshot of every job the service pushed (`job` events: runs,
 * pulls, workspace batches, trainings), by id. Everything that shows progress reads it here; the
 * feature stores keep only which job is theirs. A job's events may arrive before the call that
 * started it answers: kept by id, they are simply found once the id is known.
 */
import { create } from 'zustand';
import type { Job, JobKind, JobOf, PullJob } from '../../shared/ipc/contract';

/** Ended jobs kept (a run's carries its whole result): the newest ones, for the views that show how they ended. */
export const ENDED_JOBS_KEPT = 16;

export interface JobsState {
  jobs: Record<string, Job>;
  jobChanged(job: Job): void;
}

export const useJobs = create<JobsState>()((set, get) => ({
  jobs: {},
  jobChanged: (job) => {
    const jobs = { ...get().jobs };
    // Re-inserted, so the record's order is the order of the latest change.
    delete jobs[job.id];
    jobs[job.id] = job;
    const ended = Object.values(jobs).filter((j) => j.status !== 'running');
    for (const old of ended.slice(0, Math.max(0, ended.length - ENDED_JOBS_KEPT))) delete jobs[old.id];
    set({ jobs });
  },
}));

/** The job of this id, if it is of this kind. */
export function jobOf<K extends JobKind>(state: JobsState, id: string | null | undefined, kind: K): JobOf<K> | null {
  const job = id ? state.jobs[id] : undefined;
  return job?.kind === kind ? (job as JobOf<K>) : null;
}

/** The pulls known, oldest first (use with useShallow: the jobs themselves are kept as sent). */
export function pullJobs(state: JobsState): PullJob[] {
  return Object.values(state.jobs)
    .filter((job): job is PullJob => job.kind === 'pull')
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}
