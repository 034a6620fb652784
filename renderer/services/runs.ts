/**
 * Starting and cancelling strategy runs, and applying what their events report. One run at a
 * time: starting another while one is in flight is refused in the UI.
 */
import type { RunOptions, WorkbenchEvent } from '../../shared/ipc/contract';
import { useDocumentStore } from '../stores/document';
import { isRunActive, useRunStore } from '../stores/run';
import { segmentsInSlices } from '../stores/segments';
import { useSegmentationStore } from '../stores/segmentation';
import { useUiStore } from '../stores/ui';
import { describeError, reportError } from './errors';
import { nextTask } from './next-task';
import { workbench } from './workbench';

type RunEvent = Extract<WorkbenchEvent, { type: 'run-progress' | 'run-finished' | 'run-failed' | 'run-cancelled' }>;

/** A fast run can finish before `startRun` answers with its id: its events wait here. */
let earlyEvents: RunEvent[] = [];
let keepPrevious = false;
let cancelWhenStarted = false;

export interface StartRunOptions {
  options?: RunOptions;
  keepPrevious?: boolean;
}

export async function startRun(strategy: string, { options = {}, keepPrevious: keep = false }: StartRunOptions = {}): Promise<void> {
  const documentId = useDocumentStore.getState().id;
  if (!documentId) {
    useUiStore.getState().notify('error', 'Open a document first.');
    return;
  }
  const run = useRunStore.getState();
  if (isRunActive(run.status)) {
    useUiStore.getState().notify('error', `A ${run.strategy ?? ''} run is still going: cancel it first.`);
    return;
  }
  run.starting(strategy, documentId);
  keepPrevious = keep;
  cancelWhenStarted = false;
  earlyEvents = [];
  try {
    const { runId } = await workbench().startRun({ documentId, strategy, options });
    useRunStore.getState().started(runId);
    const waiting = earlyEvents.filter((e) => runIdOf(e) === runId);
    earlyEvents = [];
    for (const event of waiting) handleRunEvent(event);
    if (cancelWhenStarted && useRunStore.getState().status === 'running') await cancelRun();
  } catch (err) {
    earlyEvents = [];
    useRunStore.getState().failed(null, describeError(err));
    reportError(`Could not start ${strategy}`, err);
  }
}

export async function cancelRun(): Promise<void> {
  const { status, runId } = useRunStore.getState();
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

function runIdOf(event: RunEvent): string {
  return event.type === 'run-progress' ? event.progress.runId : event.runId;
}

export function handleRunEvent(event: RunEvent): void {
  const run = useRunStore.getState();
  if (run.runId !== runIdOf(event)) {
    if (run.status === 'starting') earlyEvents.push(event);
    return;
  }
  switch (event.type) {
    case 'run-progress':
      run.progressed(event.progress);
      return;
    case 'run-finished':
      void applyFinishedRun(event.runId, event.documentId, event.result);
      return;
    case 'run-failed':
      run.failed(event.runId, event.error);
      useUiStore.getState().notify('error', `${run.strategy ?? 'The run'} failed: ${event.error}`);
      return;
    case 'run-cancelled':
      run.cancelled(event.runId);
      useUiStore.getState().notify('info', `${run.strategy ?? 'The run'} was cancelled; the previous result is unchanged.`);
      return;
  }
}

/** Segment views built per step when a result arrives (see segmentsInSlices). */
const SEGMENTS_STEP = 250;
/** How long building them may hold the main thread before it yields. */
const SLICE_MS = 40;

async function applyFinishedRun(runId: string, documentId: string, result: Extract<RunEvent, { type: 'run-finished' }>['result']): Promise<void> {
  const run = useRunStore.getState();
  if (documentId !== useDocumentStore.getState().id) {
    run.failed(runId, 'another document was opened meanwhile');
    return;
  }
  // A large result's segment views are built over several tasks before it is shown (the run bar
  // stays up meanwhile); shown at once, 50,000 of them froze the window. The views are a cache:
  // a result that turns out invalid below is refused all the same.
  const text = useDocumentStore.getState().text;
  const stillWanted = () => useDocumentStore.getState().id === documentId && useRunStore.getState().runId === runId && isRunActive(useRunStore.getState().status);
  let sliceStart = performance.now();
  let sliced = false;
  for (const _ of segmentsInSlices(text, result.segmentation, SEGMENTS_STEP)) {
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
  try {
    useSegmentationStore.getState().setResult(result, { keepPrevious });
    run.finished(runId);
  } catch (err) {
    run.failed(runId, describeError(err));
    reportError(`The ${result.strategy} result was refused`, err);
  }
}
