/**
 * The typed request every strategy runner takes, whatever its kind. Kept apart from the runners
 * so that each runner imports these types and the dispatcher imports the runners: no cycle.
 */
import type { Budgets } from '../../../shared/budgets/budgets';
import type { RemoteSettings } from '../inference/completers/remote/settings';
import type { DocumentInfo, SegmentationResult } from '../../../shared/document/types';
import type { RunProgress } from '../../../shared/ipc/contract';
import type { GpuChoice, RunOptions } from '../../../shared/strategies/run-options';

export type StrategyOptions = RunOptions & {
  /** Model file (GGUF) overriding the profile's. */
  model?: string;
  /** LoRA adapter file (GGUF) overriding the profile's. */
  adapter?: string;
  /** Compute backend: auto, off (CPU), cuda, metal or vulkan. */
  gpu?: GpuChoice;
  /** CPU threads for llama.cpp (default: the host's setting, else the machine's math cores). */
  threads?: number;
  /** Rule strategies with maxTokens: GGUF file whose tokenizer counts the tokens (default: Qwen2's vocabulary). */
  tokenizer?: string;
  /** The `learned` strategy: its model file (JSON from cli train or Train from corrections). */
  learnedModelFile?: string;
  /** The `learned` strategy with a model trained with embeddings: the embedding model (GGUF) it used. */
  embeddingModelFile?: string;
};

/**
 * What the host decided at start-up (folders, compute) and passes down with every run, instead of
 * writing environment variables for the runners to find. Run options win over these.
 */
export interface StrategySettings {
  /** A user profiles folder, searched before the built-in one. */
  profilesDir?: string;
  /** Where profiles' model file names resolve. */
  modelsDir?: string;
  /** Where hub sources of profiles point (the host's MODEL_ENDPOINT / HF_ENDPOINT); default huggingface.co. */
  hubEndpoint?: string;
  /** Default compute backend, as the user gave it (the model runner refuses a name it does not know). */
  gpu?: string;
  /** Default CPU threads, as the user gave it (the model runner checks the range). */
  threads?: number | string;
  /** Default sequences of the local engine's context (windows at once), as the user gave it (checked like threads). */
  parallel?: number | string;
  /** One window at a time on every model run (WORKBENCH_DETERMINISTIC), as the run option `deterministic`. */
  deterministic?: boolean;
  /** The embedding model (GGUF) of the learned strategy's embedding features, where the host names one. */
  embeddingModel?: string;
  /** Inference servers for model runs with `backend: 'remote'` (endpoints, API key, concurrency). */
  remote?: RemoteSettings;
}

export interface RunStrategyRequest {
  text: string;
  info: DocumentInfo;
  strategy: string;
  options: StrategyOptions;
  settings?: StrategySettings;
  /**
   * A loaded tokenizer's counter for rule strategies' maxTokens. Not serialisable, so not an option;
   * when absent, the tokenizer the options name (or Qwen2's) is loaded for a run with maxTokens.
   */
  countTokens?: (text: string) => number;
  /** The segments budget (default DEFAULT_BUDGETS): a result may not have more segments. */
  budgets?: Budgets;
}

export interface RunStrategyHooks {
  onProgress?: (progress: Omit<RunProgress, 'runId'>) => void;
  signal?: AbortSignal;
}

/** One kind of strategy's runner: the request in, an unchecked result out (the dispatcher checks it). */
export type StrategyRunner = (request: RunStrategyRequest, hooks: RunStrategyHooks) => Promise<SegmentationResult>;
