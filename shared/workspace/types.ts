/**
 * What the workspace methods of the contract return and emit. Kept apart from the file schemas so
 * that the contract can import these types without importing any runtime code.
 */
import type { Segmentation } from '../document/types';
import type { OpenedDocument } from '../document/opened';
import type { SegmentationDelta } from '../edit/segmentation-delta';
import type { CorrectionState } from './correction-state';
import type { CorrectedFile, RunFile } from './schema';
import type { TrainingOptions } from '../learn/training-options';

/** Whether a document's source still is the text its segmentations were made on. */
export type SourceStatus =
  | { state: 'unchanged' }
  | { state: 'changed'; recordedSha256: string; currentSha256: string; recordedChars: number; currentChars: number };

export interface WorkspaceDocumentSummary {
  id: string;
  name: string;
  chars: number;
  sha256: string;
  sourceFormat: string;
  source: 'copy' | 'reference';
  /** Strategies with a saved run. */
  strategies: string[];
  corrected: { revision: number; editedAt: string; segments: number; reviewed: number } | null;
  /**
   * What opening the document shows: its correction (strategy `corrected`), else its latest run
   * (shown-result.ts); null with neither. A document with only runs still has a segment count.
   */
  shows: { strategy: string; segments: number } | null;
  /** untouched (no correction), edited, or reviewed (every segment marked reviewed). */
  state: CorrectionState;
}

/**
 * A workspace document one of whose files cannot be read or used (not JSON, not valid, another
 * document's record, a missing or replaced source.txt, a referenced file that moved or lies
 * outside the allowed folders, a correction or run that does not cover the text, a file where a
 * folder should be): listed apart, so the others stay usable, until it is repaired or removed.
 * The workspace's own documents/ folder, when it is not a folder, is listed with the id
 * DOCUMENTS_FOLDER_DAMAGE_ID (shared/workspace/schema.ts).
 */
export interface DamagedWorkspaceDocument {
  id: string;
  /** The file at fault, relative to the workspace folder: documents/<id>/document.json, ... */
  file: string;
  /** Why it cannot be read, in one line. */
  reason: string;
  /**
   * What `repair` would do: set the damaged file aside (a run or the correction, which are lost
   * but kept beside as *.damaged-<time>), rebuild the record from the copied source text,
   * re-anchor the document onto the text now in its replaced source.txt, or nothing (a lost
   * source, a referencing document whose record is lost: it can only be removed).
   */
  repair: 'set-aside' | 'rebuild-record' | 'reanchor' | null;
}

/** What workspaceRepairDocument did. Nothing is deleted: damaged files and removed documents are moved aside. */
export interface RepairReport {
  workspaceDocumentId: string;
  action: 'repair' | 'remove';
  /** Files renamed to *.damaged-<time>, relative to the workspace folder. */
  setAside: string[];
  /** For remove: where the document's folder went, relative to the workspace folder. */
  movedTo: string | null;
  /** The document as listed now (repair), or null (removed). */
  document: WorkspaceDocumentSummary | null;
}

export interface WorkspaceDocumentState {
  summary: WorkspaceDocumentSummary;
  /** The current text of the source. */
  text: string;
  source: SourceStatus;
  runs: RunFile[];
  corrected: CorrectedFile | null;
}

export interface WorkspaceInfo {
  /** The workspace folder; null when none is open. */
  dir: string | null;
  documents: number;
}

/** A document opened from the workspace: registered with the service like any opened file. */
export interface OpenedWorkspaceDocument {
  document: OpenedDocument;
  state: Omit<WorkspaceDocumentState, 'text'>;
}

export interface UnplacedBoundary {
  /** The boundary's offset in the old text. */
  oldOffset: number;
  /** The text that used to follow it, which was not found in the new text. */
  anchor: string;
}

/** How one segmentation fared when re-anchored onto a changed source. */
export interface ReanchoredSegmentation {
  /** 'corrected' or a strategy name. */
  name: string;
  placed: number;
  /** Placed, but only approximately: the text right after them was edited. */
  approximate: number;
  unplaced: UnplacedBoundary[];
}

export interface ReanchorReport {
  applied: boolean;
  source: SourceStatus;
  segmentations: ReanchoredSegmentation[];
}

export interface ImportFolderReport {
  /** Documents new to the workspace. */
  added: WorkspaceDocumentSummary[];
  /** Files the workspace already held (same name and text): nothing changed for them. */
  alreadyThere: WorkspaceDocumentSummary[];
  skipped: { file: string; reason: string }[];
}

export interface BatchOutcome {
  workspaceDocumentId: string;
  name: string;
  ok: boolean;
  segments?: number;
  error?: string;
}

export interface BatchExportReport {
  format: 'training' | 'wiki727k';
  /** Folder under the workspace the files were written to. */
  directory: string;
  files: string[];
  documents: number;
  /** Documents not exported: no correction yet, a changed source not re-anchored, or damaged. */
  skipped: { name: string; reason: string }[];
  /** The damaged documents among the skipped, as workspaceListDamaged describes them. */
  damaged: DamagedWorkspaceDocument[];
  /** The JSONL itself, for the training format (so a browser can download it). */
  content?: string;
}

export type WorkspaceEvent =
  | { type: 'workspace-saved'; workspaceDocumentId: string; revision: number; editedAt: string }
  | { type: 'workspace-correction-cleared'; workspaceDocumentId: string }
  /** A finished run of a document opened from the workspace is on disk (listed from now on). */
  | { type: 'workspace-run-saved'; workspaceDocumentId: string; strategy: string; savedAt: string };

/** What "Train from corrections" reports: the saved model, its held-out figures and what it learned. */
export interface LearnedTrainingReport {
  modelFile: string;
  trainedAt: string;
  /** The documents it learned from (those with a correction of their current text). */
  documents: string[];
  /** Segments marked reviewed among them. */
  reviewedSegments: number;
  skipped: Array<{ name: string; reason: string }>;
  /** k-fold held-out figures against the person's own corrections; null with a single document. */
  crossValidation: { folds: number; documents: number; pk: number; windowDiff: number; precision: number; recall: number; f1: number } | null;
  topFeatures: Array<{ name: string; weight: number }>;
  /** The segment length the length prior favours (its median, in characters). */
  typicalSegmentChars: number;
  /** The embedding model whose cosine drops it weighs (file name), or null when it used none. */
  embeddingModel: string | null;
  /** The training options it was trained with (shared/learn/training-options.ts). */
  options: TrainingOptions;
  /**
   * When most of the corrections started from one strategy's result: which, and how many of the
   * documents (the model may learn to copy that strategy); null otherwise or for a corpus.
   */
  mostlyFrom: { strategy: string; documents: number; of: number } | null;
}

/**
 * A document's saved correction as the host builds on it now (workspaceReadCorrection): what a
 * change must name as its base. A page refused with `stale-base` rebases its own change onto it.
 */
export interface CurrentCorrection {
  revision: number;
  /** Its segmentationDigest (shared/edit/segmentation-digest.ts). */
  digest: string;
  segmentation: Segmentation;
}

/** A correction sent as its change from a saved one (the contract's `change`). */
export interface CorrectionChange extends SegmentationDelta {
  /** The revision of the saved correction the change applies to. */
  baseRevision: number;
  /** Its segmentationDigest (shared/edit/segmentation-digest.ts). */
  baseDigest: string;
}

/** What a save of a correction answers, once it is on disk. */
export interface SavedCorrection {
  saved: true;
  /** The revision written. */
  revision: number;
  /**
   * The digest of the correction saved as `revision` when it is the one this call sent, or holds
   * it with another page's change (`joined`): the base of the caller's next change. Null when a later save of the document (another page's) was
   * written in its place: the caller's next save is then the whole segmentation.
   */
  digest: string | null;
  /**
   * What `revision` holds beyond what this call sent: another page's change, written together
   * with this one (two pages saving within the save delay; issue 36). Given with the revision's
   * digest, so the caller shows the other page's change and builds its next save on the revision
   * as written, not on what it sent (a later whole correction would drop the other's change).
   * Absent when the revision is what this call sent.
   */
  joined?: SegmentationDelta;
}

export interface WorkspaceMethodResults {
  workspaceInfo: WorkspaceInfo;
  workspaceOpen: WorkspaceInfo;
  workspaceListDocuments: WorkspaceDocumentSummary[];
  workspaceListDamaged: DamagedWorkspaceDocument[];
  workspaceRepairDocument: RepairReport;
  workspaceAddDocument: WorkspaceDocumentSummary;
  workspaceImportFolder: ImportFolderReport;
  workspaceOpenDocument: OpenedWorkspaceDocument;
  workspaceSaveCorrection: SavedCorrection;
  workspaceClearCorrection: { cleared: boolean };
  /** Null: the document has no correction. */
  workspaceReadCorrection: CurrentCorrection | null;
  workspaceReanchor: ReanchorReport;
  /** The batch job's id: its progress and outcomes come as `job` events. */
  workspaceBatchRun: { batchId: string };
  workspaceExportBatch: BatchExportReport;
  /** The training job's id: its progress and report come as `job` events. */
  workspaceTrainLearned: { jobId: string };
}
