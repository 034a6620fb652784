/**
 * Sending one page's hand corrections to the workspace as changes, not whole segmentations. Per
 * workspace document the page keeps a base: the correction the host answered its last save with
 * (revision, digest and the segmentation sent), or the one it was given on opening the document.
 * A save is then the change from that base (shared/edit/segmentation-delta.ts), whatever made it:
 * an edit, an undo, a redo, a run shown over the correction. One save per document is on its way
 * at a time; whatever is asked meanwhile goes next, as one change from what that save left on disk
 * (the host debounces each write, so a burst of edits becomes one or two writes, as before).
 *
 * The whole segmentation goes only where the page holds no base: its first save of a document
 * that had no correction, after the correction was cleared, or when the host answered that a later
 * save replaced its own in the same write (digest null). Where the host wrote another page's
 * change together with this page's (`joined` in its answer), the page builds on the revision as
 * written and shows that change too (`onJoined`): its next save, a change or a whole correction,
 * keeps the other page's boundaries.
 *
 * Refused with `stale-base` (another page's save landed in between, the host restarted), the page
 * reads the correction the host builds on now (workspaceReadCorrection) and carries its own change
 * (its old base to what it wants) over onto it (shared/edit/rebase-change.ts), saved as a change
 * from that revision; the other page's change is shown here too, as a joined one is. So an
 * acknowledged save of another page is never replaced unseen. The whole correction goes, as
 * before, only where that cannot be: then this page's correction wins, being the later one, and
 * the person sees what is saved:
 * - both pages changed the same place (the two changes cannot both stand): no merge is right, and
 *   the page's view is what its person made last;
 * - the correction is no more (the other page undid its edits back to a machine result): nothing
 *   of that page's is left to keep, and this page's edit, made later, brings the correction back;
 * - the page did not send the document's text (nothing to apply a change to);
 * - the rebased change is refused with `stale-base` again (yet another save came in between): at
 *   most one retry per save, so two pages never chase each other in a loop.
 * Where reading the correction fails, the save fails and the base stays: the next one tries again.
 */
import type { Segmentation } from '../../shared/document/types';
import { applyDelta, diffSegmentations, isEmptyDelta, type SegmentationDelta } from '../../shared/edit/segmentation-delta';
import { rebaseChange } from '../../shared/edit/rebase-change';
import { segmentationDigest } from '../../shared/edit/segmentation-digest';
import type { ParamsOf } from '../../shared/ipc/contract';
import { wireErrorCodes } from '../../shared/ipc/wire';
import type { CurrentCorrection, SavedCorrection } from '../../shared/workspace/types';

export interface CorrectionToSave {
  segmentation: Segmentation;
  /** The strategy whose run the correction started from ('corrected': what the host recorded). */
  basedOnStrategy: string | null;
  /**
   * The document's text: with it, another page's change the host joined with this one is taken
   * in (the base and what waits are the revision as written), and a change refused as made on a
   * stale base is carried over onto the current correction; without it, the next save is whole.
   */
  text?: string;
}

/**
 * Another page's change, written with this page's save (SavedCorrection.joined): `change` turns
 * what the page sent (`sent`) into the revision as written (`written`). The page shows it too.
 */
export type JoinedListener = (workspaceDocumentId: string, change: SegmentationDelta, sent: Segmentation, written: Segmentation) => void;

/** The calls a sync makes. */
export interface CorrectionTransport {
  save(params: ParamsOf<'workspaceSaveCorrection'>): Promise<SavedCorrection>;
  clear(workspaceDocumentId: string): Promise<unknown>;
  /** The correction the host builds on now (workspaceReadCorrection; null: none): read after `stale-base`. */
  read(workspaceDocumentId: string): Promise<CurrentCorrection | null>;
}

interface Base {
  revision: number;
  digest: string;
  segmentation: Segmentation;
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** null: the document has no correction any more. */
type Wanted = CorrectionToSave | null;

function isStaleBase(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === wireErrorCodes.staleBase;
}

class DocumentSync {
  base: Base | null = null;
  private inFlight: Promise<void> | null = null;
  private next: { wanted: Wanted; waiters: Waiter[] } | null = null;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly id: string,
    private readonly transport: CorrectionTransport,
    private readonly onIdle: (sync: DocumentSync) => void,
    private readonly onJoined: JoinedListener,
  ) {}

  get idle(): boolean {
    return this.inFlight === null && this.next === null;
  }

  /** True while something asked waits in the page for the save on its way: the host does not have it yet. */
  get waiting(): boolean {
    return this.next !== null;
  }

  /** Resolves once `wanted` (or what was asked after it) is saved. */
  request(wanted: Wanted): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.next) this.next.wanted = wanted;
      else this.next = { wanted, waiters: [] };
      this.next.waiters.push({ resolve, reject });
      this.pump();
    });
  }

  /** Resolves once nothing is on its way (whatever the outcome). */
  settled(): Promise<void> {
    return this.idle ? Promise.resolve() : new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    if (this.inFlight || !this.next) return;
    const { wanted, waiters } = this.next;
    this.next = null;
    this.inFlight = this.send(wanted).then(
      () => waiters.forEach((w) => w.resolve()),
      (err: unknown) => waiters.forEach((w) => w.reject(err)),
    );
    void this.inFlight.then(() => {
      this.inFlight = null;
      this.pump();
      if (this.idle) {
        this.idleWaiters.splice(0).forEach((resolve) => resolve());
        this.onIdle(this);
      }
    });
  }

  private async send(wanted: Wanted): Promise<void> {
    if (wanted === null) {
      await this.transport.clear(this.id);
      this.base = null;
      return;
    }
    const { segmentation, basedOnStrategy } = wanted;
    const base = this.base;
    if (base) {
      try {
        this.keep(await this.saveChange(base, segmentation, basedOnStrategy), wanted);
        return;
      } catch (err) {
        if (!isStaleBase(err)) throw err;
      }
      // The host builds on another correction than this page's last: this page's change onto it.
      if (await this.rebase(base, wanted)) return;
      // It cannot be (module comment): the whole one, in its place.
      this.base = null;
    }
    this.keep(await this.transport.save({ workspaceDocumentId: this.id, segmentation, basedOnStrategy }), wanted);
  }

  private saveChange(base: Base, segmentation: Segmentation, basedOnStrategy: string | null): Promise<SavedCorrection> {
    const change = { baseRevision: base.revision, baseDigest: base.digest, ...diffSegmentations(base.segmentation, segmentation) };
    return this.transport.save({ workspaceDocumentId: this.id, change, basedOnStrategy });
  }

  /**
   * After `stale-base`: the change from `base` to what the page wants, carried over onto the
   * correction the host builds on now and saved as a change from it; the other page's change is
   * taken in as a joined one. False where it cannot be (module comment): the whole one goes then.
   */
  private async rebase(base: Base, wanted: CorrectionToSave): Promise<boolean> {
    const { segmentation, basedOnStrategy, text } = wanted;
    if (text === undefined) return false;
    const current = await this.transport.read(this.id);
    if (!current) return false;
    const rebased = rebaseChange(text, base.segmentation, segmentation, current.segmentation);
    if (!rebased) return false;
    let saved: SavedCorrection;
    try {
      saved = await this.saveChange(current, rebased, basedOnStrategy);
    } catch (err) {
      // A second stale-base in a row: no more tries (module comment).
      if (!isStaleBase(err)) throw err;
      return false;
    }
    const theirs = diffSegmentations(segmentation, rebased);
    if (!isEmptyDelta(theirs)) this.takeIn(theirs, segmentation, rebased);
    this.keep(saved, { ...wanted, segmentation: rebased });
    return true;
  }

  private keep(saved: SavedCorrection, sent: CorrectionToSave): void {
    const { segmentation, text } = sent;
    if (!saved.digest) {
      this.base = null;
      return;
    }
    if (!saved.joined || isEmptyDelta(saved.joined)) {
      this.base = { revision: saved.revision, digest: saved.digest, segmentation };
      return;
    }
    // Another page's change was written with this one: build on the revision as written.
    const written = text === undefined ? null : applied(text, segmentation, saved.joined);
    if (!written) {
      this.base = null;
      return;
    }
    this.base = { revision: saved.revision, digest: saved.digest, segmentation: written };
    this.takeIn(saved.joined, segmentation, written);
  }

  /**
   * Another page's `change`, which turns what this page sent into `written` (the host holds it):
   * taken into what waits to be sent and into what the page shows, so no later save drops it.
   */
  private takeIn(change: SegmentationDelta, sent: Segmentation, written: Segmentation): void {
    const waiting = this.next?.wanted;
    if (waiting && waiting.text !== undefined) {
      this.next!.wanted = { ...waiting, segmentation: applied(waiting.text, waiting.segmentation, change) ?? waiting.segmentation };
    }
    this.onJoined(this.id, change, sent, written);
  }
}

/** `change` applied to `segmentation`, or null where it does not fit (the page changed the same place since). */
function applied(text: string, segmentation: Segmentation, change: SegmentationDelta): Segmentation | null {
  try {
    return applyDelta(text, segmentation, change);
  } catch {
    return null;
  }
}

/** The page's syncs, one per workspace document it saved to or opened. */
export class CorrectionSync {
  private readonly documents = new Map<string, DocumentSync>();
  private readonly joinedListeners = new Set<JoinedListener>();

  constructor(private readonly transport: CorrectionTransport) {}

  /** Tells `listener` of each change of another page's written with one of this page's saves. Returns the function that stops it. */
  onJoined(listener: JoinedListener): () => void {
    this.joinedListeners.add(listener);
    return () => this.joinedListeners.delete(listener);
  }

  private sync(id: string): DocumentSync {
    let sync = this.documents.get(id);
    if (!sync) {
      sync = new DocumentSync(
        id,
        this.transport,
        (s) => {
          // Nothing to build on and nothing on its way: nothing to keep.
          if (s.base === null && this.documents.get(id) === s) this.documents.delete(id);
        },
        (...args) => this.joinedListeners.forEach((listener) => listener(...args)),
      );
      this.documents.set(id, sync);
    }
    return sync;
  }

  /** Saves the document's correction (null: it has none any more); resolves once that, or a later one, is on disk. */
  save(id: string, wanted: CorrectionToSave | null): Promise<void> {
    return this.sync(id).request(wanted);
  }

  /** True while a correction of any document waits in the page, not yet sent (leaving now would lose it). */
  get waiting(): boolean {
    for (const sync of this.documents.values()) if (sync.waiting) return true;
    return false;
  }

  /** Resolves once nothing of the document is on its way. */
  settled(id: string): Promise<void> {
    return this.documents.get(id)?.settled() ?? Promise.resolve();
  }

  /**
   * The page was given the document's correction (null: none, or none it can edit): the next save
   * is a change from it. The other documents' bases are let go once nothing of theirs is on its way.
   */
  opened(id: string, corrected: { revision: number; segmentation: Segmentation } | null): void {
    for (const [other, sync] of this.documents) if (other !== id && sync.idle) this.documents.delete(other);
    if (corrected === null && this.documents.get(id)?.idle !== false) {
      this.documents.delete(id);
      return;
    }
    const sync = this.sync(id);
    sync.base = corrected && { revision: corrected.revision, digest: segmentationDigest(corrected.segmentation), segmentation: corrected.segmentation };
  }

  /** For tests: the base the next save of the document builds on. */
  baseOf(id: string): { revision: number; digest: string } | null {
    const base = this.documents.get(id)?.base;
    return base ? { revision: base.revision, digest: base.digest } : null;
  }
}
