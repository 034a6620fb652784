/**
 * The shape of the session store (index.ts): one store per window, in slices. Each slice's
 * actions sit in its own module; the types live here so the slices can see one another's state
 * without importing one another.
 */
import type { DocumentInfo, Segmentation, SegmentationResult } from '../../../shared/document/types';
import type { OpenedDocument, ReaderReport, RunJob } from '../../../shared/ipc/contract';
import type { History } from '../../../shared/history/history';
import type { PdfSourceMap } from '../../../shared/pdf-layout/source-map';
import type { ResultChange } from '../../../shared/history/result-changes';
import type { ReanchorReport, SourceStatus } from '../../../shared/workspace/types';

/** A hand edit's step keeps only what it changed (shared/history/result-changes); a run's step keeps whole results. */
export type SessionHistory = History<SegmentationResult, ResultChange>;

/** The open document. Its id and text live here and nowhere else in the renderer. */
export interface DocumentSlice {
  documentId: string | null;
  info: DocumentInfo | null;
  text: string;
  /** The reader that produced the text (txt, md, html, pdf, docx). */
  sourceFormat: string | null;
  /** What that reader did (null for a document that came without a report, e.g. from a workspace). */
  reader: ReaderReport | null;
  /** A PDF's lines on their pages (the page view); null for other formats and a workspace's copy. */
  sourceMap: PdfSourceMap | null;
  /** Shows another document: every per-document fact (results, history, run, workspace link) starts afresh. */
  showDocument(doc: OpenedDocument): void;
}

export interface KeptResult {
  /** Stable key for lists. */
  key: string;
  result: SegmentationResult;
}

/**
 * The results of the open document: the one shown, and the ones kept beside it. Every result
 * that becomes current is checked against the text first (an invalid one is refused with an
 * error, and nothing changes) and becomes one history step.
 */
export interface SegmentationSlice {
  current: SegmentationResult | null;
  /** Every result kept, each once; it may hold the shown one (list them with `keptBeside`). */
  kept: KeptResult[];
  /** A whole new result (a finished run): one history step, undone with its strategy. */
  showResult(result: SegmentationResult, keepPrevious?: boolean): void;
  /** Saved results (a workspace document): no step, the history starts at `shown`. */
  loadSaved(kept: SegmentationResult[], shown: SegmentationResult | null): void;
  /** Makes a kept result current (one step); the current one is kept too. */
  bringForward(key: string): void;
  discardKept(key: string): void;
}

export type SegmentationEdit = (text: string, segmentation: Segmentation) => Segmentation;

/** Why the segmentation changed by hand: what autosave and "unsaved corrections" follow. */
export type ChangeKind = 'edit' | 'undo' | 'redo';

/**
 * Undo and redo of the shown result (never of UI state). Hand edits go through `apply` (one step
 * each) or a drag (`beginDrag`, `dragTo`, `endDrag`: one step in all); each edit, undo and redo
 * bumps `revision` and saves the correction when the document is in the workspace.
 */
export interface HistorySlice {
  history: SessionHistory | null;
  revision: number;
  lastChange: ChangeKind | null;
  /** Applies one edit as one step; false when it changed nothing. Throws on an invalid segmentation. */
  apply(label: string, edit: SegmentationEdit): boolean;
  beginDrag(label: string): void;
  /** Shows the drag's intermediate state; `edit` is applied to the segmentation the drag started from. */
  dragTo(edit: SegmentationEdit): void;
  endDrag(): void;
  cancelDrag(): void;
  undo(): void;
  redo(): void;
}

/** `starting` covers the gap between asking the service and getting the run id back. */
export type RunStatus = 'idle' | 'starting' | 'running' | 'done' | 'failed' | 'cancelled';

/** The run in flight (one at a time), as the latest snapshot of its job says; its progress is in the jobs slice. */
export interface RunView {
  status: RunStatus;
  runId: string | null;
  strategy: string | null;
  documentId: string | null;
  error: string | null;
  /** Keep the shown result beside the new one instead of replacing it. */
  keepPrevious: boolean;
}

/** What a snapshot changed that a person should be told about. */
export type RunNews = { kind: 'failed'; error: string } | { kind: 'refused'; error: unknown } | { kind: 'cancelled' } | null;

export interface RunSlice {
  run: RunView;
  runStarting(strategy: string, documentId: string, keepPrevious: boolean): void;
  runStarted(runId: string): void;
  runStartFailed(error: string): void;
  /** Takes the service's snapshot of the run in flight (others are ignored); a finished run's result is shown. */
  runUpdated(snapshot: RunJob): RunNews;
}

export type SaveStatus = 'none' | 'pending' | 'saved' | 'failed';

/** The workspace document on screen (also while its changed source awaits re-anchoring). */
export interface ShownInWorkspace {
  id: string;
  source: SourceStatus;
  reanchorPreview: ReanchorReport | null;
}

/** Where the shown document's corrections go: the workspace (autosaved) or an exported file. */
export interface CorrectionsSlice {
  /** The workspace document hand edits are saved to; null while nothing is saved there. */
  workspaceDocumentId: string | null;
  saveStatus: SaveStatus;
  saveError: string | null;
  shownInWorkspace: ShownInWorkspace | null;
  /** The file the corrections were exported to last, and the revision they had then. */
  exportedTo: string | null;
  keptRevision: number;
  /** From now on hand edits are saved to this workspace document (null: nowhere). */
  linkWorkspaceDocument(workspaceDocumentId: string | null): void;
  setShownInWorkspace(shown: ShownInWorkspace | null): void;
  /** Sends the shown segmentation as the workspace document's correction when a person made it; else the correction in force when that result was shown, or none. */
  saveCorrection(): Promise<void>;
  noteExported(fileName: string): void;
}

export type SessionState = DocumentSlice & SegmentationSlice & HistorySlice & RunSlice & CorrectionsSlice;

/** How a slice sees the whole store (zustand's set and get). */
export type SessionSet = (partial: Partial<SessionState>) => void;
export type SessionGet = () => SessionState;
