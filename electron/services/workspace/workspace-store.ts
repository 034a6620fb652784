/**
 * A workspace folder on disk (layout in shared/workspace/schema.ts). This class only reads and
 * writes files; debouncing, batches and re-anchoring sit on top of it. Every write is atomic and
 * every write to one document goes through that document's queue, so revisions land in order.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { assertValidSegmentation } from '../../../shared/document/segmentation';
import { describeDocument } from '../../../shared/document/document-info';
import type { Segmentation, SegmentationResult } from '../../../shared/document/types';
import {
  anchorsOf, correctedFileSchema, documentRecordSchema, runFileSchema, workspaceDocumentId, workspaceDocumentIdSchema,
  workspaceMarkerSchema, WORKSPACE_VERSION,
  type CorrectedFile, type CorrectionBasis, type DocumentRecord, type RunFile,
} from '../../../shared/workspace/schema';
import { strategyNameSchema } from '../../../shared/ipc/contract';
import { runFileBaseName, strategyOfRunFile } from '../../../shared/workspace/run-file-name';
import type { SourceStatus } from '../../../shared/workspace/types';
import { writeFileAtomic, removeStaleTempFiles } from './atomic-file';
import { KeyedQueue } from './keyed-queue';
import { readJsonFile, writeJsonFile, WorkspaceFileError } from './json-files';

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

/** Files an operating system drops into any folder: they do not make a folder non-empty. */
const IGNORED_IN_EMPTY_FOLDER: ReadonlySet<string> = new Set(['.DS_Store']);

export class WorkspaceStore {
  /** Writes of one document run one after another, whatever the outcome of the earlier ones. */
  private readonly queue = new KeyedQueue();

  private constructor(
    readonly dir: string,
    private readonly readSource: SourceReader,
  ) {}

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
    const marker = await readJsonFile(path.join(root, 'workspace.json'), workspaceMarkerSchema).catch((err: Error) => {
      throw new WorkspaceFileError(`${root} is not a Segment Workbench workspace (${err.message})`);
    });
    if (marker) return 'existing';
    const entries = (await fs.readdir(root)).filter((name) => !IGNORED_IN_EMPTY_FOLDER.has(name));
    if (entries.length > 0) {
      throw new WorkspaceFileError(`${root} is neither a Segment Workbench workspace nor empty: choose an existing workspace, an empty folder or a new one`);
    }
    return 'new';
  }

  /** Opens the workspace in `dir` (see `check`), creating it when it is new. */
  static async open(dir: string, readSource: SourceReader): Promise<WorkspaceStore> {
    const root = path.resolve(dir);
    if ((await WorkspaceStore.check(root)) === 'new') {
      // The marker first: a folder with it is a workspace, whatever else an interrupted creation left.
      await fs.mkdir(root, { recursive: true });
      const markerFile = path.join(root, 'workspace.json');
      await writeJsonFile(markerFile, workspaceMarkerSchema, { format: 'segment-workbench-workspace', version: WORKSPACE_VERSION, createdAt: now() });
    }
    await fs.mkdir(path.join(root, 'documents'), { recursive: true });
    const store = new WorkspaceStore(root, readSource);
    await store.removeStaleTempFiles();
    return store;
  }

  private async removeStaleTempFiles(): Promise<void> {
    await removeStaleTempFiles(this.dir);
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

  async documentIds(): Promise<string[]> {
    const entries = await fs.readdir(path.join(this.dir, 'documents'), { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory() && workspaceDocumentIdSchema.safeParse(e.name).success)
      .map((e) => e.name)
      .sort();
  }

  async readRecord(id: string): Promise<DocumentRecord> {
    const record = await readJsonFile(this.recordFile(id), documentRecordSchema);
    if (!record) throw new WorkspaceFileError(`no document '${id}' in the workspace ${this.dir}`);
    if (record.id !== id) throw new WorkspaceFileError(`documents/${id}/document.json names another document (${record.id})`, this.recordFile(id));
    return record;
  }

  /** Adds a document; adding the same name with the same text again returns the existing record. */
  async addDocument(doc: NewDocument): Promise<DocumentRecord> {
    const info = describeDocument(doc.name, doc.text);
    const id = workspaceDocumentId(doc.name, info.sha256);
    return this.queue.run(id, async () => {
      const existing = await readJsonFile(this.recordFile(id), documentRecordSchema);
      if (existing) return existing;
      await fs.mkdir(path.join(this.documentDir(id), 'runs'), { recursive: true });
      let source: DocumentRecord['source'];
      if (doc.referencePath !== undefined) {
        const absolute = path.resolve(doc.referencePath);
        const relative = path.relative(this.dir, absolute);
        const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
        source = { kind: 'reference', path: inside ? relative.split(path.sep).join('/') : absolute };
      } else {
        await writeFileAtomic(path.join(this.documentDir(id), 'source.txt'), doc.text);
        source = { kind: 'copy', file: 'source.txt' };
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
      // The record goes last: a document folder without one is an unfinished add, and is ignored.
      await writeJsonFile(this.recordFile(id), documentRecordSchema, record);
      return record;
    });
  }

  /** The document's current text, and whether it still is the text it was segmented on. */
  async readText(record: DocumentRecord): Promise<DocumentText> {
    let text: string;
    if (record.source.kind === 'copy') {
      text = await fs.readFile(path.join(this.documentDir(record.id), record.source.file), 'utf8');
    } else {
      const file = path.resolve(this.dir, record.source.path);
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

  /** The strategies with a saved run, from the file names alone (cheap: for lists). */
  async runStrategies(id: string): Promise<string[]> {
    const names = await fs.readdir(path.join(this.documentDir(id), 'runs')).catch(() => [] as string[]);
    const strategies = names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).map((n) => strategyOfRunFile(n.slice(0, -'.json'.length)));
    return [...new Set(strategies)].sort();
  }

  async readRuns(id: string): Promise<RunFile[]> {
    const dir = path.join(this.documentDir(id), 'runs');
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
    const runs: RunFile[] = [];
    for (const name of names) {
      const run = await readJsonFile(path.join(dir, name), runFileSchema);
      if (run) runs.push(run);
    }
    return runs;
  }

  async readCorrected(id: string): Promise<CorrectedFile | null> {
    return readJsonFile(this.correctedFile(id), correctedFileSchema);
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
      await writeJsonFile(this.runFile(id, result), runFileSchema, run);
      return run;
    });
  }

  /**
   * Saves the corrected segmentation of a document whose current text is `text` (sha256
   * `sha256`), one revision after what is on disk.
   */
  async writeCorrected(id: string, text: string, sha256: string, segmentation: Segmentation, basedOn: CorrectionBasis | null): Promise<CorrectedFile> {
    assertValidSegmentation(text, segmentation);
    return this.queue.run(id, async () => {
      const previous = await this.readCorrected(id);
      const corrected: CorrectedFile = {
        format: 'segment-workbench-corrected',
        version: WORKSPACE_VERSION,
        revision: (previous?.revision ?? 0) + 1,
        editedAt: now(),
        basedOn,
        sourceSha256: sha256,
        anchors: anchorsOf(text, segmentation.boundaries),
        segmentation: { boundaries: [...segmentation.boundaries], notes: segmentation.notes.map((n) => ({ ...n })) },
      };
      await writeJsonFile(this.correctedFile(id), correctedFileSchema, corrected);
      return corrected;
    });
  }

  /** Removes the document's correction (its edits were undone): true when there was one. */
  async removeCorrected(id: string): Promise<boolean> {
    return this.queue.run(id, async () => {
      try {
        await fs.unlink(this.correctedFile(id));
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
