/**
 * Which runner runs which strategy. Each kind of strategy has one runner, imported on first use
 * (the model runner loads llama.cpp). The names and kinds come from the declarations
 * (shared/strategies/catalog.ts); a new kind adds itself to STRATEGY_KINDS and its runner to
 * `runners` (a missing one does not compile); the dispatcher (run-strategy.ts) needs no change.
 */
import { strategyKindOf, strategyNames } from '../../../shared/strategies/catalog';
import type { StrategyKind } from '../../../shared/strategies/declaration';
import type { StrategyRunner } from './types';

export { strategyKindOf };
export { isModelStrategy } from '../../../shared/strategies/model-strategies';
export type { StrategyKind };

const runners: Record<StrategyKind, () => Promise<StrategyRunner>> = {
  rules: async () => (await import('./rule-runner')).runRuleStrategy,
  learned: async () => (await import('../learn/run-learned')).runLearned,
  model: async () => (await import('./run-model-strategy')).runModelStrategy,
};

export function allStrategyNames(): string[] {
  return strategyNames();
}

export function runnerFor(kind: StrategyKind): Promise<StrategyRunner> {
  return runners[kind]();
}
