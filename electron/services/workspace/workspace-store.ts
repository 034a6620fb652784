/**
 * A workspace folder as the services write it: its files (storage/workspace-files.ts), the one
 * queue of each document's work (queue/document-queue.ts) so that its writes land in call order
 * whatever the outcome of earlier ones, and the correction revisions this host builds on
 * (state/correction-revisions.ts). A correction is written only on top of the revision this host's
 * edits started from (`writeCorrected`). Debouncing, batches and re-anchoring sit on top of it and
 * take their turns in the same queue (`queue`), so a write of theirs joins their turn.
 */
import path from 'node:path';
import { assertValidSegmentation } from '../../../shared/document/segmentation';
import { describeDocument } from '../../../shared/document/document-info';
import type { Segmentation, SegmentationResult } from '../../../shared/document/types';
import { anchorsOf, workspaceDocumentId, WORKSPACE_VERSION, type CorrectedFile, type CorrectionBasis, type DocumentRecord, type RunFile } from '../../../shared/workspace/schema';
import { wireErrorCodes } from '../../../shared/error-codes';
import { UserError } from '../../../shared/errors';
import type { DamagedWorkspaceDocument } from '../../../shared/workspace/types';
import { DocumentQueue } from './queue/document-queue';
import { CorrectionRevisions, HeldCorrection, type SavedRevision } from './state/correction-revisions';
import { COPIED_SOURCE, now, WorkspaceFiles, type DocumentText, type NewDocument, type SourceReader } from './storage/workspace-files';
import type { DocumentPdf } from './storage/pdf-copy';

export { COPIED_SOURCE, type DocumentText, type NewDocument, type SourceReader };
export { HeldCorrection } from './state/correction-revisions';

/** A save based on an older revision than the one on disk: another host wrote in between. */
export class RevisionConflictError extends UserError {
  constructor(
    readonly file: string,
    readonly onDisk: number,
    readonly basedOn: number,
  ) {
    super(
      wireErrorCodes.conflict,
      `the correction in ${file} was saved elsewhere meanwhile (revision ${onDisk} on disk; this edit was based on revision ${basedOn}): this edit was not saved; open the document again to see the saved one`,
    );
    this.name = 'RevisionConflictError';
  }
}

export class WorkspaceStore {
  /**
   * The one order of each document's work: this store's writes, and the service's steps above it
   * (WorkspaceService), which call these writes inside their own turn.
   */
  readonly queue = new DocumentQueue();
  private readonly revisions = new CorrectionRevisions();

  private constructor(readonly files: WorkspaceFiles) {}

  /** Whether `dir` may be opened as a workspace, writing nothing (WorkspaceFiles.check). */
  static check(dir: string): Promise<'existing' | 'new'> {
    return WorkspaceFiles.check(dir);
  }

  /** Opens (or creates) the workspace in `dir` and takes its lock (WorkspaceFiles.open). */
  static async open(dir: string, readSource: SourceReader, options: { referenceRoots?: readonly string[] } = {}): Promise<WorkspaceStore> {
    return new WorkspaceStore(await WorkspaceFiles.open(dir, readSource, options));
  }

  get dir(): string {
    return this.files.dir;
  }

  /** Waits for queued writes, then gives the workspace's lock up. */
  async close(): Promise<void> {
    await this.queue.idle();
    await this.files.releaseLock();
  }

  // Reading: straight from the files.
  documentDir(id: string): string {
    return this.files.documentDir(id);
  }
  recordFile(id: string): string {
    return this.files.recordFile(id);
  }
  documentIds(): Promise<string[]> {
    return this.files.documentIds();
  }
  documentsFolderDamage(): Promise<DamagedWorkspaceDocument | null> {
    return this.files.documentsFolderDamage();
  }
  readRecord(id: string): Promise<DocumentRecord> {
    return this.files.readRecord(id);
  }
  allowReferenceRoot(folder: string): void {
    this.files.allowReferenceRoot(folder);
  }
  resolveReference(record: DocumentRecord): Promise<string> {
    return this.files.resolveReference(record);
  }
  readText(record: DocumentRecord): Promise<DocumentText> {
    return this.files.readText(record);
  }

  readPdfCopy(record: DocumentRecord, text: DocumentText): Promise<DocumentPdf | null> {
    return this.files.readPdfCopy(record, text);
  }
  readRuns(id: string): Promise<RunFile[]> {
    return this.files.readRuns(id);
  }
  readCorrected(id: string): Promise<CorrectedFile | null> {
    return this.files.readCorrected(id);
  }
  replaceDocumentsFolder(action: 'repair' | 'remove'): Promise<string> {
    return this.files.replaceDocumentsFolder(action);
  }
  writeExport(relativePath: string, content: string): Promise<string> {
    return this.files.writeExport(relativePath, content);
  }

  /** Adds a document; adding the same name with the same text again returns the existing record. */
  async addDocument(doc: NewDocument): Promise<DocumentRecord> {
    const info = describeDocument(doc.name, doc.text);
    const id = workspaceDocumentId(doc.name, info.sha256);
    return this.queue.run(id, () => this.files.addDocument(id, doc, info));
  }

  /** Saves a strategy's result as that strategy's latest run (replacing the previous one). */
  async writeRun(id: string, text: string, result: SegmentationResult): Promise<RunFile> {
    assertValidSegmentation(text, result.segmentation);
    return this.queue.run(id, async () => {
      const run: RunFile = {
        format: 'segment-workbench-run',
        version: WORKSPACE_VERSION,
        savedAt: now(),
        anchors: anchorsOf(text, result.segmentation.boundaries),
        result: { ...result, segmentation: { boundaries: [...result.segmentation.boundaries], notes: result.segmentation.notes.map((n) => ({ ...n })) } },
      };
      await this.files.writeRun(id, run);
      return run;
    });
  }

  /** The correction revision this host's edits of the document build on (set by `noteBase`, or on writing). */
  baseRevision(id: string): number | undefined {
    return this.revisions.base(id);
  }

  /**
   * Records that this host's next edits of the document start from `corrected` (null: no
   * correction yet, revision 0), the correction it handed out or found on disk.
   */
  noteBase(id: string, corrected: SavedRevision | null): void {
    this.revisions.note(id, corrected);
  }

  forgetBaseRevision(id: string): void {
    this.revisions.forget(id);
  }

  /** The digest of the correction held for the document, when it is the one saved as `revision`. */
  heldDigest(id: string, revision: number): string | null {
    return this.revisions.heldAt(id, revision)?.digest ?? null;
  }

  /**
   * The correction saved as `revision` that this host's edits of the document build on, or null
   * when they build on another one (another host's or page's save came in between, the correction
   * was cleared). Read from disk when it is not held: it must be the revision there, too.
   */
  async heldCorrection(id: string, revision: number): Promise<HeldCorrection | null> {
    // In the document's queue: a write landing meanwhile cannot be mistaken for the base, nor undone by it.
    return this.queue.run(id, async () => {
      const base = this.revisions.base(id);
      if (base !== undefined && base !== revision) return null;
      const held = this.revisions.heldAt(id, revision);
      if (held) return held;
      const onDisk = await this.files.readCorrected(id);
      if (onDisk?.revision !== revision) return null;
      // Base undefined (no edit of this host noted one yet) or this very revision.
      this.revisions.note(id, onDisk);
      return this.revisions.heldAt(id, revision);
    });
  }

  /**
   * The correction this host's edits of the document build on: the one held at its base, else
   * the one on disk (null: none). Reads only; notes nothing (unlike `heldCorrection`).
   */
  async currentCorrection(id: string): Promise<HeldCorrection | null> {
    return this.queue.run(id, async () => {
      const base = this.revisions.base(id);
      const held = base === undefined ? null : this.revisions.heldAt(id, base);
      if (held) return held;
      const onDisk = await this.files.readCorrected(id);
      return onDisk && new HeldCorrection(onDisk.revision, onDisk.segmentation);
    });
  }

  /** A conflict unless `base` is the revision on disk (0: none). */
  private assertOnTopOf(id: string, onDisk: number, base: number): void {
    if (base !== onDisk) throw new RevisionConflictError(path.relative(this.dir, this.files.correctedFile(id)).split(path.sep).join('/'), onDisk, base);
  }

  /**
   * Saves the corrected segmentation of a document whose current text is `text` (sha256
   * `sha256`), one revision after what is on disk. It must be based on the revision on disk:
   * `basedOnRevision`, else the one this host noted (none noted: whatever is on disk); another
   * revision there means another host saved meanwhile, and the write is refused, not won.
   */
  async writeCorrected(id: string, text: string, sha256: string, segmentation: Segmentation, basedOn: CorrectionBasis | null, basedOnRevision?: number): Promise<CorrectedFile> {
    assertValidSegmentation(text, segmentation);
    return this.queue.run(id, async () => {
      const onDisk = (await this.files.readCorrected(id))?.revision ?? 0;
      this.assertOnTopOf(id, onDisk, basedOnRevision ?? this.revisions.base(id) ?? onDisk);
      const corrected: CorrectedFile = {
        format: 'segment-workbench-corrected',
        version: WORKSPACE_VERSION,
        revision: onDisk + 1,
        editedAt: now(),
        basedOn,
        sourceSha256: sha256,
        anchors: anchorsOf(text, segmentation.boundaries),
        segmentation: { boundaries: [...segmentation.boundaries], notes: segmentation.notes.map((n) => ({ ...n })) },
      };
      await this.files.writeCorrected(id, corrected);
      this.revisions.note(id, corrected);
      return corrected;
    });
  }

  /** Removes the document's correction (its edits were undone): true when there was one. */
  async removeCorrected(id: string): Promise<boolean> {
    return this.queue.run(id, async () => {
      // Like a write, a removal builds on the revision this host saw: another host's later correction is not undone from here.
      const onDisk = (await this.files.readCorrected(id))?.revision ?? 0;
      this.assertOnTopOf(id, onDisk, this.revisions.base(id) ?? onDisk);
      this.revisions.release(id);
      const removed = await this.files.removeCorrected(id);
      // This host's next correction builds on none: it starts again at revision 1.
      if (removed) this.revisions.noteRemoved(id);
      return removed;
    });
  }

  /** Records that the document's text is now `text` (after re-anchoring onto a changed source). */
  async writeRecordText(id: string, text: string): Promise<DocumentRecord> {
    return this.queue.run(id, async () => {
      const record = await this.files.readRecord(id);
      const info = describeDocument(record.name, text);
      const updated: DocumentRecord = { ...record, sha256: info.sha256, chars: info.chars };
      await this.files.writeRecord(updated);
      return updated;
    });
  }

  /** Replaces a document's record (when repairing a damaged one). */
  async writeRecord(record: DocumentRecord): Promise<void> {
    await this.queue.run(record.id, () => this.files.writeRecord(record));
  }

  /** Renames a damaged file of the document to `<file>.damaged-<time>`, which no reader picks up. */
  async setAside(id: string, file: string): Promise<string> {
    return this.queue.run(id, () => this.files.setAside(file));
  }

  /** Moves the document's folder to removed/<id>.<time>: out of the workspace's list, not deleted. */
  async removeDocument(id: string): Promise<string> {
    return this.queue.run(id, () => this.files.removeDocument(id));
  }

  /** Waits until every queued write has finished. */
  async idle(): Promise<void> {
    await this.queue.idle();
  }
}
