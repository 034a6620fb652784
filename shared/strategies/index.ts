/** The model-free strategies, by name (their declarations are in catalog.ts's list). All are deterministic, synchronous and pure. */
import { STRATEGY_DECLARATIONS } from './catalog';
import type { RuleStrategy } from './types';

export type { RuleStrategy, RuleStrategyOptions } from './types';

/** Typed loosely (any options), as a runner sees them: each strategy's own `segment` is typed by its declaration. */
export const RULE_STRATEGIES = STRATEGY_DECLARATIONS.filter((s) => s.kind === 'rules') as unknown as readonly RuleStrategy[];

export function getRuleStrategy(name: string): RuleStrategy | undefined {
  return RULE_STRATEGIES.find((strategy) => strategy.name === name);
}
