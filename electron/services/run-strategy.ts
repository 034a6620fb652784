/**
 * THE way to run a strategy, for every caller (CLI, desktop UI, web host, benchmarks): a document
 * text and a strategy name in, a checked SegmentationResult out. Transport-free: no argv, no IPC.
 *
 * Rule strategies run here directly. Model strategies are delegated to the inference service,
 * imported only when one is asked for. A rule run loads llama.cpp only for a token limit (to count
 * tokens with a real tokenizer); without `maxTokens` it never does.
 */
import type { DocumentInfo, SegmentationResult } from '../../shared/document/types';
import { assertValidSegmentation } from '../../shared/document/segmentation';
import type { RunOptions, RunProgress } from '../../shared/ipc/contract';
import { getRuleStrategy, RULE_STRATEGIES, type RuleStrategy } from '../../shared/strategies';
import type { RemoteSettings } from './inference/remote/settings';

/** The strategies that need a model, named after the seed's three models. */
export const MODEL_STRATEGY_NAMES = ['simple', 'topic', 'summary'] as const;

export type StrategyOptions = RunOptions & {
  /** Model file (GGUF) overriding the profile's. */
  model?: string;
  /** LoRA adapter file (GGUF) overriding the profile's. */
  adapter?: string;
  /** Compute backend: auto, off (CPU), cuda, metal or vulkan. */
  gpu?: string;
  /** CPU threads for llama.cpp (default: WORKBENCH_THREADS, else the machine's math cores). */
  threads?: number;
  /** Rule strategies with maxTokens: GGUF file whose tokenizer counts the tokens (default: Qwen2's vocabulary). */
  tokenizer?: string;
  /** Where model strategies run: this process's llama.cpp (default) or inference servers. */
  backend?: 'local' | 'remote';
  /** The servers for `backend: 'remote'` (endpoints, API key, concurrency), read at the app's edge. */
  remote?: RemoteSettings;
};

export interface RunStrategyRequest {
  text: string;
  info: DocumentInfo;
  strategy: string;
  options: StrategyOptions;
  /**
   * A loaded tokenizer's counter for rule strategies' maxTokens. Not serialisable, so not an option;
   * when absent, the tokenizer the options name (or Qwen2's) is loaded for a run with maxTokens.
   */
  countTokens?: (text: string) => number;
}

export interface RunStrategyHooks {
  onProgress?: (progress: Omit<RunProgress, 'runId'>) => void;
  signal?: AbortSignal;
}

/** A strategy name nobody knows: the caller's mistake, reported with the valid names. */
export class UnknownStrategyError extends Error {
  constructor(name: string) {
    super(`unknown strategy '${name}' (valid: ${allStrategyNames().join(', ')})`);
    this.name = 'UnknownStrategyError';
  }
}

export function allStrategyNames(): string[] {
  return [...RULE_STRATEGIES.map((s) => s.name), ...MODEL_STRATEGY_NAMES];
}

export function isModelStrategy(name: string): boolean {
  return (MODEL_STRATEGY_NAMES as readonly string[]).includes(name);
}

/** As fetch and timers do it (and the inference service): a DOMException named AbortError. */
function abortError(): Error {
  return new DOMException('the run was cancelled', 'AbortError');
}

/**
 * The token counter for a rule run with maxTokens. The default tokenizer failing to load degrades to
 * the character limit (with the reason, for the warning); a tokenizer named in the options failing
 * is the caller's mistake and throws TokenizerLoadError. Imported lazily: it loads llama.cpp.
 */
async function tokenCounterFor(options: StrategyOptions): Promise<{ countTokens?: (text: string) => number; source?: string; problem?: string }> {
  const { loadTokenCounter } = await import('./tokenizer/token-counter');
  try {
    const counter = await loadTokenCounter({ tokenizerPath: options.tokenizer });
    return { countTokens: counter.countTokens, source: counter.source };
  } catch (err) {
    if (options.tokenizer !== undefined) throw err;
    return { problem: (err as Error)?.message ?? String(err) };
  }
}

/**
 * Runs the strategy and records its wall time as `meta.elapsedMs`, measured here once for every
 * kind (rules and models alike, everything from the call to the checked result: a model's loading
 * and a tokenizer's included), so results of different strategies can be set side by side.
 */
export async function runStrategy(request: RunStrategyRequest, hooks: RunStrategyHooks = {}): Promise<SegmentationResult> {
  const started = performance.now();
  const result = await runUntimed(request, hooks);
  return { ...result, meta: { ...result.meta, elapsedMs: Math.round((performance.now() - started) * 1000) / 1000 } };
}

async function runUntimed(request: RunStrategyRequest, hooks: RunStrategyHooks): Promise<SegmentationResult> {
  const { text, info, strategy, options } = request;
  if (info.chars !== text.length) {
    throw new Error(`document info says ${info.chars} characters but the text has ${text.length}`);
  }
  if (hooks.signal?.aborted) throw abortError();

  if (!isModelStrategy(strategy) && !getRuleStrategy(strategy)) throw new UnknownStrategyError(strategy);
  // Nothing to segment: zero segments, without loading a model for it.
  if (text.length === 0) {
    return { document: info, strategy, segmentation: { boundaries: [], notes: [] }, warnings: [], meta: { kind: isModelStrategy(strategy) ? 'model' : 'rules', emptyDocument: true } };
  }

  if (isModelStrategy(strategy)) {
    const { runModelStrategy } = await import('./inference/run-model-strategy');
    const result = await runModelStrategy(request, hooks);
    assertValidSegmentation(text, result.segmentation);
    return result;
  }

  const rule = getRuleStrategy(strategy) as RuleStrategy;
  const tokens = options.maxTokens !== undefined && !request.countTokens ? await tokenCounterFor(options) : {};
  if (hooks.signal?.aborted) throw abortError();
  const countTokens = request.countTokens ?? tokens.countTokens;
  const { segmentation, warnings } = rule.segment(text, {
    maxChars: options.maxChars,
    maxTokens: options.maxTokens,
    countTokens,
  });
  // A rule strategy is pure and deterministic, but the invariant is checked at every service exit.
  assertValidSegmentation(text, segmentation);
  const allWarnings = [...warnings];
  if (options.maxTokens !== undefined && !countTokens) {
    allWarnings.push({
      code: 'max-tokens-ignored',
      message: `max-tokens needs a tokenizer, and none could be loaded (${tokens.problem}): only the character limit was applied`,
    });
  }
  const ruleOptions = Object.fromEntries(
    Object.entries({ maxChars: options.maxChars, maxTokens: options.maxTokens }).filter(([, v]) => v !== undefined),
  );
  return {
    document: info,
    strategy,
    segmentation,
    warnings: allWarnings,
    meta: {
      kind: 'rules',
      options: ruleOptions,
      ...(tokens.source !== undefined ? { tokenizer: tokens.source } : {}),
    },
  };
}
