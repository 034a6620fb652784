/**
 * What runs a strategy for the layers above strategies/ (a run, a workspace batch, the learned
 * model's wrapper): the request, the hooks and the runner's type. The workbench's deps hand one
 * such runner down; workspace/ and learn/ take it from here, not from workbench/ (which sits
 * above them, docs/architecture.md).
 */
import type { DocumentInfo, SegmentationResult } from '../../../shared/document/types';
import type { RunOptions, RunProgress } from '../../../shared/ipc/contract';

export interface StrategyRunRequest {
  text: string;
  info: DocumentInfo;
  strategy: string;
  /** Set by the workbench for `learned` runs: the open workspace's model, and the host's embedding model if any. */
  options: RunOptions & { learnedModelFile?: string; embeddingModelFile?: string };
}

export type StrategyProgress = RunProgress;

export interface StrategyRunHooks {
  onProgress: (progress: StrategyProgress) => void;
  signal: AbortSignal;
}

export type RunStrategyFn = (request: StrategyRunRequest, hooks: StrategyRunHooks) => Promise<SegmentationResult>;
