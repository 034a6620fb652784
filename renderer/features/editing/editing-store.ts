/**
 * UI state of hand editing (never part of undo): where the editor's cursor is, which inline field
 * is being edited, and whether the shortcuts sheet is open. (Where corrections are saved is part
 * of the session: stores/session.)
 */
import { create } from 'zustand';

export interface EditingState {
  /** Offset of the editor's cursor (or of the outline entry clicked last); null before either. */
  cursorOffset: number | null;
  shortcutsOpen: boolean;
  /** The inline field that should take the focus (bumped to focus it again). */
  focusField: { field: 'topic' | 'summary'; seq: number } | null;
  setCursorOffset(offset: number): void;
  toggleShortcuts(open?: boolean): void;
  focus(field: 'topic' | 'summary'): void;
}

export const useEditingStore = create<EditingState>()((set, get) => ({
  cursorOffset: null,
  shortcutsOpen: false,
  focusField: null,
  setCursorOffset: (cursorOffset) => {
    if (get().cursorOffset !== cursorOffset) set({ cursorOffset });
  },
  toggleShortcuts: (open) => set({ shortcutsOpen: open ?? !get().shortcutsOpen }),
  focus: (field) => set({ focusField: { field, seq: (get().focusField?.seq ?? 0) + 1 } }),
}));
