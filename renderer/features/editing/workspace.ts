/**
 * The renderer's side of the workspace: opening its documents (with their saved runs and
 * correction), saving every hand edit (the service debounces and writes atomically), batch runs,
 * batch export and re-anchoring. The list and status live in `useWorkspaceStore`.
 */
import { create } from 'zustand';
import type { SegmentationResult } from '../../../shared/document/types';
import type { RunOptions, WorkbenchEvent } from '../../../shared/ipc/contract';
import { CORRECTED } from '../../../shared/workspace/schema';
import type { BatchOutcome, ReanchorReport, SourceStatus, WorkspaceDocumentSummary } from '../../../shared/workspace/types';
import { describeError, reportError } from '../../services/errors';
import { showDocument } from '../../services/documents';
import { startRun } from '../../services/runs';
import { workbench } from '../../services/workbench';
import { useDocumentStore } from '../../stores/document';
import { restartHistory, useHistoryStore } from '../../stores/history';
import { useSegmentationStore } from '../../stores/segmentation';
import { useUiStore } from '../../stores/ui';
import { useEditingStore } from './editing-store';

export interface BatchState {
  batchId: string;
  fraction: number;
  current: string | null;
  outcomes: BatchOutcome[] | null;
}

export interface WorkspaceState {
  dir: string | null;
  documents: WorkspaceDocumentSummary[];
  /** The open workspace document's source status, and a re-anchor preview when it changed. */
  source: SourceStatus | null;
  /** The workspace document on screen (also while its source awaits re-anchoring). */
  openId: string | null;
  reanchorPreview: ReanchorReport | null;
  batch: BatchState | null;
}

export const useWorkspaceStore = create<WorkspaceState>()(() => ({ dir: null, documents: [], source: null, openId: null, reanchorPreview: null, batch: null }));

const LAST_DOCUMENT_KEY = 'segment-workbench:last-workspace-document';

export async function refreshWorkspace(): Promise<void> {
  try {
    const info = await workbench().workspaceInfo({});
    const documents = info.dir ? await workbench().workspaceListDocuments({}) : [];
    useWorkspaceStore.setState({ dir: info.dir, documents });
  } catch (err) {
    reportError('Could not read the workspace', err);
  }
}

function asResult(name: string, chars: number, sha256: string, strategy: string, segmentation: SegmentationResult['segmentation'], meta: Record<string, unknown>): SegmentationResult {
  return { document: { name, chars, sha256 }, strategy, segmentation, warnings: [], meta };
}

/** Opens a workspace document: its correction (or latest run) is shown, the other runs are kept beside it. */
export async function openWorkspaceDocument(workspaceDocumentId: string): Promise<boolean> {
  let opened;
  try {
    opened = await workbench().workspaceOpenDocument({ workspaceDocumentId });
  } catch (err) {
    reportError('Could not open the workspace document', err);
    return false;
  }
  const { document: doc, state } = opened;
  useEditingStore.getState().setWorkspaceDocument(null);
  await showDocument(doc);
  // After setDocument, which forgets the previous workspace document (see installAutosave).
  useWorkspaceStore.setState({ source: state.source, openId: workspaceDocumentId, reanchorPreview: null });
  localStorage.setItem(LAST_DOCUMENT_KEY, workspaceDocumentId);
  if (state.source.state === 'changed') {
    // Saved boundaries belong to the old text: show none of them until re-anchored.
    useUiStore.getState().notify('info', `The source of ${doc.info.name} has changed since it was segmented: re-anchor its boundaries in the Workspace panel.`);
    await startRun(useUiStore.getState().defaultStrategy);
    return true;
  }
  const { name, chars, sha256 } = doc.info;
  const runs = state.runs.map((r) => ({ ...r.result, document: { name, chars, sha256 } }));
  const segmentation = useSegmentationStore.getState();
  const shown = state.corrected
    ? asResult(name, chars, sha256, CORRECTED, state.corrected.segmentation, { basedOn: state.corrected.basedOn, revision: state.corrected.revision, editedAt: state.corrected.editedAt })
    : runs.pop();
  for (const run of runs) segmentation.setResult(run, { keepPrevious: true });
  if (shown) segmentation.setResult(shown, { keepPrevious: true });
  // Loading is not editing: the history starts here.
  restartHistory();
  useEditingStore.getState().setWorkspaceDocument(workspaceDocumentId);
  if (!shown) await startRun(useUiStore.getState().defaultStrategy);
  return true;
}

/** Review one by one: opens the next document that is not fully reviewed (after the one shown, wrapping). */
export async function openNextToReview(): Promise<boolean> {
  const { documents, openId } = useWorkspaceStore.getState();
  const from = documents.findIndex((d) => d.id === openId);
  for (let step = 1; step <= documents.length; step++) {
    const d = documents[(from + step + documents.length) % documents.length]!;
    const done = d.corrected !== null && d.corrected.segments > 0 && d.corrected.reviewed === d.corrected.segments;
    if (!done && d.id !== openId) return openWorkspaceDocument(d.id);
  }
  useUiStore.getState().notify('info', 'Every other document of the workspace is fully reviewed.');
  return false;
}

/** At start-up with a workspace: reopens the document shown last (or the first one). */
export async function openLastWorkspaceDocument(): Promise<boolean> {
  await refreshWorkspace();
  const { dir, documents } = useWorkspaceStore.getState();
  if (!dir || documents.length === 0) return false;
  const last = localStorage.getItem(LAST_DOCUMENT_KEY);
  const target = documents.find((d) => d.id === last) ?? documents[0]!;
  return openWorkspaceDocument(target.id);
}

/** Copies the open document into the workspace, so its corrections are saved from now on. */
export async function addOpenDocumentToWorkspace(): Promise<void> {
  const documentId = useDocumentStore.getState().id;
  if (!documentId) return;
  try {
    const summary = await workbench().workspaceAddDocument({ documentId });
    useEditingStore.getState().setWorkspaceDocument(summary.id);
    useWorkspaceStore.setState({ openId: summary.id, source: { state: 'unchanged' } });
    localStorage.setItem(LAST_DOCUMENT_KEY, summary.id);
    await refreshWorkspace();
    await saveNow();
  } catch (err) {
    reportError('Could not add the document to the workspace', err);
  }
}

let latestSave = 0;

/**
 * Sends the shown segmentation as the document's correction. Every change is sent at once; the
 * service debounces them (a write at most 1 s after the first unsaved change) and answers each
 * call once a write containing it is on disk. The status follows the latest call.
 */
function saveNow(): Promise<void> {
  const workspaceDocumentId = useEditingStore.getState().workspaceDocumentId;
  const current = useSegmentationStore.getState().current;
  if (!workspaceDocumentId || !current) return Promise.resolve();
  const seq = ++latestSave;
  useEditingStore.getState().setSaveStatus('pending');
  return workbench()
    .workspaceSaveCorrection({ workspaceDocumentId, segmentation: current.segmentation, basedOnStrategy: current.strategy })
    .then(
      () => {
        if (seq === latestSave) useEditingStore.getState().setSaveStatus('saved');
      },
      (err: unknown) => {
        // A failed save is reported even when a later one is under way: the user must know.
        useEditingStore.getState().setSaveStatus('failed', describeError(err));
        reportError('A correction was not saved', err);
      },
    );
}

/**
 * Every hand edit, undo and redo of a workspace document is saved. A document opened any other
 * way is not in the workspace (until added): nothing of it is saved there.
 */
export function installAutosave(): () => void {
  const stopEdits = useHistoryStore.subscribe((state, previous) => {
    if (state.revision !== previous.revision) void saveNow();
  });
  const stopDocuments = useDocumentStore.subscribe((state, previous) => {
    if (state.id === previous.id) return;
    useEditingStore.getState().setWorkspaceDocument(null);
    useWorkspaceStore.setState({ openId: null, source: null, reanchorPreview: null });
  });
  return () => {
    stopEdits();
    stopDocuments();
  };
}

export async function previewReanchor(): Promise<void> {
  const id = useWorkspaceStore.getState().openId;
  if (!id) return;
  try {
    useWorkspaceStore.setState({ reanchorPreview: await workbench().workspaceReanchor({ workspaceDocumentId: id, apply: false }) });
  } catch (err) {
    reportError('Could not re-anchor', err);
  }
}

export async function applyReanchor(): Promise<void> {
  const id = useWorkspaceStore.getState().openId;
  if (!id) return;
  try {
    await workbench().workspaceReanchor({ workspaceDocumentId: id, apply: true });
    await openWorkspaceDocument(id);
    await refreshWorkspace();
  } catch (err) {
    reportError('Could not re-anchor', err);
  }
}

export async function startBatch(strategy: string, options: RunOptions): Promise<void> {
  try {
    const { batchId } = await workbench().workspaceBatchRun({ strategy, options });
    useWorkspaceStore.setState({ batch: { batchId, fraction: 0, current: null, outcomes: null } });
  } catch (err) {
    reportError('Could not start the batch', err);
  }
}

export async function cancelBatch(): Promise<void> {
  const batch = useWorkspaceStore.getState().batch;
  if (batch) await workbench().workspaceCancelBatch({ batchId: batch.batchId }).catch((err: unknown) => reportError('Could not cancel the batch', err));
}

export async function exportWorkspace(format: 'training' | 'wiki727k'): Promise<void> {
  try {
    const report = await workbench().workspaceExportBatch({ format });
    const skipped = report.skipped.length ? `; skipped ${report.skipped.map((s) => `${s.name} (${s.reason})`).join(', ')}` : '';
    useUiStore.getState().notify('info', `Exported ${report.documents} corrected document(s) to ${report.directory} in the workspace${skipped}.`);
    if (report.content !== undefined) {
      const url = URL.createObjectURL(new Blob([report.content], { type: 'application/x-ndjson' }));
      const a = Object.assign(document.createElement('a'), { href: url, download: 'training.jsonl' });
      a.click();
      URL.revokeObjectURL(url);
    }
  } catch (err) {
    reportError('Could not export the workspace', err);
  }
}

export function handleWorkspaceEvent(event: WorkbenchEvent): void {
  const batch = useWorkspaceStore.getState().batch;
  if (event.type === 'workspace-batch-progress' && batch?.batchId === event.batchId) {
    useWorkspaceStore.setState({ batch: { ...batch, fraction: event.fraction, current: event.current } });
  } else if (event.type === 'workspace-batch-finished' && batch?.batchId === event.batchId) {
    useWorkspaceStore.setState({ batch: { ...batch, fraction: 1, current: null, outcomes: event.outcomes } });
    void refreshWorkspace();
  } else if (event.type === 'workspace-saved') {
    void refreshWorkspace();
  }
}
