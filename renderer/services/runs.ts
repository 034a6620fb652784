/**
 * Starting and cancelling strategy runs, and handing the service's `run-state` snapshots to the
 * session's run slice. One run at a time: starting another while one is in flight is refused.
 */
import type { RunOptions, RunRecord } from '../../shared/ipc/contract';
import { isRunActive, useSession } from '../stores/session';
import { useUiStore } from '../stores/ui';
import { describeError, reportError } from './errors';
import { workbench } from './workbench';

/** A fast run can finish before `startRun` answers with its id: its snapshots wait here. */
let early: RunRecord[] = [];
let cancelWhenStarted = false;

export interface StartRunOptions {
  options?: RunOptions;
  keepPrevious?: boolean;
}

export async function startRun(strategy: string, { options = {}, keepPrevious = false }: StartRunOptions = {}): Promise<void> {
  const { documentId, run } = useSession.getState();
  if (!documentId) {
    useUiStore.getState().notify('error', 'Open a document first.');
    return;
  }
  if (isRunActive(run.status)) {
    useUiStore.getState().notify('error', `A ${run.strategy ?? ''} run is still going: cancel it first.`);
    return;
  }
  useSession.getState().runStarting(strategy, documentId, keepPrevious);
  cancelWhenStarted = false;
  early = [];
  try {
    const { runId } = await workbench().startRun({ documentId, strategy, options });
    useSession.getState().runStarted(runId);
    const waiting = early.filter((snapshot) => snapshot.runId === runId);
    early = [];
    for (const snapshot of waiting) handleRunState(snapshot);
    if (cancelWhenStarted && useSession.getState().run.status === 'running') await cancelRun();
  } catch (err) {
    early = [];
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
  try {
    await workbench().cancelRun({ runId });
  } catch (err) {
    reportError('Could not cancel the run', err);
  }
}

/** A pushed snapshot: the run slice takes it; what a person should know goes to the notices. */
export function handleRunState(snapshot: RunRecord): void {
  const session = useSession.getState();
  if (session.run.runId !== snapshot.runId) {
    if (session.run.status === 'starting') early.push(snapshot);
    return;
  }
  const news = session.runUpdated(snapshot);
  const strategy = session.run.strategy;
  if (news?.kind === 'failed') useUiStore.getState().notify('error', `${strategy ?? 'The run'} failed: ${news.error}`);
  else if (news?.kind === 'cancelled') useUiStore.getState().notify('info', `${strategy ?? 'The run'} was cancelled; the previous result is unchanged.`);
  else if (news?.kind === 'refused') reportError(`The ${snapshot.result?.strategy ?? strategy ?? ''} result was refused`, news.error);
}
