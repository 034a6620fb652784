/**
 * The workspace as this window sees it: its folder and documents, a batch run's progress, and
 * the person's "add opened documents" setting. Which workspace document is on screen is part of
 * the session (stores/session: `shownInWorkspace`), reset with every document shown.
 */
import { create } from 'zustand';
import type { CorrectionSelection } from '../../shared/workspace/correction-state';
import type { WorkspaceDocumentSummary } from '../../shared/workspace/types';

export interface WorkspaceState {
  /** False until the host said whether a workspace is open (start-up asks once). */
  loaded: boolean;
  dir: string | null;
  documents: WorkspaceDocumentSummary[];
  /** The batch job this window started last (its progress and outcomes: stores/jobs.ts). */
  batchId: string | null;
  /** A document the person opens from outside joins the workspace at once (on unless turned off). */
  addOpened: boolean;
  setAddOpened(on: boolean): void;
  /** Which corrected documents the batch exports and the training take: every edited one, or only the reviewed. */
  selection: CorrectionSelection;
  setSelection(selection: CorrectionSelection): void;
  /** The document on screen (by session id) while it is being added to the workspace, else null. */
  joining: string | null;
  setJoining(documentId: string | null): void;
}

/** A person's preference, the same for every workspace, kept by the browser (or the app's profile). */
const ADD_OPENED_KEY = 'segment-workbench:add-opened-documents';

function storedAddOpened(): boolean {
  try {
    return localStorage.getItem(ADD_OPENED_KEY) !== 'off';
  } catch {
    return true;
  }
}

export const useWorkspaceStore = create<WorkspaceState>()((set) => ({
  loaded: false,
  dir: null,
  documents: [],
  batchId: null,
  addOpened: storedAddOpened(),
  setAddOpened: (addOpened) => {
    localStorage.setItem(ADD_OPENED_KEY, addOpened ? 'on' : 'off');
    set({ addOpened });
  },
  selection: 'edited',
  setSelection: (selection) => set({ selection }),
  joining: null,
  setJoining: (joining) => set({ joining }),
}));
