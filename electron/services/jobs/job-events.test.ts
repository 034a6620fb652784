/**
 * A running job's snapshots coalesced per connection (issue 36: 120 runs sent every step of every
 * run to every client): the first at once, then the latest at most once per interval; an ended
 * job's at once; any other event after the snapshots waiting, so the order holds.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job, WorkbenchEvent } from '../../../shared/ipc/contract';
import { JobEventCoalescer } from './job-events';

const run = (id: string, status: Job['status'], done: number): WorkbenchEvent => ({
  type: 'job',
  job: {
    id,
    kind: 'run',
    status,
    stage: 'running',
    startedAt: '2026-01-01T00:00:00.000Z',
    endedAt: status === 'running' ? null : '2026-01-01T00:00:01.000Z',
    error: null,
    documentId: 'd',
    strategy: 'texttiling',
    options: {},
    progress: { windowsDone: done, windowsTotal: 100, tokensIn: 0, tokensOut: 0, tokensPerSecond: 0, etaSeconds: null },
    result: null,
  },
});
/** What was sent, as `id:status:done` (or the event's type). */
const label = (event: WorkbenchEvent) =>
  event.type === 'job' && event.job.kind === 'run' ? `${event.job.id}:${event.job.status}:${event.job.progress?.windowsDone}` : event.type;

describe('job snapshots per connection', () => {
  let sent: string[];
  let coalescer: JobEventCoalescer;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    coalescer = new JobEventCoalescer((event) => sent.push(label(event)), 100);
  });
  afterEach(() => {
    coalescer.close();
    vi.useRealTimers();
  });

  it('a running job: its first snapshot at once, then the latest once per interval, none replaced sent', () => {
    for (let done = 0; done < 10; done++) coalescer.push(run('a', 'running', done));
    expect(sent).toEqual(['a:running:0']);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual(['a:running:0', 'a:running:9']);
    coalescer.push(run('a', 'running', 10));
    coalescer.push(run('a', 'running', 11));
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(100);
    expect(sent.slice(2)).toEqual(['a:running:11']);
    // Quiet for an interval: the next snapshot goes at once again.
    vi.advanceTimersByTime(300);
    coalescer.push(run('a', 'running', 12));
    expect(sent.slice(3)).toEqual(['a:running:12']);
  });

  it('an ended job goes at once and the snapshot waiting for it is dropped', () => {
    coalescer.push(run('a', 'running', 0));
    coalescer.push(run('a', 'running', 5));
    coalescer.push(run('a', 'finished', 100));
    expect(sent).toEqual(['a:running:0', 'a:finished:100']);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['a:running:0', 'a:finished:100']);
  });

  it('jobs are coalesced each on its own; another event sends the snapshots waiting first', () => {
    coalescer.push(run('a', 'running', 0));
    coalescer.push(run('b', 'running', 0));
    coalescer.push(run('a', 'running', 1));
    coalescer.push(run('b', 'running', 1));
    coalescer.push(run('b', 'running', 2));
    expect(sent).toEqual(['a:running:0', 'b:running:0']);
    coalescer.push({ type: 'models-changed' });
    expect(sent).toEqual(['a:running:0', 'b:running:0', 'a:running:1', 'b:running:2', 'models-changed']);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(5);
  });

  it('120 runs of 50 steps within one interval: 120 first snapshots and 120 ends, nothing else', () => {
    for (let step = 0; step < 50; step++) for (let r = 0; r < 120; r++) coalescer.push(run(`r${r}`, 'running', step));
    for (let r = 0; r < 120; r++) coalescer.push(run(`r${r}`, 'finished', 50));
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(240);
    expect(sent.filter((s) => s.endsWith(':running:0'))).toHaveLength(120);
    expect(sent.filter((s) => s.includes(':finished:'))).toHaveLength(120);
  });

  it('nothing is sent after close', () => {
    coalescer.push(run('a', 'running', 0));
    coalescer.push(run('a', 'running', 1));
    coalescer.close();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['a:running:0']);
  });
});
