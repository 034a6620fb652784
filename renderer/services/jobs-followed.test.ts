/** Workspace batches and trainings as jobs: the one dispatch puts them in the jobs slice, each feature follows its own. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchJob, PullJob, TrainJob } from '../../shared/ipc/contract';
import type { LearnedTrainingReport } from '../../shared/workspace/types';
import { jobOf, pullJobs, useJobs } from '../stores/jobs';
import { useLearnStore } from '../stores/learn';
import { useWorkspaceStore } from '../stores/workspace';
import { scriptedWorkbench as scripted } from '../test-support/scripted-workbench';
import { cancelTraining, trainFromCorrections } from './learn';
import { catchUpOnJobs, dispatchEvent } from './startup';
import { replaceWorkbench } from './workbench';
import { cancelBatch, startBatch } from './workspace';

const common = { status: 'running', stage: 'starting', startedAt: '2026-01-01T00:00:00.000Z', endedAt: null, progress: null, result: null, error: null } as const;
const batch = (change: Partial<BatchJob>): BatchJob => ({ ...common, id: 'b1', kind: 'batch', strategy: 'structural', ...change });
const train = (change: Partial<TrainJob>): TrainJob => ({ ...common, id: 't1', kind: 'train', ...change });
const report: LearnedTrainingReport = {
  modelFile: 'learned-model.json', trainedAt: '2026-01-01T00:00:01.000Z', documents: ['one.txt'], reviewedSegments: 0, skipped: [],
  crossValidation: null, topFeatures: [{ name: 'blank line', weight: 1 }], typicalSegmentChars: 400, embeddingModel: null,
  options: { strategyCuts: false }, mostlyFrom: null,
};

describe('jobs followed by their features', () => {
  beforeEach(() => {
    useJobs.setState({ jobs: {} });
    useWorkspaceStore.setState({ batchId: null });
    useLearnStore.setState({ training: false, jobId: null, report: null, error: null });
  });
  afterEach(() => replaceWorkbench(null));

  it('a batch that ends before its start is answered is found in the jobs slice, and the list is read again', async () => {
    const workspaceInfo = vi.fn(async () => ({ dir: null, documents: 0 }));
    replaceWorkbench(
      scripted({
        workspaceBatchRun: async () => {
          // The service is fast: the batch's events overtake the answer.
          dispatchEvent({ type: 'job', job: batch({ stage: 'running', progress: { done: 1, total: 2, current: 'a.txt', fraction: 0.5 } }) });
          dispatchEvent({ type: 'job', job: batch({ status: 'finished', stage: 'running', result: { outcomes: [{ workspaceDocumentId: 'a', name: 'a.txt', ok: true, segments: 2 }] } }) });
          return { batchId: 'b1' };
        },
        workspaceInfo,
      }),
    );
    await startBatch('structural', {});
    expect(useWorkspaceStore.getState().batchId).toBe('b1');
    expect(jobOf(useJobs.getState(), 'b1', 'batch')?.result?.outcomes).toHaveLength(1);
    expect(workspaceInfo).toHaveBeenCalled();
  });

  it('a training keeps its job id, takes the report when its job finishes, and cancels by that id', async () => {
    const cancel = vi.fn(async () => ({ cancelled: true }));
    const listStrategies = vi.fn(async () => []);
    replaceWorkbench(scripted({ workspaceTrainLearned: async () => ({ jobId: 't1' }), cancelJob: cancel, listStrategies }));
    await trainFromCorrections();
    expect(useLearnStore.getState()).toMatchObject({ training: true, jobId: 't1' });
    dispatchEvent({ type: 'job', job: train({ stage: 'reading', progress: { documentsDone: 0, documents: 1, sentencesEmbedded: 0, current: 'one.txt' } }) });
    expect(jobOf(useJobs.getState(), 't1', 'train')?.stage).toBe('reading');
    await cancelTraining();
    expect(cancel).toHaveBeenCalledWith({ id: 't1' });

    dispatchEvent({ type: 'job', job: train({ status: 'finished', stage: 'training', result: report }) });
    expect(useLearnStore.getState()).toMatchObject({ training: false, report, error: null });
    expect(listStrategies).toHaveBeenCalled();
  });

  it('a reloaded page catches up on the batch and training under way: their bars come back, Cancel stops them', async () => {
    const pull: PullJob = { ...common, id: 'p1', kind: 'pull', profile: 'tiny', stage: 'downloading', progress: { file: 'a.gguf', downloadedBytes: 5, totalBytes: 10 } };
    const listJobs = vi.fn(async () => [batch({ stage: 'running', progress: { done: 1, total: 4, current: 'b.txt', fraction: 0.3 } }), train({ stage: 'reading' }), pull]);
    const cancel = vi.fn(async () => ({ cancelled: true }));
    replaceWorkbench(scripted({ listJobs, cancelJob: cancel }));
    await catchUpOnJobs();
    expect(listJobs).toHaveBeenCalledWith({ status: 'running' });
    expect(useWorkspaceStore.getState().batchId).toBe('b1');
    expect(jobOf(useJobs.getState(), 'b1', 'batch')?.progress?.fraction).toBe(0.3);
    expect(useLearnStore.getState()).toMatchObject({ training: true, jobId: 't1' });
    expect(pullJobs(useJobs.getState()).map((job) => job.id)).toEqual(['p1']);
    await cancelBatch();
    await cancelTraining();
    expect(cancel.mock.calls).toEqual([[{ id: 'b1' }], [{ id: 't1' }]]);
  });

  it("catching up never brings back a job whose end an event brought first, nor takes this window's batch", async () => {
    useWorkspaceStore.setState({ batchId: 'b0' });
    dispatchEvent({ type: 'job', job: train({ status: 'finished', stage: 'training', result: report }) });
    replaceWorkbench(scripted({ listJobs: async () => [batch({}), train({ stage: 'reading' })], listStrategies: async () => [] }));
    await catchUpOnJobs();
    expect(useWorkspaceStore.getState().batchId).toBe('b0');
    expect(jobOf(useJobs.getState(), 't1', 'train')?.status).toBe('finished');
    expect(useLearnStore.getState()).toMatchObject({ training: false, jobId: null });
  });

  it('a cancelled training says the previous model is kept; a job of another training is not this one', async () => {
    replaceWorkbench(scripted({ workspaceTrainLearned: async () => ({ jobId: 't1' }) }));
    await trainFromCorrections();
    dispatchEvent({ type: 'job', job: train({ id: 't0', status: 'failed', error: 'another window' }) });
    expect(useLearnStore.getState()).toMatchObject({ training: true, error: null });
    dispatchEvent({ type: 'job', job: train({ status: 'cancelled' }) });
    expect(useLearnStore.getState()).toMatchObject({ training: false, report: null, error: 'the training was cancelled; the previous model is kept' });
  });
});
