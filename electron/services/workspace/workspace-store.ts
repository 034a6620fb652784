/**
 * A workspace folder on disk (layout in shared/workspace/schema.ts). This class only reads and
 * writes files; debouncing, batches and re-anchoring sit on top of it. Every write is atomic and
 * every write to one document goes through that document's queue, so revisions land in order.
 * An open store holds the workspace's lock (workspace-lock.ts) until `close`, and a correction
 * is written only on top of the revision this host's edits started from (`writeCorrected`).
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { assertValidSegmentation } from '../../../shared/document/segmentation';
import { describeDocument } from '../../../shared/document/document-info';
import { segmentationDigest } from '../../../shared/edit/segmentation-digest';
import type { Segmentation, SegmentationResult } from '../../../shared/document/types';
import {
  anchorsOf, correctedFileSchema, DOCUMENTS_FOLDER_DAMAGE_ID, documentRecordSchema, runFileSchema, workspaceDocumentId, workspaceDocumentIdSchema,
  workspaceMarkerSchema, WORKSPACE_VERSION,
  type CorrectedFile, type CorrectionBasis, type DocumentRecord, type RunFile,
} from '../../../shared/workspace/schema';
import { strategyNameSchema } from '../../../shared/strategies/run-options';
import { wireErrorCodes } from '../../../shared/error-codes';
import { UserError } from '../../../shared/errors';
import { runFileBaseName } from '../../../shared/workspace/run-file-name';
import type { DamagedWorkspaceDocument, SourceStatus } from '../../../shared/workspace/types';
import { writeFileAtomic, removeStaleTempFiles, syncDirectory, TEMP_SUFFIX } from './atomic-file';
import { KeyedQueue } from './keyed-queue';
import { WorkspaceLock } from './workspace-lock';
import { DocumentDamageError, readJsonFile, writeJsonFile, WorkspaceFileError } from './json-files';
import { readCopiedText, SourceFiles } from './source-files';
import { NewerWorkspaceVersionError, toCurrentVersion, upgradeMarker } from './storage/migrations';

/** Reads a referenced source file into text (the workbench's readers: txt, md, html, pdf, docx). */
export type SourceReader = (absolutePath: string) => Promise<{ text: string; sourceFormat: string }>;


export interface DocumentText {
  text: string;
  sha256: string;
  source: SourceStatus;
}

export interface NewDocument {
  name: string;
  text: string;
  sourceFormat: string;
  /** Keep only a reference to this file (and the text's sha256) instead of a copy of the text. */
  referencePath?: string;
}

const now = () => new Date().toISOString();
/** A time for file names: no colons (Windows), to the millisecond. */
const fileStamp = () => now().replace(/[:.]/g, '-');

/** The copied text of a document added by copy. */
export const COPIED_SOURCE = 'source.txt';

/** Files an operating system drops into any folder: they do not make a folder non-empty. */
const IGNORED_IN_EMPTY_FOLDER: ReadonlySet<string> = new Set(['.DS_Store']);

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

/** How many documents' corrections a host holds for changes to apply to (WorkspaceStore.heldCorrection). */
const HELD_CORRECTIONS = 16;

/** A saved correction as this host holds it: its revision, its segmentation and (worked out once) its digest. */
export class HeldCorrection {
  private digestMemo: string | undefined;

  constructor(
    readonly revision: number,
    readonly segmentation: Segmentation,
  ) {}

  get digest(): string {
    return (this.digestMemo ??= segmentationDigest(this.segmentation));
  }
}

export class WorkspaceStore {
  /** Writes of one document run one after another, whatever the outcome of the earlier ones. */
  private readonly queue = new KeyedQueue();
  /**
   * Per document, the correction revision this host's edits build on: the one it loaded or last
   * wrote. A write finding another revision on disk is refused (RevisionConflictError).
   */
  private readonly baseRevisions = new Map<string, number>();
  /**
   * The corrections of the documents edited last, as saved at their base revision: what a
   * correction's change applies to (heldCorrection). Any other one is read again when needed.
   */
  private readonly held = new Map<string, HeldCorrection>();

  /** Where documents' texts may be read from. */
  private readonly sources: SourceFiles;

  private constructor(
    readonly dir: string,
    private readonly readSource: SourceReader,
    private readonly lock: WorkspaceLock,
    referenceRoots: readonly string[],
  ) {
    this.sources = new SourceFiles(dir, referenceRoots);
  }

  /**
   * Whether `dir` may be opened as a workspace, without writing anything: 'existing' when it
   * already is one (a valid workspace.json), 'new' when it does not exist yet or is empty (a
   * Finder .DS_Store aside). Anything else is refused with a WorkspaceFileError.
   */
  static async check(dir: string): Promise<'existing' | 'new'> {
    const root = path.resolve(dir);
    const stat = await fs.stat(root).catch(() => null);
    if (!stat) return 'new';
    if (!stat.isDirectory()) throw new WorkspaceFileError(`${root} is not a folder`);
    const marker = await readJsonFile(path.join(root, 'workspace.json'), workspaceMarkerSchema, toCurrentVersion).catch((err: Error) => {
      // A newer build's workspace says so, not that it is none.
      if (err instanceof NewerWorkspaceVersionError) throw err;
      throw new WorkspaceFileError(`${root} is not a Segment Workbench workspace (${err.message})`);
    });
    if (marker) {
      await WorkspaceLock.assertFree(root);
      return 'existing';
    }
    const entries = (await fs.readdir(root)).filter((name) => !IGNORED_IN_EMPTY_FOLDER.has(name));
    if (entries.length > 0) {
      throw new WorkspaceFileError(`${root} is neither a Segment Workbench workspace nor empty: choose an existing workspace, an empty folder or a new one`);
    }
    return 'new';
  }

  /**
   * Opens the workspace in `dir` (see `check`), creating it when it is new. `referenceRoots`: the
   * folders besides the workspace whose files its documents may reference (the host's allowed
   * folders); a reference anywhere else makes its document damaged, and the file is never read.
   */
  static async open(dir: string, readSource: SourceReader, options: { referenceRoots?: readonly string[] } = {}): Promise<WorkspaceStore> {
    const root = path.resolve(dir);
    if ((await WorkspaceStore.check(root)) === 'new') {
      // The marker first: a folder with it is a workspace, whatever else an interrupted creation left.
      await fs.mkdir(root, { recursive: true });
      const markerFile = path.join(root, 'workspace.json');
      await writeJsonFile(markerFile, workspaceMarkerSchema, { format: 'segment-workbench-workspace', version: WORKSPACE_VERSION, createdAt: now() });
    }
    // Before anything else is written: a second host must not even clean up temp files.
    const lock = await WorkspaceLock.acquire(root);
    try {
      // Something else where documents/ should be is listed as damaged (documentsFolderDamage), not an error here.
      await fs.mkdir(path.join(root, 'documents'), { recursive: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST' && err.code !== 'ENOTDIR') throw err;
      });
      await upgradeMarker(root);
      const store = new WorkspaceStore(root, readSource, lock, options.referenceRoots ?? []);
      await store.removeStaleTempFiles();
      return store;
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  /** Waits for queued writes, then gives the workspace's lock up. */
  async close(): Promise<void> {
    await this.queue.idle();
    await this.lock.release();
  }

  private async removeStaleTempFiles(): Promise<void> {
    await removeStaleTempFiles(this.dir);
    await removeStaleTempFiles(path.join(this.dir, 'documents'));
    for (const id of await this.documentIds()) {
      await removeStaleTempFiles(this.documentDir(id));
      await removeStaleTempFiles(path.join(this.documentDir(id), 'runs'));
    }
  }

  documentDir(id: string): string {
    const checked = workspaceDocumentIdSchema.safeParse(id);
    if (!checked.success) throw new WorkspaceFileError(`'${id.slice(0, 100)}' is not a workspace document id`);
    return path.join(this.dir, 'documents', checked.data);
  }

  recordFile(id: string): string {
    return path.join(this.documentDir(id), 'document.json');
  }

  private correctedFile(id: string): string {
    return path.join(this.documentDir(id), 'corrected.json');
  }

  /** One file per strategy and settings (shared/workspace/run-file-name.ts). */
  private runFile(id: string, result: SegmentationResult): string {
    strategyNameSchema.parse(result.strategy);
    return path.join(this.documentDir(id), 'runs', `${runFileBaseName(result)}.json`);
  }

  /**
   * The names under documents/ that are document ids: folders, and whatever else stands under
   * such a name (listed as damaged). Temp folders of adds in progress start with a dot and are not.
   */
  async documentIds(): Promise<string[]> {
    const entries = await fs.readdir(path.join(this.dir, 'documents'), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      // No documents/ folder: nothing to list (documentsFolderDamage says why).
      if (err.code === 'ENOTDIR' || err.code === 'ENOENT') return [];
      throw err;
    });
    return entries
      .filter((e) => workspaceDocumentIdSchema.safeParse(e.name).success)
      .map((e) => e.name)
      .sort();
  }

  /** What is wrong with the workspace's documents/ folder itself (something else stands there), or null. */
  async documentsFolderDamage(): Promise<DamagedWorkspaceDocument | null> {
    const stats = await fs.lstat(path.join(this.dir, 'documents')).catch(() => null);
    if (!stats || stats.isDirectory()) return null;
    const what = stats.isSymbolicLink() ? 'a symbolic link' : 'a file';
    return { id: DOCUMENTS_FOLDER_DAMAGE_ID, file: 'documents', reason: `${what} stands where the workspace's documents/ folder should be: no document can be listed or added`, repair: 'set-aside' };
  }

  /** Moves whatever stands where documents/ should be aside (repair) or to removed/ (remove), and makes the folder. */
  async replaceDocumentsFolder(action: 'repair' | 'remove'): Promise<string> {
    const from = path.join(this.dir, 'documents');
    const to = action === 'repair' ? `${from}.damaged-${fileStamp()}` : path.join(this.dir, 'removed', `documents.${fileStamp()}`);
    await fs.mkdir(path.dirname(to), { recursive: true });
    await fs.rename(from, to);
    await fs.mkdir(from);
    return to;
  }

  /**
   * The document's record. An id with no entry under documents/ is not a document; an entry that
   * is not a folder, or a folder without its document.json, is a damaged one.
   */
  async readRecord(id: string): Promise<DocumentRecord> {
    const docDir = this.documentDir(id);
    const folder = await fs.lstat(docDir).catch(() => null);
    if (!folder) throw new WorkspaceFileError(`no document '${id}' in the workspace ${this.dir}`);
    if (!folder.isDirectory()) {
      const what = folder.isSymbolicLink() ? 'a symbolic link (not followed)' : 'a file';
      throw new DocumentDamageError(`documents/${id} is ${what}, not a document folder`, docDir, null);
    }
    const record = await readJsonFile(this.recordFile(id), documentRecordSchema, toCurrentVersion);
    if (!record) {
      const copied = await fs.lstat(path.join(docDir, COPIED_SOURCE)).catch(() => null);
      throw new DocumentDamageError(
        `documents/${id}/document.json is missing${copied?.isFile() ? ' (its copied text is still there)' : ''}`,
        this.recordFile(id),
        copied?.isFile() ? 'rebuild-record' : null,
      );
    }
    if (record.id !== id) throw new WorkspaceFileError(`documents/${id}/document.json names another document (${record.id})`, this.recordFile(id));
    return record;
  }

  /** Lets documents reference files under `folder` too (one the host itself imported from, by reference). */
  allowReferenceRoot(folder: string): void {
    this.sources.allowRoot(folder);
  }

  /** The real path of a referenced source inside the allowed folders, or a DocumentDamageError (source-files.ts). */
  resolveReference(record: DocumentRecord): Promise<string> {
    return this.sources.resolveReference(record, this.recordFile(record.id));
  }

  /**
   * Adds a document; adding the same name with the same text again returns the existing record.
   * The folder is filled under a temp name and renamed into place, so a document folder without
   * its record is never an add in progress (or one a kill interrupted): it is damage.
   */
  async addDocument(doc: NewDocument): Promise<DocumentRecord> {
    const info = describeDocument(doc.name, doc.text);
    const id = workspaceDocumentId(doc.name, info.sha256);
    return this.queue.run(id, async () => {
      const documents = path.join(this.dir, 'documents');
      const damage = await this.documentsFolderDamage();
      if (damage) throw new DocumentDamageError(`${damage.reason}: repair it in the Workspace panel first`, documents, damage.repair);
      if (await fs.lstat(this.documentDir(id)).catch(() => null)) return this.readRecord(id);
      const staging = path.join(documents, `.${id}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
      await fs.mkdir(path.join(staging, 'runs'), { recursive: true });
      let source: DocumentRecord['source'];
      if (doc.referencePath !== undefined) {
        const absolute = path.resolve(doc.referencePath);
        const relative = path.relative(this.dir, absolute);
        const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
        source = { kind: 'reference', path: inside ? relative.split(path.sep).join('/') : absolute };
      } else {
        await writeFileAtomic(path.join(staging, COPIED_SOURCE), doc.text);
        source = { kind: 'copy', file: COPIED_SOURCE };
      }
      const record: DocumentRecord = {
        format: 'segment-workbench-document',
        version: WORKSPACE_VERSION,
        id,
        name: doc.name,
        sourceFormat: doc.sourceFormat,
        source,
        sha256: info.sha256,
        chars: info.chars,
        addedAt: now(),
      };
      await writeJsonFile(path.join(staging, 'document.json'), documentRecordSchema, record);
      await fs.rename(staging, this.documentDir(id));
      await syncDirectory(documents);
      return record;
    });
  }

  /** The document's current text, and whether it still is the text it was segmented on. */
  async readText(record: DocumentRecord): Promise<DocumentText> {
    let text: string;
    if (record.source.kind === 'copy') {
      text = await readCopiedText(path.join(this.documentDir(record.id), COPIED_SOURCE), `documents/${record.id}/${COPIED_SOURCE}`);
    } else {
      const file = await this.resolveReference(record);
      try {
        text = (await this.readSource(file)).text;
      } catch (err) {
        throw new WorkspaceFileError(`the source of ${record.name} (${file}) cannot be read: ${(err as Error).message.split('\n')[0]}`);
      }
    }
    const sha256 = describeDocument(record.name, text).sha256;
    const source: SourceStatus =
      sha256 === record.sha256
        ? { state: 'unchanged' }
        : { state: 'changed', recordedSha256: record.sha256, currentSha256: sha256, recordedChars: record.chars, currentChars: text.length };
    return { text, sha256, source };
  }

  /** The file names in the document's runs/ folder (none yet: []; something else there: damage). */
  private async runFileNames(id: string): Promise<string[]> {
    const dir = path.join(this.documentDir(id), 'runs');
    const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw new DocumentDamageError(`documents/${id}/runs is not a folder`, dir, 'set-aside');
    });
    return names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort();
  }

  async readRuns(id: string): Promise<RunFile[]> {
    const dir = path.join(this.documentDir(id), 'runs');
    const names = await this.runFileNames(id);
    const runs: RunFile[] = [];
    for (const name of names) {
      const run = await readJsonFile(path.join(dir, name), runFileSchema, toCurrentVersion);
      if (run) runs.push(run);
    }
    return runs;
  }

  async readCorrected(id: string): Promise<CorrectedFile | null> {
    return readJsonFile(this.correctedFile(id), correctedFileSchema, toCurrentVersion);
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
      // The folder may have been set aside by a repair.
      await fs.mkdir(path.dirname(this.runFile(id, result)), { recursive: true });
      await writeJsonFile(this.runFile(id, result), runFileSchema, run);
      return run;
    });
  }

  /** The correction revision this host's edits of the document build on (set by `noteBase`, or on writing). */
  baseRevision(id: string): number | undefined {
    return this.baseRevisions.get(id);
  }

  /**
   * Records that this host's next edits of the document start from `corrected` (null: no
   * correction yet, revision 0), the correction it handed out or found on disk.
   */
  noteBase(id: string, corrected: Pick<CorrectedFile, 'revision' | 'segmentation'> | null): void {
    this.baseRevisions.set(id, corrected?.revision ?? 0);
    this.hold(id, corrected);
  }

  forgetBaseRevision(id: string): void {
    this.baseRevisions.delete(id);
    this.held.delete(id);
  }

  private hold(id: string, corrected: Pick<CorrectedFile, 'revision' | 'segmentation'> | null): void {
    this.held.delete(id);
    if (!corrected) return;
    this.held.set(id, new HeldCorrection(corrected.revision, corrected.segmentation));
    // The oldest goes first; it is read from disk again if a change for it comes.
    for (const key of this.held.keys()) {
      if (this.held.size <= HELD_CORRECTIONS) break;
      this.held.delete(key);
    }
  }

  /** The digest of the correction held for the document, when it is the one saved as `revision`. */
  heldDigest(id: string, revision: number): string | null {
    const held = this.held.get(id);
    return held?.revision === revision ? held.digest : null;
  }

  /**
   * The correction saved as `revision` that this host's edits of the document build on, or null
   * when they build on another one (another host's or page's save came in between, the correction
   * was cleared). Read from disk when it is not held: it must be the revision there, too.
   */
  async heldCorrection(id: string, revision: number): Promise<HeldCorrection | null> {
    // In the document's queue: a write landing meanwhile cannot be mistaken for the base, nor undone by it.
    return this.queue.run(id, async () => {
      const base = this.baseRevisions.get(id);
      if (base !== undefined && base !== revision) return null;
      const held = this.held.get(id);
      if (held?.revision === revision) return held;
      const onDisk = await this.readCorrected(id);
      if (onDisk?.revision !== revision) return null;
      // Base undefined (no edit of this host noted one yet) or this very revision.
      this.baseRevisions.set(id, revision);
      this.hold(id, onDisk);
      return this.held.get(id) ?? null;
    });
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
      const previous = await this.readCorrected(id);
      const onDisk = previous?.revision ?? 0;
      const base = basedOnRevision ?? this.baseRevisions.get(id) ?? onDisk;
      if (base !== onDisk) throw new RevisionConflictError(path.relative(this.dir, this.correctedFile(id)).split(path.sep).join('/'), onDisk, base);
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
      await writeJsonFile(this.correctedFile(id), correctedFileSchema, corrected);
      this.baseRevisions.set(id, corrected.revision);
      this.hold(id, corrected);
      return corrected;
    });
  }

  /** Removes the document's correction (its edits were undone): true when there was one. */
  async removeCorrected(id: string): Promise<boolean> {
    return this.queue.run(id, async () => {
      // Like a write, a removal builds on the revision this host saw: another host's later correction is not undone from here.
      const onDisk = (await this.readCorrected(id))?.revision ?? 0;
      const base = this.baseRevisions.get(id) ?? onDisk;
      if (base !== onDisk) throw new RevisionConflictError(path.relative(this.dir, this.correctedFile(id)).split(path.sep).join('/'), onDisk, base);
      try {
        this.held.delete(id);
        await fs.unlink(this.correctedFile(id));
        // This host's next correction builds on none: it starts again at revision 1.
        this.baseRevisions.set(id, 0);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    });
  }

  /** Records that the document's text is now `text` (after re-anchoring onto a changed source). */
  async writeRecordText(id: string, text: string): Promise<DocumentRecord> {
    return this.queue.run(id, async () => {
      const record = await this.readRecord(id);
      const info = describeDocument(record.name, text);
      const updated: DocumentRecord = { ...record, sha256: info.sha256, chars: info.chars };
      await writeJsonFile(this.recordFile(id), documentRecordSchema, updated);
      return updated;
    });
  }

  /** Replaces a document's record (when repairing a damaged one). */
  async writeRecord(record: DocumentRecord): Promise<void> {
    await this.queue.run(record.id, () => writeJsonFile(this.recordFile(record.id), documentRecordSchema, record));
  }

  /** Renames a damaged file of the document to `<file>.damaged-<time>`, which no reader picks up. */
  async setAside(id: string, file: string): Promise<string> {
    return this.queue.run(id, async () => {
      const to = `${file}.damaged-${fileStamp()}`;
      await fs.rename(file, to);
      return to;
    });
  }

  /** Moves the document's folder to removed/<id>.<time>: out of the workspace's list, not deleted. */
  async removeDocument(id: string): Promise<string> {
    return this.queue.run(id, async () => {
      const to = path.join(this.dir, 'removed', `${id}.${fileStamp()}`);
      await fs.mkdir(path.dirname(to), { recursive: true });
      await fs.rename(this.documentDir(id), to);
      return to;
    });
  }

  /** Writes any file under the workspace's exports/ folder (atomically). */
  async writeExport(relativePath: string, content: string): Promise<string> {
    const file = path.resolve(this.dir, 'exports', relativePath);
    if (!file.startsWith(path.join(this.dir, 'exports') + path.sep)) throw new WorkspaceFileError(`bad export path ${relativePath}`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, content);
    return file;
  }

  /** Waits until every queued write has finished. */
  async idle(): Promise<void> {
    await this.queue.idle();
  }
}
