/**
 * UI state of hand editing (never part of undo): where the editor's cursor is, which inline field
 * is being edited, whether the shortcuts sheet is open, and the workspace autosave status.
 */
import { create } from 'zustand';

export type SaveStatus = 'none' | 'pending' | 'saved' | 'failed';

export interface EditingState {
  /** Offset of the editor's cursor (or of the outline entry clicked last); null before either. */
  cursorOffset: number | null;
  shortcutsOpen: boolean;
  /** The inline field that should take the focus (bumped to focus it again). */
  focusField: { field: 'topic' | 'summary'; seq: number } | null;
  /** The workspace document shown, when the open document came from the workspace. */
  workspaceDocumentId: string | null;
  saveStatus: SaveStatus;
  saveError: string | null;
  setCursorOffset(offset: number): void;
  toggleShortcuts(open?: boolean): void;
  focus(field: 'topic' | 'summary'): void;
  setWorkspaceDocument(id: string | null): void;
  setSaveStatus(status: SaveStatus, error?: string | null): void;
}

export const useEditingStore = create<EditingState>()((set, get) => ({
  cursorOffset: null,
  shortcutsOpen: false,
  focusField: null,
  workspaceDocumentId: null,
  saveStatus: 'none',
  saveError: null,
  setCursorOffset: (cursorOffset) => {
    if (get().cursorOffset !== cursorOffset) set({ cursorOffset });
  },
  toggleShortcuts: (open) => set({ shortcutsOpen: open ?? !get().shortcutsOpen }),
  focus: (field) => set({ focusField: { field, seq: (get().focusField?.seq ?? 0) + 1 } }),
  setWorkspaceDocument: (workspaceDocumentId) => set({ workspaceDocumentId, saveStatus: 'none', saveError: null }),
  setSaveStatus: (saveStatus, saveError = null) => set({ saveStatus, saveError }),
}));
