/**
 * A workspace folder's files (layout in shared/workspace/schema.ts): reading and writing them,
 * nothing else. No queue and no memory of earlier calls: WorkspaceStore orders the writes of each
 * document and keeps the revisions this host builds on (state/). Every write is atomic; every
 * read is validated, an older format version brought up first (migrations.ts). An open folder
 * holds the workspace's lock (workspace-lock.ts) until `releaseLock`.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describeDocument } from '../../../../shared/document/document-info';
import { firstLine } from '../../../../shared/text/first-line';
import {
  correctedFileSchema, DOCUMENTS_FOLDER_DAMAGE_ID, documentRecordSchema, runFileSchema, workspaceDocumentIdSchema, workspaceMarkerSchema, WORKSPACE_VERSION,
  type CorrectedFile, type DocumentRecord, type RunFile,
} from '../../../../shared/workspace/schema';
import { strategyNameSchema } from '../../../../shared/strategies/run-options';
import { runFileBaseName } from '../../../../shared/workspace/run-file-name';
import type { DamagedWorkspaceDocument, SourceStatus } from '../../../../shared/workspace/types';
import { writeFileAtomic, removeStaleTempFiles, syncDirectory, TEMP_SUFFIX } from './atomic-file';
import { WorkspaceLock } from './workspace-lock';
import { DocumentDamageError, readJsonFile, writeJsonFile, WorkspaceFileError } from './json-files';
import { readCopiedText, SourceFiles } from './source-files';
import { NewerWorkspaceVersionError, toCurrentVersion, upgradeMarker } from './migrations';
import { readPdfCopy, writePdfCopy, type DocumentPdf, type PdfCopy } from './pdf-copy';
import type { PdfSourceMap } from '../../../../shared/pdf-layout/source-map';

/** Reads a referenced source file into text (the workbench's readers: txt, md, html, pdf, docx). */
export type SourceReader = (absolutePath: string) => Promise<{ text: string; sourceFormat: string; sourceMap?: PdfSourceMap }>;

export interface DocumentText {
  text: string;
  sha256: string;
  source: SourceStatus;
  /** A referenced PDF and its map, from reading it (a copy's PDF is read apart: readPdfCopy). */
  pdf?: DocumentPdf;
}

export interface NewDocument {
  name: string;
  text: string;
  sourceFormat: string;
  /** Keep only a reference to this file (and the text's sha256) instead of a copy of the text. */
  referencePath?: string;
  /** A copy read from a PDF: the PDF and its map, kept beside the text for the page view (pdf-copy.ts). */
  pdf?: PdfCopy;
}

export const now = () => new Date().toISOString();
/** A time for file names: no colons (Windows), to the millisecond. */
const fileStamp = () => now().replace(/[:.]/g, '-');

/** The copied text of a document added by copy. */
export const COPIED_SOURCE = 'source.txt';

/** Files an operating system drops into any folder: they do not make a folder non-empty. */
const IGNORED_IN_EMPTY_FOLDER: ReadonlySet<string> = new Set(['.DS_Store']);

export class WorkspaceFiles {
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
  static async open(dir: string, readSource: SourceReader, options: { referenceRoots?: readonly string[] } = {}): Promise<WorkspaceFiles> {
    const root = path.resolve(dir);
    if ((await WorkspaceFiles.check(root)) === 'new') {
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
      const files = new WorkspaceFiles(root, readSource, lock, options.referenceRoots ?? []);
      await files.removeStaleTempFiles();
      return files;
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  /** Gives the workspace's lock up (once every write has finished: WorkspaceStore.close). */
  releaseLock(): Promise<void> {
    return this.lock.release();
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

  correctedFile(id: string): string {
    return path.join(this.documentDir(id), 'corrected.json');
  }

  /** One file per strategy and settings (shared/workspace/run-file-name.ts). */
  private runFile(id: string, result: RunFile['result']): string {
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
   * Adds document `id`; an existing one's record is returned as it is. The folder is filled under
   * a temp name and renamed into place, so a document folder without its record is never an add
   * in progress (or one a kill interrupted): it is damage.
   */
  async addDocument(id: string, doc: NewDocument, info: { sha256: string; chars: number }): Promise<DocumentRecord> {
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
      if (doc.pdf) await writePdfCopy(staging, doc.pdf, info.sha256);
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
  }

  /** The document's current text, and whether it still is the text it was segmented on. */
  async readText(record: DocumentRecord): Promise<DocumentText> {
    let text: string;
    let pdf: DocumentPdf | undefined;
    if (record.source.kind === 'copy') {
      text = await readCopiedText(path.join(this.documentDir(record.id), COPIED_SOURCE), `documents/${record.id}/${COPIED_SOURCE}`);
    } else {
      const file = await this.resolveReference(record);
      try {
        const read = await this.readSource(file);
        text = read.text;
        // A referenced PDF: reading it again gave its map too, of the very text shown.
        if (read.sourceMap) pdf = { file, map: read.sourceMap };
      } catch (err) {
        throw new WorkspaceFileError(`the source of ${record.name} (${file}) cannot be read: ${firstLine(err)}`);
      }
    }
    const sha256 = describeDocument(record.name, text).sha256;
    const source: SourceStatus =
      sha256 === record.sha256
        ? { state: 'unchanged' }
        : { state: 'changed', recordedSha256: record.sha256, currentSha256: sha256, recordedChars: record.chars, currentChars: text.length };
    return { text, sha256, source, ...(pdf ? { pdf } : {}) };
  }

  /** A copied document's PDF and map (pdf-copy.ts), where it has them and the map is of `text`; read only when a document is opened, never by a listing. */
  readPdfCopy(record: DocumentRecord, text: DocumentText): Promise<DocumentPdf | null> {
    return record.source.kind === 'copy' ? readPdfCopy(this.documentDir(record.id), { sha256: text.sha256, chars: text.text.length }) : Promise.resolve(null);
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

  /** Writes a strategy's run file (replacing that strategy's previous one). */
  async writeRun(id: string, run: RunFile): Promise<void> {
    const file = this.runFile(id, run.result);
    // The folder may have been set aside by a repair.
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeJsonFile(file, runFileSchema, run);
  }

  async writeCorrected(id: string, corrected: CorrectedFile): Promise<void> {
    await writeJsonFile(this.correctedFile(id), correctedFileSchema, corrected);
  }

  /** Removes the document's corrected.json: true when there was one. */
  async removeCorrected(id: string): Promise<boolean> {
    try {
      await fs.unlink(this.correctedFile(id));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async writeRecord(record: DocumentRecord): Promise<void> {
    await writeJsonFile(this.recordFile(record.id), documentRecordSchema, record);
  }

  /** Renames a damaged file to `<file>.damaged-<time>`, which no reader picks up. */
  async setAside(file: string): Promise<string> {
    const to = `${file}.damaged-${fileStamp()}`;
    await fs.rename(file, to);
    return to;
  }

  /** Moves the document's folder to removed/<id>.<time>: out of the workspace's list, not deleted. */
  async removeDocument(id: string): Promise<string> {
    const to = path.join(this.dir, 'removed', `${id}.${fileStamp()}`);
    await fs.mkdir(path.dirname(to), { recursive: true });
    await fs.rename(this.documentDir(id), to);
    return to;
  }

  /** Writes any file under the workspace's exports/ folder (atomically). */
  async writeExport(relativePath: string, content: string): Promise<string> {
    const file = path.resolve(this.dir, 'exports', relativePath);
    if (!file.startsWith(path.join(this.dir, 'exports') + path.sep)) throw new WorkspaceFileError(`bad export path ${relativePath}`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, content);
    return file;
  }
}
