/**
 * Placeholder until the inference service provides model strategies: it keeps the lazy import in
 * run-strategy.ts resolvable and says plainly that models cannot run yet.
 */
import type { SegmentationResult } from '../../../shared/document/types';
import type { RunStrategyHooks, RunStrategyRequest } from '../run-strategy';

export async function runModelStrategy(request: RunStrategyRequest, _hooks: RunStrategyHooks): Promise<SegmentationResult> {
  throw new Error(`model strategy '${request.strategy}' is not available yet in this build`);
}
