/**
 * THE way to run a strategy, for every caller (CLI, desktop UI, web host, benchmarks): a document
 * text and a strategy name in, a checked SegmentationResult out. Transport-free: no argv, no IPC.
 *
 * The strategy name is checked once, here; the runner of its kind (registry.ts) does the work, and
 * the coverage invariant is checked once, here, on whatever any runner returns.
 */
import type { SegmentationResult } from '../../../shared/document/types';
import { assertValidSegmentation } from '../../../shared/document/segmentation';
import { BudgetError, budgetMessage, checkBudget, DEFAULT_BUDGETS, type Budgets } from '../../../shared/budgets/budgets';
import { requireStrategy } from '../../../shared/strategies/catalog';
import { throwIfAborted } from '../platform/abort';
import { withinLimits } from './outside-limits';
import { runnerFor } from './registry';
import type { RunStrategyHooks, RunStrategyRequest } from './types';

export { allStrategyNames, isModelStrategy } from './registry';
export type { RunStrategyHooks, RunStrategyRequest, StrategyOptions, StrategySettings } from './types';

export { UnknownStrategyError } from '../../../shared/strategies/catalog';

/**
 * A maxChars so small that the text needs more segments than the budget is refused before any
 * work: `--max-chars 1` on 5 MB would build five million segments (gigabytes of output).
 */
function checkSegmentFloor(chars: number, maxChars: number | undefined, budgets: Budgets): void {
  if (maxChars === undefined) return;
  const floor = Math.ceil(chars / maxChars);
  if (floor <= budgets.segments) return;
  throw new BudgetError(
    'segments',
    budgetMessage(
      'segments',
      `--max-chars ${maxChars}`,
      budgets.segments,
      `cuts the ${chars}-character text into at least ${floor} segments`,
      'raise --max-chars, or the limit with --max-segments N',
    ),
  );
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
  const { text, info, strategy } = request;
  if (info.chars !== text.length) {
    throw new Error(`document info says ${info.chars} characters but the text has ${text.length}`);
  }
  throwIfAborted(hooks.signal);
  const { kind } = requireStrategy(strategy);
  const budgets = request.budgets ?? DEFAULT_BUDGETS;
  checkSegmentFloor(text.length, request.options.maxChars, budgets);
  // Nothing to segment: zero segments, without loading a model for it.
  if (text.length === 0) {
    return { document: info, strategy, segmentation: { boundaries: [], notes: [] }, warnings: [], meta: { kind, emptyDocument: true } };
  }
  const run = await runnerFor(kind);
  const ran = await run(request, hooks);
  // The rules honour the size limits as they cut; a model's cuts are brought within them here.
  const result = kind === 'rules' ? ran : await withinLimits(request, ran);
  // Whatever a runner returns (a model's output most of all), the invariant is checked at this one exit.
  assertValidSegmentation(text, result.segmentation);
  checkBudget('segments', budgets, 'the result', result.segmentation.boundaries.length + 1);
  return result;
}
