/**
 * The runner for the model-free strategies of shared/strategies. It loads llama.cpp only for a
 * token limit (to count tokens with a real tokenizer); without `maxTokens` it never does.
 */
import type { SegmentationResult } from '../../../shared/document/types';
import type { RuleRunMeta } from '../../../shared/document/run-meta';
import { getRuleStrategy, type RuleStrategy } from '../../../shared/strategies';
import { RULE_SHARED_OPTION_KEYS } from '../../../shared/strategies/types';
import { throwIfAborted } from '../platform/abort';
import type { RunStrategyHooks, RunStrategyRequest, StrategyOptions, StrategySettings } from './types';

/**
 * The token counter for a rule run with maxTokens. The default tokenizer failing to load degrades to
 * the character limit (with the reason, for the warning); a tokenizer named in the options failing
 * is the caller's mistake and throws TokenizerLoadError. Imported lazily: it loads llama.cpp.
 */
export async function tokenCounterFor(options: StrategyOptions, settings: StrategySettings): Promise<{ countTokens?: (text: string) => number; source?: string; problem?: string }> {
  const { loadTokenCounter } = await import('../tokenizer/token-counter');
  try {
    // The Qwen2 vocabulary is cached in the host's models folder.
    const counter = await loadTokenCounter({ tokenizerPath: options.tokenizer, modelsDir: settings.modelsDir });
    return { countTokens: counter.countTokens, source: counter.source };
  } catch (err) {
    if (options.tokenizer !== undefined) throw err;
    return { problem: (err as Error)?.message ?? String(err) };
  }
}

export async function runRuleStrategy(request: RunStrategyRequest, hooks: RunStrategyHooks): Promise<SegmentationResult<RuleRunMeta>> {
  const { text, info, strategy, options } = request;
  const rule = getRuleStrategy(strategy) as RuleStrategy;
  const tokens = options.maxTokens !== undefined && !request.countTokens ? await tokenCounterFor(options, request.settings ?? {}) : {};
  throwIfAborted(hooks.signal);
  const countTokens = request.countTokens ?? tokens.countTokens;
  // The shared size options and the strategy's own (options[name], declared with it), by their declared keys.
  const shared = Object.fromEntries(RULE_SHARED_OPTION_KEYS.map((key) => [key, options[key]]).filter(([, v]) => v !== undefined));
  const own = (options as Record<string, Record<string, unknown> | undefined>)[strategy];
  const { segmentation, warnings } = rule.segment(text, { ...shared, ...own, countTokens } as Parameters<RuleStrategy['segment']>[1]);
  const allWarnings = [...warnings];
  if (options.maxTokens !== undefined && !countTokens) {
    allWarnings.push({
      code: 'max-tokens-ignored',
      message: `max-tokens needs a tokenizer, and none could be loaded (${tokens.problem}): only the character limit was applied`,
    });
  }
  // What the run was asked for that a rule strategy reads: the size limits and its own options.
  const ruleOptions = own === undefined ? shared : { ...shared, [strategy]: own };
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
