/**
 * The one model of long work: a strategy run, a model pull, a workspace batch and a training are
 * each a job. The service pushes the whole job (a `job` event) on every change and stops any of
 * them with `cancelJob`; the renderer keeps the latest snapshot of each in one jobs store.
 * Written once here, as zod schemas; the types derive from them.
 */
import { z } from 'zod';
import type { SegmentationResult } from '../document/types';
import { runOptionsSchema } from '../strategies/run-options';
import type { BatchOutcome, LearnedTrainingReport } from '../workspace/types';

export const JOB_KINDS = ['run', 'pull', 'batch', 'train'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** `cancelled` may still carry a result: a cancelled batch reports the documents it did. */
export const jobStatusSchema = z.enum(['running', 'finished', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const jobIdSchema = z.string().min(1).max(128);

/** What a strategy runner reports while it works (the run job keeps `stage` apart, as every job does). */
export const runProgressSchema = z
  .object({
    stage: z.string(),
    windowsDone: z.number().int().nonnegative(),
    windowsTotal: z.number().int().nonnegative(),
    tokensIn: z.number().nonnegative(),
    tokensOut: z.number().nonnegative(),
    tokensPerSecond: z.number().nonnegative(),
    /** Seconds left, when it can be estimated. */
    etaSeconds: z.number().nullable(),
  })
  .strict();
export type RunProgress = z.infer<typeof runProgressSchema>;

/** `retry`: the latest try that failed (the hub cut or stalled the connection) while the pull goes on. */
export const pullProgressSchema = z
  .object({
    file: z.string(),
    downloadedBytes: z.number().nonnegative(),
    totalBytes: z.number().nonnegative().nullable(),
    retry: z.object({ attempt: z.number().int(), of: z.number().int(), reason: z.string() }).strict().optional(),
  })
  .strict();
export type PullProgress = z.infer<typeof pullProgressSchema>;

export const batchProgressSchema = z
  .object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative(), current: z.string().nullable(), fraction: z.number().min(0).max(1) })
  .strict();
export type BatchProgress = z.infer<typeof batchProgressSchema>;

export const TRAIN_STAGES = ['reading', 'embedding', 'training'] as const;
export const trainProgressSchema = z
  .object({
    stage: z.enum(TRAIN_STAGES),
    documentsDone: z.number().int().nonnegative(),
    documents: z.number().int().nonnegative(),
    sentencesEmbedded: z.number().int().nonnegative(),
    /** The document being read or embedded. */
    current: z.string().nullable(),
  })
  .strict();
export type TrainProgress = z.infer<typeof trainProgressSchema>;

// Results whose types have their own home (the document model, the workspace): only their shape is checked.
const isObject = (value: unknown) => typeof value === 'object' && value !== null;
const segmentationResult = z.custom<SegmentationResult>(isObject);
const trainingReport = z.custom<LearnedTrainingReport>(isObject);
const batchOutcomes = z.array(z.custom<BatchOutcome>(isObject));

/**
 * Every job has these: `stage` names the step it is at (the kind's own words: `starting` until
 * its work reports; an ended job keeps the last one), `error` is one line.
 */
const jobCommon = {
  id: jobIdSchema,
  status: jobStatusSchema,
  stage: z.string(),
  /** ISO timestamps. */
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  error: z.string().nullable(),
};

export const runJobSchema = z
  .object({
    ...jobCommon,
    kind: z.literal('run'),
    documentId: z.string(),
    strategy: z.string(),
    options: runOptionsSchema,
    progress: runProgressSchema.omit({ stage: true }).nullable(),
    result: segmentationResult.nullable(),
  })
  .strict();

export const pullJobSchema = z
  .object({ ...jobCommon, kind: z.literal('pull'), profile: z.string(), progress: pullProgressSchema.nullable(), result: z.object({ files: z.array(z.string()) }).strict().nullable() })
  .strict();

export const batchJobSchema = z
  .object({
    ...jobCommon,
    kind: z.literal('batch'),
    strategy: z.string(),
    progress: batchProgressSchema.nullable(),
    result: z.object({ outcomes: batchOutcomes }).strict().nullable(),
  })
  .strict();

export const trainJobSchema = z
  .object({ ...jobCommon, kind: z.literal('train'), progress: trainProgressSchema.omit({ stage: true }).nullable(), result: trainingReport.nullable() })
  .strict();

export const jobSchema = z.discriminatedUnion('kind', [runJobSchema, pullJobSchema, batchJobSchema, trainJobSchema]);
export type Job = z.infer<typeof jobSchema>;
export type JobOf<K extends JobKind> = Extract<Job, { kind: K }>;
export type RunJob = JobOf<'run'>;
export type PullJob = JobOf<'pull'>;
export type BatchJob = JobOf<'batch'>;
export type TrainJob = JobOf<'train'>;

export function isJobActive(job: Pick<Job, 'status'>): boolean {
  return job.status === 'running';
}
