/**
 * The corrections slice: where the shown document's hand corrections are kept. In the workspace,
 * every edit, undo and redo is saved by the history slice's actions (through `saveCorrection`):
 * sent as its change from the correction saved last, one save on its way at a time, what comes
 * meanwhile going next as one change (services/correction-sync.ts); the service debounces the
 * writes and answers each call once a write holding it is on disk. Only a state a person made is
 * sent as the correction: an undo or redo back to a machine result puts back the correction in
 * force when that result was shown, or none (./correction-in-force.ts). Outside it, an export
 * keeps them as they were (`noteExported`).
 */
import { applyDelta } from '../../../shared/edit/segmentation-delta';
import { record } from '../../../shared/history/history';
import { handEdited, startedFrom } from '../../../shared/workspace/correction-state';
import { onCorrectionJoined, saveCorrectionToWorkspace } from '../../services/corrections';
import { describeError, reportError } from '../../services/errors';
import { correctionInForce } from './correction-in-force';
import type { CorrectionsSlice, SessionGet, SessionSet } from './types';

export const NO_CORRECTIONS_LINK = { workspaceDocumentId: null, saveStatus: 'none', saveError: null, shownInWorkspace: null, exportedTo: null } as const;

export function createCorrectionsSlice(set: SessionSet, get: SessionGet): CorrectionsSlice {
  let latestSave = 0;
  // Another page's change, written with this page's save: shown here too, as a step of its own
  // (undo takes it back), not a hand change to save again: the host holds it already.
  onCorrectionJoined((workspaceDocumentId, change, sent, written) => {
    const { workspaceDocumentId: shown, current, history, text } = get();
    if (shown !== workspaceDocumentId || !current || !history || history.gesture) return;
    let next = written;
    if (current.segmentation !== sent) {
      try {
        next = applyDelta(text, current.segmentation, change);
      } catch {
        // The person changed the same place since: what they show now stands.
        return;
      }
    }
    const stepped = record(history, handEdited(current, next), "another page's change");
    set({ history: stepped, current: stepped.present });
  });
  return {
    ...NO_CORRECTIONS_LINK,
    keptRevision: 0,

    linkWorkspaceDocument: (workspaceDocumentId) => set({ workspaceDocumentId, saveStatus: 'none', saveError: null }),
    setShownInWorkspace: (shownInWorkspace) => set({ shownInWorkspace }),

    saveCorrection() {
      const { workspaceDocumentId, current } = get();
      if (!workspaceDocumentId || !current) return Promise.resolve();
      const seq = ++latestSave;
      set({ saveStatus: 'pending', saveError: null });
      const correction = correctionInForce(current);
      const sent = saveCorrectionToWorkspace(workspaceDocumentId, correction && { segmentation: correction.segmentation, basedOnStrategy: startedFrom(correction), text: get().text });
      return sent.then(
        () => {
          // The status follows the latest call.
          if (seq === latestSave) set({ saveStatus: 'saved', saveError: null });
        },
        (err: unknown) => {
          // A failed save is reported even when a later one is under way: the person must know.
          set({ saveStatus: 'failed', saveError: describeError(err) });
          reportError('A correction was not saved', err);
        },
      );
    },

    noteExported: (fileName) => set({ exportedTo: fileName, keptRevision: get().revision }),
  };
}
