import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModelsStore } from '../stores/models';
import { useUiStore } from '../stores/ui';
import { cancelPull, handlePullEvent, pullModel } from './models';
import { scriptedWorkbench as scripted } from '../test-support/scripted-workbench';
import { replaceWorkbench } from './workbench';

describe('pulls in the Models screen', () => {
  beforeEach(() => {
    useModelsStore.setState({ pulls: [] });
    useUiStore.setState({ notices: [] });
  });
  afterEach(() => replaceWorkbench(null));

  it('shows a retry while the pull goes on, and Cancel asks the service to stop that pull', async () => {
    const cancel = vi.fn(async () => ({ cancelled: true }));
    replaceWorkbench(scripted({ pullModel: async () => ({ pullId: 'p1' }), cancelPull: cancel }));
    await pullModel('simple');
    handlePullEvent({ type: 'pull-progress', pullId: 'p1', file: 'base.gguf', downloadedBytes: 10, totalBytes: 100 });
    handlePullEvent({ type: 'pull-progress', pullId: 'p1', file: 'base.gguf', downloadedBytes: 10, totalBytes: 100, retry: { attempt: 2, of: 5, reason: 'the connection broke' } });
    expect(useModelsStore.getState().pulls[0]).toMatchObject({ status: 'running', retry: 'the connection broke; try 2 of 5' });

    await cancelPull('p1');
    expect(cancel).toHaveBeenCalledWith({ pullId: 'p1' });
    handlePullEvent({ type: 'pull-cancelled', pullId: 'p1' });
    expect(useModelsStore.getState().pulls[0]).toMatchObject({ status: 'cancelled' });
    expect(useUiStore.getState().notices.at(-1)).toMatchObject({ message: expect.stringMatching(/cancelled; pulling again resumes it/) });
  });
});
