/**
 * What this host remembers of each document's correction between saves: the revision its edits
 * build on (a write finding another one on disk is refused: RevisionConflictError), and the
 * corrections of the documents edited last, as saved at that revision (what a correction's change
 * applies to). In memory only, nothing read or written here: storage/ reads and writes the files,
 * and WorkspaceStore consults this inside each document's turn of its queue.
 */
import { segmentationDigest } from '../../../../shared/edit/segmentation-digest';
import type { Segmentation } from '../../../../shared/document/types';
import type { CorrectedFile } from '../../../../shared/workspace/schema';

/** How many documents' corrections a host holds for changes to apply to. */
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

export type SavedRevision = Pick<CorrectedFile, 'revision' | 'segmentation'>;

export class CorrectionRevisions {
  /** Per document, the correction revision this host's edits build on: the one it loaded or last wrote. */
  private readonly bases = new Map<string, number>();
  /** The corrections of the documents edited last, oldest first; any other one is read again when needed. */
  private readonly held = new Map<string, HeldCorrection>();

  /** The revision this host's edits of the document build on, if it noted one. */
  base(id: string): number | undefined {
    return this.bases.get(id);
  }

  /** This host's next edits of the document build on `corrected` (null: none yet, revision 0). */
  note(id: string, corrected: SavedRevision | null): void {
    this.bases.set(id, corrected?.revision ?? 0);
    this.hold(id, corrected);
  }

  /** Stops holding the document's correction (it is being removed); its base stays until `noteRemoved`. */
  release(id: string): void {
    this.held.delete(id);
  }

  /** The document's correction was removed: the next one builds on none (revision 1 again). */
  noteRemoved(id: string): void {
    this.held.delete(id);
    this.bases.set(id, 0);
  }

  forget(id: string): void {
    this.bases.delete(id);
    this.held.delete(id);
  }

  /** The correction held for the document when it is the one saved as `revision`. */
  heldAt(id: string, revision: number): HeldCorrection | null {
    const held = this.held.get(id);
    return held?.revision === revision ? held : null;
  }

  private hold(id: string, corrected: SavedRevision | null): void {
    this.held.delete(id);
    if (!corrected) return;
    this.held.set(id, new HeldCorrection(corrected.revision, corrected.segmentation));
    // The oldest goes first; it is read from disk again if a change for it comes.
    for (const key of this.held.keys()) {
      if (this.held.size <= HELD_CORRECTIONS) break;
      this.held.delete(key);
    }
  }
}
