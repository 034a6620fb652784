/**
 * What the workbench service needs from the rest of electron/: readers, the strategy runner, the
 * writers, strategy listing and the model manager. The service reaches them only through this
 * interface, so hosts and tests can hand in their own and start-up never loads llama.cpp.
 */
import type { TextRange } from '../../../shared/ipc/range-list';
import type { ChunkOptions, TokenizerName } from '../../../shared/chunks';
import type { ReaderReport, ReadOptions } from '../../../shared/document/reader-report';
import type { DocumentInfo, SegmentationResult } from '../../../shared/document/types';
import type { ImportPurpose } from '../../../shared/models/import-purpose';
import type { ServerKind } from '../../../shared/models/inference-servers';
import type { PdfSourceMap } from '../../../shared/pdf-layout/source-map';
import type {
  DoctorReport,
  ExportFormat,
  InstalledModel,
  ListedEndpoint,
  PullProgress,
  SelftestResult,
  StrategyInfo,
} from '../../../shared/ipc/contract';
import type { StrategyRunHooks, StrategyRunRequest } from '../strategies/runner';

export interface ReadDocumentResult {
  name: string;
  text: string;
  /** txt, md, html, pdf or docx. */
  sourceFormat: string;
  info: DocumentInfo;
  /** Which reader ran, with which settings, and what it removed. */
  reader?: ReaderReport;
  /** PDF: each line's page and box, and its range in the text (the page view). */
  sourceMap?: PdfSourceMap;
}

// The runner's request and hooks live below workspace/ and learn/, which take a runner too.
export type { StrategyProgress, StrategyRunHooks, StrategyRunRequest } from '../strategies/runner';

export interface PullHooks {
  onProgress: (progress: PullProgress) => void;
  signal: AbortSignal;
}

export interface ModelsFacade {
  list(): Promise<InstalledModel[]>;
  doctor(): Promise<DoctorReport>;
  /** The inference servers the host was started with and those added from the Models screen, with their health. */
  endpoints(): Promise<ListedEndpoint[]>;
  /** Adds a server from the Models screen (kept across restarts; its key goes to it alone). */
  addEndpoint(input: { url: string; kind?: ServerKind; apiKey?: string }): Promise<void>;
  /** Removes a server added from the Models screen, by its shown URL. */
  removeEndpoint(url: string): Promise<void>;
  /** Downloads a profile's files; resolves with the files written. */
  pull(profile: string, hooks: PullHooks): Promise<string[]>;
  /** Installs a GGUF under the name its purpose's profile expects (default `file`: its own name). */
  import(path: string, purpose?: ImportPurpose): Promise<InstalledModel>;
  /** Renames an installed file (as listed) to `to`, in its folder; resolves with its new listed name. */
  rename(file: string, to: string): Promise<string>;
  /** Deletes an installed file (as listed). */
  remove(file: string): Promise<void>;
  /** Replaces an installed file (as listed) with the file at `source`, under the installed name. */
  replace(file: string, source: string): Promise<InstalledModel>;
  selftest(profiles: string[], apply: boolean): Promise<SelftestResult>;
}

export interface WorkbenchDeps {
  readDocument(path: string, options?: ReadOptions): Promise<ReadDocumentResult>;
  readDocumentBytes(name: string, bytes: Uint8Array, options?: ReadOptions): Promise<ReadDocumentResult>;
  runStrategy(request: StrategyRunRequest, hooks: StrategyRunHooks): Promise<SegmentationResult>;
  /** `chunks`: the retrieval extras to add to each exported chunk (shared/chunks). */
  writeResult(format: ExportFormat, result: SegmentationResult, text: string, chunks?: ChunkOptions): string | Promise<string>;
  listStrategies(): Promise<StrategyInfo[]>;
  /** Counts the tokens of each [start, end) range of `text` by the named tokenizer (the export's choices). */
  countTokens(tokenizer: TokenizerName, text: string, ranges: readonly TextRange[]): Promise<number[]>;
  models: ModelsFacade;
}
