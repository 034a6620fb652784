/**
 * Screen state that is not data: which screen shows, notices, the segment under the cursor, a
 * pending "reveal this segment" request, and the run form's settings.
 */
import { create } from 'zustand';
import type { ExportFormat } from '../../shared/ipc/contract';

/** The document workbench, the workspace's table of documents, or the models screen. */
export type Screen = 'workbench' | 'workspace' | 'models';

export interface Notice {
  id: number;
  kind: 'error' | 'info';
  message: string;
}

export interface RunForm {
  strategy: string;
  /** Empty string: the strategy's default. */
  maxChars: string;
  windowTokens: string;
  profile: string;
  /** c99's parameters (empty or absent: its defaults). */
  c99Mask?: string;
  c99Band?: string;
  c99Coefficient?: string;
  /** Keep the previous result beside the new one instead of replacing it. */
  keepPrevious: boolean;
  /** Model strategies: this machine, or the inference servers the host was started with. */
  backend: 'local' | 'remote';
}

export interface UiState {
  screen: Screen;
  notices: Notice[];
  /** Index of the segment holding the editor's cursor. */
  currentSegment: number;
  /** Bumped by each outline click so the editor reveals even the same segment twice. */
  revealRequest: { index: number; seq: number } | null;
  runForm: RunForm;
  exportFormat: ExportFormat;
  /** The strategy a newly opened document is segmented with (the host says which). */
  defaultStrategy: string;
  showScreen(screen: Screen): void;
  notify(kind: Notice['kind'], message: string): void;
  dismiss(id: number): void;
  setCurrentSegment(index: number): void;
  reveal(index: number): void;
  updateRunForm(change: Partial<RunForm>): void;
  setExportFormat(format: ExportFormat): void;
  setDefaultStrategy(strategy: string): void;
}

const MAX_NOTICES = 5;
let nextNoticeId = 1;

export const useUiStore = create<UiState>()((set, get) => ({
  screen: 'workbench',
  notices: [],
  currentSegment: 0,
  revealRequest: null,
  runForm: { strategy: 'structural', maxChars: '', windowTokens: '', profile: '', keepPrevious: false, backend: 'local' },
  exportFormat: 'json',
  defaultStrategy: 'structural',
  showScreen: (screen) => set({ screen }),
  // The same message again (a failing service asked twice) moves to the end instead of stacking up.
  notify: (kind, message) => {
    const others = get().notices.filter((n) => n.kind !== kind || n.message !== message);
    set({ notices: [...others, { id: nextNoticeId++, kind, message }].slice(-MAX_NOTICES) });
  },
  dismiss: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
  setCurrentSegment: (currentSegment) => {
    if (get().currentSegment !== currentSegment) set({ currentSegment });
  },
  reveal: (index) => set({ revealRequest: { index, seq: (get().revealRequest?.seq ?? 0) + 1 }, currentSegment: index }),
  updateRunForm: (change) => set({ runForm: { ...get().runForm, ...change } }),
  setExportFormat: (exportFormat) => set({ exportFormat }),
  setDefaultStrategy: (defaultStrategy) => set({ defaultStrategy }),
}));
