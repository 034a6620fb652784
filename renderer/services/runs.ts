/**
 * Starting and cancelling strategy runs, and handing the run jobs' snapshots to the session's run
 * slice. One run at a time: starting another while one is in flight is refused.
 */
import type { RunJob, RunOptions } from '../../shared/ipc/contract';
import { jobOf, useJobs } from '../stores/jobs';
import { isRunActive, useSession } from '../stores/session';
import { segmentsInSlices } from '../stores/session/select-segments';
import type { RunNews } from '../stores/session/types';
import { useUiStore } from '../stores/ui';
import { cancelJob } from './cancel-job';
import { describeError, reportError } from './errors';
import { nextTask } from './next-task';
import { workbench } from './workbench';

let cancelWhenStarted = false;

export interface StartRunOptions {
  options?: RunOptions;
  keepPrevious?: boolean;
  /**
   * The run the page starts by itself on opening a document: where the person has started one
   * meanwhile (the opening still joining the workspace), it gives way without a notice.
   */
  automatic?: boolean;
}

export async function startRun(strategy: string, { options = {}, keepPrevious = false, automatic = false }: StartRunOptions = {}): Promise<void> {
  const { documentId, run } = useSession.getState();
  if (!documentId) {
    useUiStore.getState().notify('error', 'Open a document first.');
    return;
  }
  if (isRunActive(run.status)) {
    if (automatic) return;
    useUiStore.getState().notify('error', `A ${run.strategy ?? ''} run is still going: cancel it first.`);
    return;
  }
  useSession.getState().runStarting(strategy, documentId, keepPrevious);
  cancelWhenStarted = false;
  try {
    const { runId } = await workbench().startRun({ documentId, strategy, options });
    useSession.getState().runStarted(runId);
    // A fast run can end before `startRun` answers: its job is in the jobs slice already.
    const job = jobOf(useJobs.getState(), runId, 'run');
    if (job) handleRunJob(job);
    if (cancelWhenStarted && useSession.getState().run.status === 'running') await cancelRun();
  } catch (err) {
    useSession.getState().runStartFailed(describeError(err));
    reportError(`Could not start ${strategy}`, err);
  }
}

export async function cancelRun(): Promise<void> {
  const { status, runId } = useSession.getState().run;
  if (status === 'starting') {
    cancelWhenStarted = true;
    return;
  }
  if (status !== 'running' || !runId) return;
  await cancelJob(runId, 'run');
}

/** A pushed snapshot: the run slice takes it; what a person should know goes to the notices. */
export function handleRunJob(snapshot: RunJob): void {
  const session = useSession.getState();
  if (session.run.runId !== snapshot.id) return;
  if (snapshot.status === 'finished' && snapshot.result) {
    void showWhenSliced({ ...snapshot, result: snapshot.result });
    return;
  }
  announce(snapshot, session.runUpdated(snapshot));
}

/** What a person should know of a snapshot goes to the notices. */
function announce(snapshot: RunJob, news: RunNews): void {
  const strategy = useSession.getState().run.strategy;
  if (news?.kind === 'failed') useUiStore.getState().notify('error', `${strategy ?? 'The run'} failed: ${news.error}`);
  else if (news?.kind === 'cancelled') useUiStore.getState().notify('info', `${strategy ?? 'The run'} was cancelled; the previous result is unchanged.`);
  else if (news?.kind === 'refused') reportError(`The ${snapshot.result?.strategy ?? strategy ?? ''} result was refused`, news.error);
}

/** Segment views built per step when a result arrives (see segmentsInSlices). */
const SEGMENTS_STEP = 250;
/** How long building them may hold the main thread before it yields. */
const SLICE_MS = 40;

/**
 * A large result's segment views are built over several tasks before it is shown (the run bar
 * stays up meanwhile); shown at once, 50,000 of them froze the window. The views are a cache: a
 * result that turns out invalid is refused by the run slice all the same.
 */
async function showWhenSliced(snapshot: RunJob & { result: NonNullable<RunJob['result']> }): Promise<void> {
  const { documentId, text } = useSession.getState();
  const stillWanted = () => {
    const now = useSession.getState();
    return now.documentId === documentId && now.run.runId === snapshot.id && isRunActive(now.run.status);
  };
  if (snapshot.documentId === documentId) {
    let sliceStart = performance.now();
    let sliced = false;
    for (const _ of segmentsInSlices(text, snapshot.result.segmentation, SEGMENTS_STEP)) {
      if (performance.now() - sliceStart < SLICE_MS) continue;
      await nextTask();
      if (!stillWanted()) return;
      sliceStart = performance.now();
      sliced = true;
    }
    // Showing it (React, then the first part of the drawing) gets a task of its own.
    if (sliced) {
      await nextTask();
      if (!stillWanted()) return;
    }
  }
  announce(snapshot, useSession.getState().runUpdated(snapshot));
}
