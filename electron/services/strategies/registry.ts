/**
 * Which runner runs which strategy. Each kind of strategy has one runner, imported on first use
 * (the model runner loads llama.cpp). A new kind — a remote backend — adds its names to
 * `strategyKindOf` and its runner to `runners`; the dispatcher (run-strategy.ts) needs no change.
 */
import { MODEL_STRATEGY_NAMES } from '../../../shared/strategies/run-options';
import { getRuleStrategy, RULE_STRATEGIES } from '../../../shared/strategies';
import { LEARNED_STRATEGY_NAME } from '../../../shared/learn/segment';
import type { StrategyRunner } from './types';

export type StrategyKind = 'rules' | 'learned' | 'model';

const runners: Record<StrategyKind, () => Promise<StrategyRunner>> = {
  rules: async () => (await import('./rule-runner')).runRuleStrategy,
  learned: async () => (await import('../learn/run-learned')).runLearned,
  model: async () => (await import('../inference/run-model-strategy')).runModelStrategy,
};

export function allStrategyNames(): string[] {
  return [...RULE_STRATEGIES.map((s) => s.name), LEARNED_STRATEGY_NAME, ...MODEL_STRATEGY_NAMES];
}

/** The kind of a strategy name, or undefined for a name nobody knows. */
export function strategyKindOf(name: string): StrategyKind | undefined {
  if (getRuleStrategy(name)) return 'rules';
  if (name === LEARNED_STRATEGY_NAME) return 'learned';
  if ((MODEL_STRATEGY_NAMES as readonly string[]).includes(name)) return 'model';
  return undefined;
}

export function isModelStrategy(name: string): boolean {
  return strategyKindOf(name) === 'model';
}

export function runnerFor(kind: StrategyKind): Promise<StrategyRunner> {
  return runners[kind]();
}
