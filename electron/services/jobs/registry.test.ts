import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobSchema, type Job } from '../../../shared/ipc/jobs';
import { JobRegistry } from './registry';

/** A registry whose pushed snapshots are kept, each checked against the contract's job schema. */
function recorded(keepEndedMs?: number) {
  const sent: Job[] = [];
  const registry = new JobRegistry((job) => sent.push(jobSchema.parse(job)), keepEndedMs);
  return { sent, registry };
}

const PULL_PROGRESS = { file: 'base.gguf', downloadedBytes: 5, totalBytes: 10 };

describe('job registry', () => {
  it('answers the job at once, pushes the whole job on each change, and ends with its result', async () => {
    const { sent, registry } = recorded();
    let release!: () => void;
    const job = registry.start<'pull'>({ kind: 'pull', profile: 'tiny' }, async ({ report }) => {
      report({ stage: 'downloading', progress: PULL_PROGRESS });
      await new Promise<void>((resolve) => (release = resolve));
      return { files: ['base.gguf'] };
    });
    expect(job).toMatchObject({ kind: 'pull', profile: 'tiny', status: 'running', stage: 'starting', progress: null, result: null, error: null, endedAt: null });
    // The work starts on the next turn: the caller has the id before any progress.
    expect(sent.map((j) => j.stage)).toEqual(['starting']);
    while (!release) await new Promise((resolve) => setImmediate(resolve));
    expect(sent.at(-1)).toMatchObject({ id: job.id, stage: 'downloading', progress: PULL_PROGRESS });
    release();
    await registry.whenEnded(job.id);
    expect(sent.at(-1)).toMatchObject({ id: job.id, status: 'finished', result: { files: ['base.gguf'] }, error: null });
    expect(sent.at(-1)?.endedAt).not.toBeNull();
    // Each snapshot is a copy: a later change never reaches one already sent.
    expect(sent[0]).toMatchObject({ status: 'running', progress: null });
    expect(registry.cancel(job.id)).toBe('ended');
  });

  it('cancels through the signal; a failure is one line; an unknown id is unknown', async () => {
    const { sent, registry } = recorded();
    const cancelled = registry.start<'pull'>({ kind: 'pull', profile: 'slow' }, ({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))));
    const failed = registry.start<'pull'>({ kind: 'pull', profile: 'bad' }, async () => {
      throw new Error('no profile named bad\n    at a stack line');
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(registry.cancel(cancelled.id)).toBe('cancelled');
    await Promise.all([registry.whenEnded(cancelled.id), registry.whenEnded(failed.id)]);
    expect(registry.get(cancelled.id)).toMatchObject({ status: 'cancelled', result: null, error: null });
    expect(registry.get(failed.id)).toMatchObject({ status: 'failed', result: null, error: 'no profile named bad' });
    expect(registry.cancel(cancelled.id)).toBe('ended');
    expect(registry.cancel('no-such-job')).toBe('unknown');
    expect(sent.filter((j) => j.status !== 'running')).toHaveLength(2);
  });

  it('keeps what a cancelled job did when its work answers anyway (a batch), and progress after the end is ignored', async () => {
    const { sent, registry } = recorded();
    let late!: () => void;
    const job = registry.start<'batch'>({ kind: 'batch', strategy: 'structural' }, async ({ signal, report }) => {
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      late = () => report({ stage: 'running', progress: { done: 2, total: 2, current: null, fraction: 1 } });
      return { outcomes: [{ workspaceDocumentId: 'a', name: 'a.txt', ok: true, segments: 3 }] };
    });
    await new Promise((resolve) => setImmediate(resolve));
    registry.cancel(job.id);
    await registry.whenEnded(job.id);
    expect(registry.get(job.id)).toMatchObject({ status: 'cancelled', result: { outcomes: [{ name: 'a.txt', ok: true }] } });
    const pushed = sent.length;
    late();
    expect(sent).toHaveLength(pushed);
  });

  it("names each snapshot's audience: the starter and who follows it; a job without a starter goes to all", async () => {
    const audiences: (string[] | null)[] = [];
    const registry = new JobRegistry((_job, audience) => audiences.push(audience && [...audience]));
    let release!: () => void;
    const run = registry.start<'batch'>({ kind: 'batch', strategy: 'structural' }, () => new Promise((resolve) => (release = () => resolve({ outcomes: [] }))), undefined, 'page:a');
    expect(audiences).toEqual([['page:a']]);
    registry.follow(run.id, 'page:b');
    registry.follow('no-such-job', 'page:c');
    while (!release) await new Promise((resolve) => setImmediate(resolve));
    release();
    await registry.whenEnded(run.id);
    expect(audiences.at(-1)).toEqual(['page:a', 'page:b']);
    const pull = registry.start<'pull'>({ kind: 'pull', profile: 'tiny' }, async () => ({ files: [] }));
    registry.follow(pull.id, 'page:b');
    await registry.whenEnded(pull.id);
    expect(audiences.at(-1)).toBeNull();
  });

  afterEach(() => vi.useRealTimers());

  it('forgets an ended job after a while, and dispose cancels and waits for every running one', async () => {
    // Only the forgetting timer is faked: the work still starts on the next turn (setImmediate).
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { registry } = recorded(60_000);
    const quick = registry.start<'pull'>({ kind: 'pull', profile: 'quick' }, async () => ({ files: [] }));
    await registry.whenEnded(quick.id);
    vi.advanceTimersByTime(59_999);
    expect(registry.get(quick.id)).toMatchObject({ status: 'finished' });
    vi.advanceTimersByTime(1);
    expect(registry.get(quick.id)).toBeUndefined();

    let stopped = false;
    const slow = registry.start<'pull'>({ kind: 'pull', profile: 'slow' }, ({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => {
      stopped = true;
      reject(new Error('aborted'));
    })));
    await new Promise((resolve) => setImmediate(resolve));
    expect(registry.list('pull').map((j) => j.id)).toEqual([slow.id]);
    await registry.dispose();
    expect(stopped).toBe(true);
  });
});
