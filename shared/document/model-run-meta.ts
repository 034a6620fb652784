/**
 * The meta of a model strategy's result, typed: the windows' part (the same whichever backend ran
 * them), the backend's part (the local engine's or the servers'), and the run's files. Built once,
 * where the run ends (electron/services/strategies/run-model-strategy.ts); a result read back from
 * a file keeps the loose `meta` of SegmentationResult, since older files hold older shapes.
 * Object types, not interfaces: a result's `meta` is a Record, which only type literals fit.
 */
import type { ConstrainedDecoder, GpuChoice } from '../strategies/run-options';

/** One window: where it is in the document, what it cost and what the model gave. */
export type WindowRecord = {
  start: number;
  end: number;
  promptTokens: number;
  reusedTokens: number;
  generatedTokens: number;
  prefillMs: number;
  generateMs: number;
  stoppedBy: string;
  /** Trie decoder only: tokens forced, chosen among allowed ones, written by a note grammar. */
  steps?: { forced: number; chosen: number; grammar: number; topK: number; fullMatch: number; readTwice: number; fullBias: number };
  heads: number;
  placed: number;
  /** Free mode: the model's raw answer. */
  output?: string;
};

/** What the windows of a run say, whichever backend completed them (inference/plan). */
export type WindowsMeta = {
  kind: 'model';
  mode: 'constrained' | 'free';
  /** Constrained mode: the decoder that really ran, and the one asked for. */
  decoder?: ConstrainedDecoder;
  decoderAsked?: ConstrainedDecoder;
  window: { tokens: number; overlapTokens: number; count: number };
  tokens: { document: number; template: number; prompt: number; evaluated: number; reusedFromCache: number; generated: number };
  reconcile: { duplicates: number; edgeArtifacts: number };
  timingsMs: { tokenize: number; generate: number; locate: number };
  tokensPerSecond: number;
  windows: WindowRecord[];
};

/** The compute backends llama.cpp runs on here. */
export type LocalBackend = 'cpu' | 'cuda' | 'metal' | 'vulkan';

/** The local engine's part. */
export type LocalRunMeta = {
  backend: LocalBackend;
  devices: string[];
  gpu: GpuChoice;
  threads: number | null;
  /** Sequences of the context (windows decoded at once). */
  parallel: number;
  /** The context's size in tokens (goes into `window.contextSize`). */
  contextSize: number;
  /** Whether this run loaded the model / created the context. */
  loaded: { model: boolean; context: boolean };
  loadMs: number;
};

/** One server of a remote run, as shown (never its credentials). */
export type ServerMeta = {
  endpoint: string;
  kind: string;
  model: string | null;
  build: string | null;
  slots: number | null;
  concurrency: number;
  adapter: string | number | null;
  windows: number;
  /** The most requests it had in flight at once (shared with runs that overlapped this one). */
  peakInFlight: number;
  inRotation: boolean;
};

/** The servers' part. */
export type RemoteRunMeta = {
  backend: 'remote';
  servers: ServerMeta[];
  connectMs: number;
};

export type BackendRunMeta = LocalRunMeta | RemoteRunMeta;

/** The run's profile and files. */
export type RunFilesMeta = {
  profile: { name: string; path: string; strategy: string };
  files: {
    model: { path: string; sha256: string; sizeBytes: number; from: string; usedFor?: 'tokenizer' };
    adapter?: { path: string; sha256: string | null; scale: number };
  };
  /** One window at a time: one sequence here (parallel 1), one request per server. */
  deterministic: boolean;
};

type Timings = WindowsMeta['timingsMs'] & { check: number; load?: number; connect?: number };

type LocalShown = Omit<LocalRunMeta, 'contextSize' | 'loadMs'>;
type RemoteShown = Omit<RemoteRunMeta, 'connectMs'>;
/** The other backend's fields, absent: so `meta.parallel` reads (number or undefined) before narrowing by `backend`. */
type Absent<T> = { [K in Exclude<keyof T, 'backend'>]?: undefined };

/** A model run's meta as it is written into the result (the backend's fields beside the windows'). */
export type ModelRunMeta = Omit<WindowsMeta, 'window' | 'timingsMs'> &
  RunFilesMeta & { window: WindowsMeta['window'] & { contextSize?: number }; timingsMs: Timings } & (
    | (LocalShown & Absent<RemoteShown>)
    | (RemoteShown & Absent<LocalShown>)
  );

/** The one place a model run's meta is put together. */
export function modelRunMeta(windows: WindowsMeta, backend: BackendRunMeta, run: RunFilesMeta & { checkMs: number }): ModelRunMeta {
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const timings = (first: Record<string, number>): Timings => ({ check: round(run.checkMs), ...first, ...windows.timingsMs });
  const common = { profile: run.profile, files: run.files, deterministic: run.deterministic };
  if (backend.backend === 'remote') {
    const { connectMs, ...shown } = backend;
    return { ...windows, ...shown, timingsMs: timings({ connect: round(connectMs) }), ...common };
  }
  const { contextSize, loadMs, ...shown } = backend;
  return { ...windows, ...shown, window: { ...windows.window, contextSize }, timingsMs: timings({ load: round(loadMs) }), ...common };
}
