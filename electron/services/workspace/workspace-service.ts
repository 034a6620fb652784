/**
 * The workspace as the rest of the app uses it: documents with their runs and corrections,
 * autosave of corrections (debounced, atomic), and detection of changed sources. Batches,
 * exports and re-anchoring build on this class from their own modules.
 *
 * One order per document (the store's DocumentQueue, docs/architecture.md): a run saved (by a
 * batch or a finished run), a correction checked and scheduled, a debounced correction written,
 * a clear, a load, a re-anchor and a repair each take the document's turn, in call order. What
 * they call inside their turn (the store's writes, a flush of the pending correction) joins it.
 * Strategies run outside the queue: a batch holds no turn while it segments, only while it saves.
 */
import { assertValidSegmentation } from '../../../shared/document/segmentation';
import { applyDelta, diffSegmentations, showsDelta } from '../../../shared/edit/segmentation-delta';
import { segmentationDigest } from '../../../shared/edit/segmentation-digest';
import { wireErrorCodes } from '../../../shared/error-codes';
import { UserError } from '../../../shared/errors';
import { correctionStateOfNotes } from '../../../shared/workspace/correction-state';
import type { Segmentation, SegmentationResult } from '../../../shared/document/types';
import { CORRECTED, type CorrectionBasis, type CorrectedFile, type DocumentRecord, type RunFile } from '../../../shared/workspace/schema';
import { runsOldestFirst } from '../../../shared/workspace/shown-result';
import type { CorrectionChange, CurrentCorrection, DamagedWorkspaceDocument, SavedCorrection, WorkspaceDocumentState, WorkspaceDocumentSummary } from '../../../shared/workspace/types';
import { describeDamage } from './damage';
import { DebouncedSaver, DEFAULT_AUTOSAVE_TIMING, type DebounceTiming } from './queue/debounced-saver';
import { assertCopyUnchanged, assertDocumentHealthy, assertSegmentationsCover, type VerifiedCopies } from './document-health';
import { DocumentDamageError, WorkspaceFileError } from './storage/json-files';
import { WorkspaceStore, type DocumentText, type NewDocument, type SourceReader } from './workspace-store';
import type { DocumentPdf } from './storage/pdf-copy';

export interface WorkspaceServiceOptions {
  readSource: SourceReader;
  /**
   * Folders besides the workspace whose files its documents may reference (the host's allowed
   * folders): a reference anywhere else makes its document damaged, and the file is never read.
   */
  referenceRoots?: readonly string[];
  autosave?: DebounceTiming;
  /** Told after each correction is durably written (for a "saved" indicator). */
  onCorrectionSaved?: (id: string, corrected: CorrectedFile) => void;
}

interface PendingCorrection {
  segmentation: Segmentation;
  basedOn: CorrectionBasis | null;
  /**
   * For a correction made of a change: the revision it was applied on, which it must be written
   * over. A whole correction (undefined) is written over whatever this host last wrote.
   */
  builtOn?: number;
}

/** A correction checked and ready to schedule: what the caller holds, and, for a change, what it was made on. */
interface CheckedCorrection {
  /** The segmentation the caller holds once this is saved. */
  own: Segmentation;
  change?: { delta: CorrectionChange; base: Segmentation; text: string };
}

/** A debounced write: the file written, and the pending correction it held (the latest scheduled). */
interface WrittenCorrection {
  corrected: CorrectedFile;
  pending: PendingCorrection;
}

/** A correction's basis, or the way to work it out once the call's turn comes. */
type BasisSource = CorrectionBasis | null | (() => Promise<CorrectionBasis | null>);

/**
 * A change based on a correction this host does not build on: another page's save, a clear or
 * another host's save came in between (or the host has restarted). Nothing is written; the caller
 * sends the whole correction instead.
 */
export class StaleBaseError extends UserError {
  constructor(name: string, baseRevision: number, why = 'which is not the correction this host now builds on') {
    super(wireErrorCodes.staleBase, `the change to the correction of ${name} was made on revision ${baseRevision}, ${why}: send the whole correction`);
    this.name = 'StaleBaseError';
  }
}

export class SourceChangedError extends WorkspaceFileError {
  constructor(name: string) {
    super(`the source of ${name} has changed since it was segmented: re-anchor it before editing`);
    this.name = 'SourceChangedError';
  }
}

export class WorkspaceService {
  private readonly texts = new Map<string, DocumentText>();
  /** Copied sources a listing found unchanged, so that the next listing need not read them again. */
  private readonly verifiedCopies: VerifiedCopies = new Map();
  private readonly saver: DebouncedSaver<PendingCorrection, WrittenCorrection>;

  private constructor(
    readonly store: WorkspaceStore,
    private readonly options: WorkspaceServiceOptions,
  ) {
    this.saver = new DebouncedSaver(
      (id, pending) => this.writeCorrection(id, pending).then((corrected) => ({ corrected, pending })),
      options.autosave ?? DEFAULT_AUTOSAVE_TIMING,
      store.queue,
    );
  }

  static async open(dir: string, options: WorkspaceServiceOptions): Promise<WorkspaceService> {
    return new WorkspaceService(await WorkspaceStore.open(dir, options.readSource, { referenceRoots: options.referenceRoots ?? [] }), options);
  }

  get dir(): string {
    return this.store.dir;
  }

  /** The document's current text, read once per session (re-read after a re-anchor). */
  async text(id: string, record?: DocumentRecord): Promise<DocumentText> {
    const cached = this.texts.get(id);
    if (cached) return cached;
    const loaded = await this.store.readText(record ?? (await this.store.readRecord(id)));
    this.texts.set(id, loaded);
    return loaded;
  }

  /**
   * The PDF the document's text was read from and its map, for the page view: a referenced PDF as
   * read with the text, a copy's stored PDF (storage/pdf-copy.ts); null for any other document.
   */
  async pdf(id: string): Promise<DocumentPdf | null> {
    const text = await this.text(id);
    if (text.pdf) return text.pdf;
    return this.store.readPdfCopy(await this.store.readRecord(id), text);
  }

  /** Forgets the cached text, so the next access reads the source again. */
  forgetText(id: string): void {
    this.texts.delete(id);
  }

  /**
   * The document as listed, from its runs and correction as they are on disk: pass those just read
   * (a listing reads them anyway to check the document), or they are read here. Strategies and
   * segment counts come from the files themselves, so the list holds every run that exists.
   */
  async summary(record: DocumentRecord, files?: { runs: readonly RunFile[]; corrected: CorrectedFile | null }): Promise<WorkspaceDocumentSummary> {
    const [runs, corrected] = files ? [files.runs, files.corrected] : await Promise.all([this.store.readRuns(record.id), this.store.readCorrected(record.id)]);
    const notes = corrected?.segmentation.notes ?? [];
    const strategies = [...new Set(runs.map((r) => r.result.strategy))].sort();
    const latest = runsOldestFirst(runs).at(-1);
    const shows = corrected
      ? { strategy: CORRECTED, segments: notes.length }
      : latest
        ? { strategy: latest.result.strategy, segments: latest.result.segmentation.notes.length }
        : null;
    return {
      id: record.id,
      name: record.name,
      chars: record.chars,
      sha256: record.sha256,
      sourceFormat: record.sourceFormat,
      source: record.source.kind,
      strategies,
      corrected: corrected && {
        revision: corrected.revision,
        editedAt: corrected.editedAt,
        segments: notes.length,
        reviewed: notes.filter((n) => n.reviewed === true).length,
      },
      shows,
      state: correctionStateOfNotes(corrected ? notes : null),
    };
  }

  /**
   * Document `id` as listed, or what is damaged in it (document-health.ts); null when there is no
   * such document. Reads its record, correction and runs, and a copied source's text.
   */
  async checkDocument(id: string): Promise<{ summary: WorkspaceDocumentSummary } | { damaged: DamagedWorkspaceDocument } | null> {
    try {
      const record = await this.store.readRecord(id).catch((err: unknown) => {
        if (err instanceof WorkspaceFileError && err.file === undefined && /^no document/.test(err.message)) return null;
        throw err;
      });
      if (!record) return null;
      const [corrected, runs] = await Promise.all([this.store.readCorrected(id), this.store.readRuns(id)]);
      await assertDocumentHealthy(this.store, record, corrected, runs, this.verifiedCopies);
      return { summary: await this.summary(record, { runs, corrected }) };
    } catch (err) {
      return { damaged: describeDamage(this.store, id, err) };
    }
  }

  /** Every document, usable or damaged: one unreadable file never hides the others. */
  async scanDocuments(): Promise<{ documents: WorkspaceDocumentSummary[]; damaged: DamagedWorkspaceDocument[] }> {
    const documents: WorkspaceDocumentSummary[] = [];
    const folder = await this.store.documentsFolderDamage();
    const damaged: DamagedWorkspaceDocument[] = folder ? [folder] : [];
    for (const id of await this.store.documentIds()) {
      const checked = await this.checkDocument(id);
      if (checked && 'summary' in checked) documents.push(checked.summary);
      else if (checked) damaged.push(checked.damaged);
    }
    return { documents, damaged };
  }

  async listDocuments(): Promise<WorkspaceDocumentSummary[]> {
    return (await this.scanDocuments()).documents;
  }

  async addDocument(doc: NewDocument): Promise<WorkspaceDocumentSummary> {
    const record = await this.store.addDocument(doc);
    return this.summary(record);
  }

  /**
   * Everything the UI needs to show a document: text, runs, correction, and whether its source
   * changed. A damaged document is refused, saying what is wrong (never a run or correction that
   * does not cover the text it is shown with).
   */
  async loadDocument(id: string): Promise<WorkspaceDocumentState> {
    // In the document's turn: no save lands between reading the correction and noting it as the base.
    return this.inTurn(id, () => this.loadInTurn(id));
  }

  private async loadInTurn(id: string): Promise<WorkspaceDocumentState> {
    await this.saver.flush(id);
    try {
      const record = await this.store.readRecord(id);
      this.forgetText(id);
      const text = await this.text(id, record);
      const [runs, corrected] = await Promise.all([this.store.readRuns(id), this.store.readCorrected(id)]);
      assertCopyUnchanged(this.store, record, text);
      // What the page shows with this text must cover it; a changed source shows none of it.
      if (text.source.state === 'unchanged') assertSegmentationsCover(this.store, id, corrected, runs, { text: text.text });
      // The page edits what it was given: its saves build on this revision, and on no later one another host wrote.
      this.store.noteBase(id, corrected);
      return { summary: await this.summary(record, { runs, corrected }), text: text.text, source: text.source, runs, corrected };
    } catch (err) {
      this.forgetText(id);
      if (!(err instanceof WorkspaceFileError) || err.file === undefined) throw err;
      const damage = describeDamage(this.store, id, err);
      throw new DocumentDamageError(`${damage.file} is damaged: ${damage.reason} — the Workspace panel lists it with Repair and Remove`, err.file, damage.repair);
    }
  }

  /** Saves a strategy's result for the document (its latest run of that strategy). */
  async saveRun(id: string, result: SegmentationResult): Promise<RunFile> {
    // In call order: an older run of the same strategy can never land last.
    return this.inTurn(id, async () => this.store.writeRun(id, (await this.editableText(id)).text, result));
  }

  /**
   * Schedules the corrected segmentation for saving (debounced). The promise resolves once it, or
   * a later correction of the same document, is durably on disk. Invalid input is refused at once.
   * Calls for one document are scheduled in the order they were made, whatever their checks cost,
   * so an older correction can never overwrite a newer one. `basedOn` may be worked out lazily.
   */
  async saveCorrection(id: string, segmentation: Segmentation, basedOn: BasisSource): Promise<SavedCorrection> {
    return this.scheduleCorrection(id, basedOn, async () => {
      await this.validateCorrection(id, segmentation);
      return { own: segmentation };
    });
  }

  /**
   * Saves a correction sent as its change from the saved correction it names (revision and
   * digest), like `saveCorrection`. The change applies, in call order, to the correction this
   * host builds on (held, or read from disk); one made on another is refused with StaleBaseError,
   * one that does not fit it with a UserError (shared/edit/segmentation-delta.ts). Nothing is
   * written then.
   */
  async saveCorrectionChange(id: string, change: CorrectionChange, basedOn: BasisSource): Promise<SavedCorrection> {
    return this.scheduleCorrection(id, basedOn, async () => {
      const { text } = await this.editableText(id);
      const base = await this.store.heldCorrection(id, change.baseRevision);
      if (!base || base.digest !== change.baseDigest) throw new StaleBaseError((await this.store.readRecord(id)).name, change.baseRevision);
      return { own: applyDelta(text, base.segmentation, change), change: { delta: change, base: base.segmentation, text } };
    });
  }

  /** Schedules the segmentation `check` returns (in call order); resolves with what was saved once it is on disk. */
  private async scheduleCorrection(id: string, basedOn: BasisSource, check: () => Promise<CheckedCorrection>): Promise<SavedCorrection> {
    // The turn ends once the write is scheduled; the debounced write takes a turn of its own later.
    const queued = await this.inTurn(id, async () => {
      const checked = await check();
      const basis = typeof basedOn === 'function' ? await basedOn() : basedOn;
      const pending = checked.change ? await this.withChange(id, checked.own, checked.change, basis) : await this.inPlaceOfQueued(id, checked.own, basis);
      return {
        written: this.saver.schedule(id, pending).then(({ corrected, pending: written }): SavedCorrection => {
          const digest = () => this.store.heldDigest(id, corrected.revision) ?? segmentationDigest(corrected.segmentation);
          if (written === pending && pending.segmentation === checked.own) return { saved: true, revision: corrected.revision, digest: digest() };
          // Another page's change written with this one's (joined, or a later save that shows it):
          // the answer carries the difference, so this caller builds on the revision as written.
          if (checked.change && showsDelta(corrected.segmentation, checked.change.delta)) {
            return { saved: true, revision: corrected.revision, digest: digest(), joined: diffSegmentations(checked.own, corrected.segmentation) };
          }
          // A later save written in its place: the caller's next save is its whole correction.
          return { saved: true, revision: corrected.revision, digest: null };
        }),
      };
    });
    return queued.written;
  }

  /**
   * A change joins the save still waiting to be written (another page's, within the autosave
   * delay), applied on top of it, when it fits it and leaves that save's own change in place;
   * otherwise, or while a save is being written (the host is about to move past the change's
   * revision), it is refused as stale-base. Two changes are never answered `saved` with one of
   * them missing from the revision written (issue 36: the later one used to replace the earlier).
   */
  private async withChange(id: string, own: Segmentation, change: NonNullable<CheckedCorrection['change']>, basedOn: CorrectionBasis | null): Promise<PendingCorrection> {
    const builtOn = change.delta.baseRevision;
    const refuse = async (why: string) => new StaleBaseError((await this.store.readRecord(id)).name, builtOn, why);
    // In the document's turn no save of it is being written, and what is queued stays queued until
    // the turn ends; a save written before this turn moved the base, so `check` refused already.
    const queued = this.saver.queued(id);
    if (!queued) return { segmentation: own, basedOn, builtOn };
    let joined: Segmentation | null = null;
    if (queued.builtOn === undefined || queued.builtOn === builtOn) {
      try {
        joined = applyDelta(change.text, queued.segmentation, change.delta);
      } catch (err) {
        if (!(err instanceof UserError)) throw err;
      }
    }
    if (!joined || !showsDelta(joined, diffSegmentations(change.base, queued.segmentation))) {
      throw await refuse("and another page's change to it, waiting to be saved, conflicts with it");
    }
    return { segmentation: joined, basedOn, builtOn };
  }

  /**
   * A whole correction takes the place of the save still waiting only when it shows that save's
   * change (a burst of one editor's saves); another page's is written first, then this one.
   */
  private async inPlaceOfQueued(id: string, own: Segmentation, basedOn: CorrectionBasis | null): Promise<PendingCorrection> {
    const queued = this.saver.queued(id);
    if (!queued) return { segmentation: own, basedOn };
    // What the waiting save will be written over: the revision this host holds (in the turn, none is being written).
    const under = await this.heldSegmentation(id);
    // Not shown: the waiting save is written first (in this turn), then this one is scheduled.
    if (!showsDelta(own, diffSegmentations(under ?? { boundaries: [], notes: [] }, queued.segmentation))) await this.saver.flush(id);
    return { segmentation: own, basedOn };
  }

  /** The correction this host's next write of the document goes over (null: none). */
  private async heldSegmentation(id: string): Promise<Segmentation | null> {
    const revision = this.store.baseRevision(id) ?? 0;
    return revision === 0 ? null : ((await this.store.heldCorrection(id, revision))?.segmentation ?? null);
  }

  /**
   * The correction the document's next change must name as its base (revision, digest and
   * segmentation), or null: none. In the document's turn, so never half way through a write; it
   * writes, flushes and notes nothing: a save still waiting stays waiting (a change made on this
   * revision joins it where it fits, as any other).
   */
  async readCorrection(id: string): Promise<CurrentCorrection | null> {
    return this.inTurn(id, async () => {
      // A document that is not there is an error, not "no correction".
      await this.store.readRecord(id);
      const current = await this.store.currentCorrection(id);
      return current && { revision: current.revision, digest: current.digest, segmentation: current.segmentation };
    });
  }

  /**
   * The document has no correction any more (a person's edits undone back to a machine result):
   * after every earlier save of it, in call order, and before any later one is scheduled.
   */
  async clearCorrection(id: string): Promise<boolean> {
    return this.inTurn(id, async () => {
      await this.editableText(id);
      // Inside the turn: the pending correction is written here, then removed.
      await this.saver.flush(id);
      return this.store.removeCorrected(id);
    });
  }

  /**
   * Runs `task` in the document's turn: after every earlier piece of its work, whatever its
   * outcome; at once when called inside that turn. A step that schedules a write returns it
   * wrapped, so that the turn ends once the write is queued (in order), not once it is on disk.
   */
  inTurn<T>(id: string, task: () => Promise<T>): Promise<T> {
    return this.store.queue.run(id, task);
  }

  /** Saves the correction now, skipping the debounce; resolves with what was written. */
  async saveCorrectionNow(id: string, segmentation: Segmentation, basedOn: CorrectionBasis | null): Promise<CorrectedFile> {
    return this.inTurn(id, async () => {
      await this.validateCorrection(id, segmentation);
      await this.saver.flush(id);
      return this.writeCorrection(id, { segmentation, basedOn });
    });
  }

  private async validateCorrection(id: string, segmentation: Segmentation): Promise<void> {
    const { text } = await this.editableText(id);
    // The store checks again when it writes; checking now makes a bad call fail now, not in a later write.
    assertValidSegmentation(text, segmentation);
    // An edit of a document this host never loaded builds on what is on disk as it is made.
    if (this.store.baseRevision(id) === undefined) this.store.noteBase(id, await this.store.readCorrected(id));
  }

  private async writeCorrection(id: string, pending: PendingCorrection): Promise<CorrectedFile> {
    const text = await this.editableText(id);
    // A change's result goes only over the revision it was applied on (another write of this host came between: stale).
    if (pending.builtOn !== undefined && (this.store.baseRevision(id) ?? pending.builtOn) !== pending.builtOn) {
      throw new StaleBaseError((await this.store.readRecord(id)).name, pending.builtOn, 'and this host has written another since');
    }
    const corrected = await this.store.writeCorrected(id, text.text, text.sha256, pending.segmentation, pending.basedOn, pending.builtOn);
    this.options.onCorrectionSaved?.(id, corrected);
    return corrected;
  }

  /** The text, refusing when the source changed: edits must land on the text they were made on. */
  private async editableText(id: string): Promise<DocumentText> {
    const text = await this.text(id);
    if (text.source.state === 'changed') {
      const record = await this.store.readRecord(id);
      assertCopyUnchanged(this.store, record, text);
      throw new SourceChangedError(record.name);
    }
    return text;
  }

  /** Writes every pending correction now. */
  flush(): Promise<void> {
    return this.saver.flush();
  }

  /** Flushes pending saves and releases the workspace's lock; call before the process exits. */
  async close(): Promise<void> {
    try {
      await this.saver.flush();
    } finally {
      // Whatever a last save did (a conflict, a full disk), the workspace is free for another host.
      await this.store.close();
    }
  }
}
