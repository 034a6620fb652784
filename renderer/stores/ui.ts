/**
 * Screen state that is not data: which screen shows, notices, the segment under the cursor, a
 * pending "reveal this segment" request, and the run form's settings.
 */
import { create } from 'zustand';
import type { ExportFormat, ReadOptions } from '../../shared/ipc/contract';
import type { SharedFieldKey } from '../../shared/strategies/shared-options';
import { DEFAULT_STRATEGY } from '../../shared/strategies/default-strategy';

/** The document workbench, the workspace's table of documents, or the models screen. */
export type Screen = 'workbench' | 'workspace' | 'models';

/** A button on a notice: what it says and what it does (the notice goes when it is pressed). */
export interface NoticeAction {
  label: string;
  run(): void;
}

export interface Notice {
  id: number;
  kind: 'error' | 'info';
  message: string;
  /** The screen that raised it: it shows there only (a toast, issue 31 item 4). */
  screen: Screen;
  action?: NoticeAction;
}

/**
 * The shared options' fields as typed, by option key (shared/strategies/shared-options.ts: Max
 * chars, Max tokens, Window tokens, Windows at once); empty or absent: the field's placeholder says
 * what applies. Windows at once is the workspace batch's field too.
 */
export type SharedOptionTexts = { [K in SharedFieldKey]?: string };

export interface RunForm extends SharedOptionTexts {
  strategy: string;
  profile: string;
  /** Each strategy's own options as typed, by strategy name and option key (empty or absent: its default). */
  own?: Record<string, Record<string, string>>;
  /** Keep the previous result beside the new one instead of replacing it. */
  keepPrevious: boolean;
  /** Model strategies: this machine, or the inference servers the host was started with. */
  backend: 'local' | 'remote';
  /** Model strategies: one window at a time, so the run repeats bit for bit (the run option `deterministic`). */
  deterministic?: boolean;
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
  /** How the next file is read: plain text instead of Markdown, a legacy encoding (empty: as the reader decides). */
  reading: { plain: boolean; encoding: string };
  showScreen(screen: Screen): void;
  notify(kind: Notice['kind'], message: string, action?: NoticeAction): void;
  dismiss(id: number): void;
  /** Drops every error message: another document is on screen, and they were about what came before. */
  dismissErrors(): void;
  setCurrentSegment(index: number): void;
  reveal(index: number): void;
  updateRunForm(change: Partial<RunForm>): void;
  setExportFormat(format: ExportFormat): void;
  setDefaultStrategy(strategy: string): void;
  updateReading(change: Partial<UiState['reading']>): void;
}

/** The open call's read options for the reading settings. */
export function readOptionsOf(reading: UiState['reading']): ReadOptions {
  return { ...(reading.plain ? { plain: true } : {}), ...(reading.encoding ? { encoding: reading.encoding } : {}) };
}

const MAX_NOTICES = 5;
let nextNoticeId = 1;

export const useUiStore = create<UiState>()((set, get) => ({
  screen: 'workbench',
  notices: [],
  currentSegment: 0,
  revealRequest: null,
  runForm: { strategy: 'structural', profile: '', keepPrevious: false, backend: 'local' },
  exportFormat: 'json',
  defaultStrategy: DEFAULT_STRATEGY,
  reading: { plain: false, encoding: '' },
  showScreen: (screen) => set({ screen }),
  // The same message again (a failing service asked twice) moves to the end instead of stacking up.
  notify: (kind, message, action) => {
    const others = get().notices.filter((n) => n.kind !== kind || n.message !== message);
    const notice: Notice = { id: nextNoticeId++, kind, message, screen: get().screen, ...(action ? { action } : {}) };
    set({ notices: [...others, notice].slice(-MAX_NOTICES) });
  },
  dismiss: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
  dismissErrors: () => {
    if (get().notices.some((n) => n.kind === 'error')) set({ notices: get().notices.filter((n) => n.kind !== 'error') });
  },
  setCurrentSegment: (currentSegment) => {
    if (get().currentSegment !== currentSegment) set({ currentSegment });
  },
  reveal: (index) => set({ revealRequest: { index, seq: (get().revealRequest?.seq ?? 0) + 1 }, currentSegment: index }),
  updateRunForm: (change) => set({ runForm: { ...get().runForm, ...change } }),
  setExportFormat: (exportFormat) => set({ exportFormat }),
  setDefaultStrategy: (defaultStrategy) => set({ defaultStrategy }),
  updateReading: (change) => set({ reading: { ...get().reading, ...change } }),
}));
