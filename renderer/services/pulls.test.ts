import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullJob } from '../../shared/ipc/contract';
import { pullJobs, useJobs } from '../stores/jobs';
import { useUiStore } from '../stores/ui';
import { cancelPull, pullModel } from './models';
import { dispatchEvent } from './startup';
import { scriptedWorkbench as scripted } from '../test-support/scripted-workbench';
import { replaceWorkbench } from './workbench';

/** The pull job p1's snapshot, as the service pushes it. */
const pull = (change: Partial<PullJob>): PullJob => ({
  id: 'p1', kind: 'pull', profile: 'simple', status: 'running', stage: 'downloading', startedAt: '2026-01-01T00:00:00.000Z', endedAt: null, progress: null, result: null, error: null,
  ...change,
});
const arrive = (job: PullJob) => dispatchEvent({ type: 'job', job });

describe('pulls in the Models screen', () => {
  beforeEach(() => {
    useJobs.setState({ jobs: {} });
    useUiStore.setState({ notices: [] });
  });
  afterEach(() => replaceWorkbench(null));

  it('keeps the pull job with its retry while it goes on, and Cancel asks the service to stop that job', async () => {
    const cancel = vi.fn(async () => ({ cancelled: true }));
    replaceWorkbench(scripted({ pullModel: async () => ({ pullId: 'p1' }), cancelJob: cancel }));
    await pullModel('simple');
    arrive(pull({ progress: { file: 'base.gguf', downloadedBytes: 10, totalBytes: 100 } }));
    arrive(pull({ stage: 'retrying', progress: { file: 'base.gguf', downloadedBytes: 10, totalBytes: 100, retry: { attempt: 2, of: 5, reason: 'the connection broke' } } }));
    expect(pullJobs(useJobs.getState())).toMatchObject([{ id: 'p1', status: 'running', progress: { retry: { attempt: 2, of: 5, reason: 'the connection broke' } } }]);

    await cancelPull('p1');
    expect(cancel).toHaveBeenCalledWith({ id: 'p1' });
    arrive(pull({ status: 'cancelled', stage: 'cancelled' }));
    expect(pullJobs(useJobs.getState())[0]).toMatchObject({ status: 'cancelled' });
    expect(useUiStore.getState().notices.at(-1)).toMatchObject({ message: expect.stringMatching(/cancelled; pulling again resumes it/) });
  });

  it('says why a pull failed', () => {
    arrive(pull({ status: 'failed', stage: 'failed', error: 'the hub refused the file' }));
    expect(useUiStore.getState().notices.at(-1)).toMatchObject({ kind: 'error', message: 'Download failed: the hub refused the file' });
  });
});
