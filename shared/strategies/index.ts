/** The model-free strategies, by name. All are deterministic, synchronous and pure. */
import { c99 } from './c99';
import { sentenceRules } from './sentence-rules';
import { structural } from './structural';
import { texttiling } from './texttiling';
import type { RuleStrategy } from './types';

export type { RuleStrategy, RuleStrategyOptions } from './types';

export const RULE_STRATEGIES: readonly RuleStrategy[] = [structural, sentenceRules, texttiling, c99];

export function getRuleStrategy(name: string): RuleStrategy | undefined {
  return RULE_STRATEGIES.find((strategy) => strategy.name === name);
}
