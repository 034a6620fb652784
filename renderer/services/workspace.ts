/**
 * The renderer's side of the workspace: opening its documents (with their saved runs and
 * correction) through the one show sequence, a document the person opened joining it, batch
 * runs, batch export, re-anchoring and damaged documents. Hand edits are saved by the session
 * store's own actions (stores/session/corrections.ts); the list and the batch job's id live in
 * `useWorkspaceStore` (stores/workspace.ts), the batch's progress in the jobs slice. The panels are in features/workspace/.
 */
import type { SegmentationResult } from '../../shared/document/types';
import type { BatchJob, RunOptions, WorkbenchEvent } from '../../shared/ipc/contract';
import { isEmptyDocument } from '../../shared/document/empty';
import { isHandMade } from '../../shared/workspace/correction-state';
import { CORRECTED } from '../../shared/workspace/schema';
import { runsOldestFirst } from '../../shared/workspace/shown-result';
import type { DamagedWorkspaceDocument, WorkspaceDocumentSummary } from '../../shared/workspace/types';
import { jobOf, useJobs } from '../stores/jobs';
import { useSession } from '../stores/session';
import { useUiStore } from '../stores/ui';
import { useWorkspaceStore } from '../stores/workspace';
import { cancelJob } from './cancel-job';
import { correctionsSettled, noteCorrectionOpened } from './corrections';
import { reportError } from './errors';
import { saveDownload } from './exports';
import { startRun } from './runs';
import { beginShow, showDocument, type ShowOrigin, type ShowTicket } from './show-document';
import { workbench } from './workbench';

const LAST_DOCUMENT_KEY = 'segment-workbench:last-workspace-document';

export async function refreshWorkspace(): Promise<void> {
  try {
    const info = await workbench().workspaceInfo({});
    const documents = info.dir ? await workbench().workspaceListDocuments({}) : [];
    useWorkspaceStore.setState({ loaded: true, dir: info.dir, documents });
  } catch (err) {
    reportError('Could not read the workspace', err);
  }
}

function asResult(name: string, chars: number, sha256: string, strategy: string, segmentation: SegmentationResult['segmentation'], meta: Record<string, unknown>): SegmentationResult {
  return { document: { name, chars, sha256 }, strategy, segmentation, warnings: [], meta };
}

/**
 * Opens a workspace document: its correction (or latest run) is shown, the other runs are kept
 * beside it. False when it failed or a later request superseded it. A caller that already holds
 * a ticket (a joining document reopened as its workspace copy) passes it on.
 */
export async function openWorkspaceDocument(workspaceDocumentId: string, origin: ShowOrigin | ShowTicket = 'person'): Promise<boolean> {
  const ticket = typeof origin === 'string' ? beginShow(origin) : origin;
  if (!ticket) return false;
  let opened;
  try {
    // What this page still has on its way to the document goes first, so the copy opened holds it.
    await correctionsSettled(workspaceDocumentId);
    opened = await workbench().workspaceOpenDocument({ workspaceDocumentId });
  } catch (err) {
    if (ticket.isCurrent()) reportError('Could not open the workspace document', err);
    return false;
  }
  const { document: doc, state } = opened;
  if (!(await showDocument(doc, ticket))) return false;
  // The page's next save of it is a change from the correction it was given (none for a changed source: it shows none).
  noteCorrectionOpened(workspaceDocumentId, state.source.state === 'unchanged' ? state.corrected : null);
  // After showDocument, which forgot the previous workspace document.
  useSession.getState().setShownInWorkspace({ id: workspaceDocumentId, source: state.source, reanchorPreview: null });
  localStorage.setItem(LAST_DOCUMENT_KEY, workspaceDocumentId);
  if (state.source.state === 'changed') {
    // Saved boundaries belong to the old text: show none of them until re-anchored.
    useUiStore.getState().notify('info', `The source of ${doc.info.name} has changed since it was segmented: re-anchor its boundaries in the Workspace panel.`);
    await startRun(useUiStore.getState().defaultStrategy, { automatic: true });
    return true;
  }
  const { name, chars, sha256 } = doc.info;
  // Oldest first, so the latest run is the one shown when there is no correction (the list's count is its).
  const runs = runsOldestFirst(state.runs).map((r) => ({ ...r.result, document: { name, chars, sha256 } }));
  const shown = state.corrected
    ? asResult(name, chars, sha256, CORRECTED, state.corrected.segmentation, { basedOn: state.corrected.basedOn, revision: state.corrected.revision, editedAt: state.corrected.editedAt })
    : runs.pop();
  // Loading is not editing: the history starts at the result shown.
  useSession.getState().loadSaved(runs, shown ?? null);
  useSession.getState().linkWorkspaceDocument(workspaceDocumentId);
  if (!shown) await startRun(useUiStore.getState().defaultStrategy, { automatic: true });
  return true;
}

/** Review one by one: opens the next document that is not fully reviewed (after the one shown, wrapping). */
export async function openNextToReview(): Promise<boolean> {
  const { documents } = useWorkspaceStore.getState();
  const openId = useSession.getState().shownInWorkspace?.id ?? null;
  const from = documents.findIndex((d) => d.id === openId);
  for (let step = 1; step <= documents.length; step++) {
    const d = documents[(from + step + documents.length) % documents.length]!;
    // An empty document has nothing to review.
    if (d.state !== 'reviewed' && d.chars > 0 && d.id !== openId) return openWorkspaceDocument(d.id);
  }
  useUiStore.getState().notify('info', 'Every other document of the workspace is fully reviewed.');
  return false;
}

/**
 * At start-up with a workspace: reopens the document shown last (or the first one). A restore:
 * it yields to any document the person asked for meanwhile ('superseded': show nothing else
 * either). 'none' when there is nothing to restore, or it could not be opened.
 */
export async function openLastWorkspaceDocument(): Promise<'shown' | 'superseded' | 'none'> {
  const ticket = beginShow('restore');
  if (!ticket) return 'superseded';
  await refreshWorkspace();
  const { dir, documents } = useWorkspaceStore.getState();
  if (!ticket.isCurrent()) return 'superseded';
  if (!dir || documents.length === 0) return 'none';
  const last = localStorage.getItem(LAST_DOCUMENT_KEY);
  const target = documents.find((d) => d.id === last) ?? documents[0]!;
  if (await openWorkspaceDocument(target.id, ticket)) return 'shown';
  return ticket.isCurrent() ? 'none' : 'superseded';
}

/** Copies the open document into the workspace, so its corrections are saved from now on. */
export async function addOpenDocumentToWorkspace(): Promise<void> {
  const documentId = useSession.getState().documentId;
  if (!documentId) return;
  try {
    await adopt(await workbench().workspaceAddDocument({ documentId }));
    // Corrections already made go with it; a machine result alone is no correction.
    if (isHandMade(useSession.getState().current)) await useSession.getState().saveCorrection();
  } catch (err) {
    reportError('Could not add the document to the workspace', err);
  }
}

/** From now on the shown document is this workspace document: its corrections are saved there. */
async function adopt(summary: WorkspaceDocumentSummary): Promise<void> {
  useSession.getState().linkWorkspaceDocument(summary.id);
  useSession.getState().setShownInWorkspace({ id: summary.id, source: { state: 'unchanged' }, reanchorPreview: null });
  localStorage.setItem(LAST_DOCUMENT_KEY, summary.id);
  await refreshWorkspace();
}

export type JoinOutcome = 'joined' | 'reopened' | 'not-joined';

/**
 * A document the person just opened (and that is on screen) joins the open workspace, unless the
 * setting is off. When the workspace already holds it with saved work (the same name and text),
 * that copy is opened instead, corrections and all: 'reopened', and the caller is done.
 */
export async function joinWorkspace(ticket: ShowTicket): Promise<JoinOutcome> {
  // A file opened right after the page loaded may come before start-up learned of the workspace.
  if (!useWorkspaceStore.getState().loaded) await refreshWorkspace();
  const { dir, addOpened, documents } = useWorkspaceStore.getState();
  const documentId = useSession.getState().documentId;
  if (!dir || !addOpened || !documentId || !ticket.isCurrent()) return 'not-joined';
  if (isEmptyDocument(useSession.getState().text)) {
    useUiStore.getState().notify('info', `${useSession.getState().info?.name ?? 'The document'} is empty: nothing to segment, so it does not join the workspace.`);
    return 'not-joined';
  }
  const { setJoining } = useWorkspaceStore.getState();
  setJoining(documentId);
  try {
    const summary = await workbench().workspaceAddDocument({ documentId });
    if (!ticket.isCurrent()) return 'not-joined';
    const known = documents.find((d) => d.id === summary.id) ?? summary;
    if (known.corrected !== null || known.strategies.length > 0) {
      return (await openWorkspaceDocument(summary.id, ticket)) ? 'reopened' : 'not-joined';
    }
    await adopt(summary);
    return 'joined';
  } catch (err) {
    reportError('Could not add the document to the workspace', err);
    return 'not-joined';
  } finally {
    if (useWorkspaceStore.getState().joining === documentId) setJoining(null);
  }
}

export async function previewReanchor(): Promise<void> {
  const shown = useSession.getState().shownInWorkspace;
  if (!shown) return;
  try {
    const reanchorPreview = await workbench().workspaceReanchor({ workspaceDocumentId: shown.id, apply: false });
    // Only while that document is still the one shown.
    const now = useSession.getState().shownInWorkspace;
    if (now?.id === shown.id) useSession.getState().setShownInWorkspace({ ...now, reanchorPreview });
  } catch (err) {
    reportError('Could not re-anchor', err);
  }
}

export async function applyReanchor(): Promise<void> {
  const id = useSession.getState().shownInWorkspace?.id;
  if (!id) return;
  try {
    await workbench().workspaceReanchor({ workspaceDocumentId: id, apply: true });
    await openWorkspaceDocument(id, 'person');
    await refreshWorkspace();
  } catch (err) {
    reportError('Could not re-anchor', err);
  }
}

/** Adds every supported file of a folder on this machine (copied, or referenced where it lies). */
export async function importFolder(path: string, mode: 'copy' | 'reference'): Promise<boolean> {
  try {
    const report = await workbench().workspaceImportFolder({ path, mode });
    const skipped = report.skipped.length ? `; skipped ${report.skipped.map((s) => `${s.file} (${s.reason})`).join(', ')}` : '';
    const already = report.alreadyThere.length ? `, ${report.alreadyThere.length} already in the workspace` : '';
    useUiStore.getState().notify('info', `Imported ${report.added.length} new document(s) from ${path}${already}${skipped}.`);
    await refreshWorkspace();
    return true;
  } catch (err) {
    reportError(`Could not import ${path}`, err);
    return false;
  }
}

export async function startBatch(strategy: string, options: RunOptions): Promise<void> {
  try {
    const { batchId } = await workbench().workspaceBatchRun({ strategy, options });
    useWorkspaceStore.setState({ batchId });
    // A short batch can end before its start is answered: its job is in the jobs slice already.
    const job = jobOf(useJobs.getState(), batchId, 'batch');
    if (job) handleBatchJob(job);
  } catch (err) {
    reportError('Could not start the batch', err);
  }
}

export async function cancelBatch(): Promise<void> {
  const batchId = useWorkspaceStore.getState().batchId;
  if (batchId) await cancelJob(batchId, 'batch');
}

/** A batch under way when this page loaded (started before a reload, or in another window): the bar shows it, with Cancel. */
export function adoptBatchJob(job: BatchJob): void {
  if (job.status === 'running' && useWorkspaceStore.getState().batchId === null) useWorkspaceStore.setState({ batchId: job.id });
}

/** The batch's progress is drawn from the jobs slice; once this window's batch ends, the list is read again. */
export function handleBatchJob(job: BatchJob): void {
  if (job.status !== 'running' && useWorkspaceStore.getState().batchId === job.id) void refreshWorkspace();
}

export async function exportWorkspace(format: 'training' | 'wiki727k'): Promise<void> {
  try {
    const report = await workbench().workspaceExportBatch({ format, include: useWorkspaceStore.getState().selection });
    const skipped = report.skipped.length ? `; skipped ${report.skipped.map((s) => `${s.name} (${s.reason})`).join(', ')}` : '';
    useUiStore.getState().notify('info', `Exported ${report.documents} corrected document(s) to ${report.directory} in the workspace${skipped}.`);
    if (report.content !== undefined) saveDownload({ fileName: 'training.jsonl', mimeType: 'application/x-ndjson', content: report.content });
  } catch (err) {
    reportError('Could not export the workspace', err);
  }
}

/** Takes a healthy document out of the workspace (its folder is moved to removed/, nothing is deleted). */
export async function removeWorkspaceDocument(workspaceDocumentId: string, name: string): Promise<void> {
  try {
    const report = await workbench().workspaceRepairDocument({ workspaceDocumentId, action: 'remove' });
    if (useSession.getState().shownInWorkspace?.id === workspaceDocumentId) {
      // Its corrections have nowhere to go now: say so in the status bar rather than save to a removed folder.
      useSession.getState().linkWorkspaceDocument(null);
      useSession.getState().setShownInWorkspace(null);
    }
    useUiStore.getState().notify('info', `Removed ${name} from the workspace (moved to ${report.movedTo}).`);
  } catch (err) {
    reportError(`Could not remove ${name}`, err);
  }
  await refreshWorkspace();
}

/** The documents of the workspace that cannot be read as they are; null when the check failed (reported). */
export async function listDamagedDocuments(): Promise<DamagedWorkspaceDocument[] | null> {
  try {
    return await workbench().workspaceListDamaged({});
  } catch (err) {
    reportError('Could not check the workspace for damaged documents', err);
    return null;
  }
}

/** Repairs or removes a damaged document, says what was done, and refreshes the list (which checks again). */
export async function repairDocument(doc: DamagedWorkspaceDocument, action: 'repair' | 'remove'): Promise<void> {
  try {
    const report = await workbench().workspaceRepairDocument({ workspaceDocumentId: doc.id, action });
    const where = action === 'remove' ? `moved to ${report.movedTo}` : `repaired (set aside: ${report.setAside.join(', ')})`;
    useUiStore.getState().notify('info', `${doc.id} ${where}`);
  } catch (err) {
    reportError(`Could not ${action} ${doc.id}`, err);
  }
  await refreshWorkspace();
}

export function handleWorkspaceEvent(event: WorkbenchEvent): void {
  if (event.type === 'workspace-saved' || event.type === 'workspace-correction-cleared' || event.type === 'workspace-run-saved') {
    // The list's states, strategies and segment counts are those on disk: read them again.
    void refreshWorkspace();
  }
}
