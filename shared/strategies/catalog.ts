/**
 * Every strategy's declaration, in the order people see them: the rule strategies, the learned
 * classifier, the model strategies. The one list the names, kinds and own options derive from
 * (the contract, the CLI, the Run panel, the registry of runners, the docs table), and the one
 * place a name is checked.
 */
import { BAD_INPUT, UserError } from '../errors';
import { LEARNED_DESCRIPTION, LEARNED_STRATEGY_NAME } from '../learn/segment';
import type { NoOptions, StrategyDeclaration, StrategyKind } from './declaration';
import { c99 } from './c99';
import { MODEL_STRATEGIES } from './model-strategies';
import { sentenceRules } from './sentence-rules';
import { structural } from './structural';
import { texttiling } from './texttiling';

const learned: StrategyDeclaration<typeof LEARNED_STRATEGY_NAME, NoOptions> = { name: LEARNED_STRATEGY_NAME, kind: 'learned', description: LEARNED_DESCRIPTION, options: {} };

export const STRATEGY_DECLARATIONS = [structural, sentenceRules, texttiling, c99, learned, ...MODEL_STRATEGIES] as const;
export type DeclaredStrategy = (typeof STRATEGY_DECLARATIONS)[number];

export function strategyNames(declarations: readonly StrategyDeclaration[] = STRATEGY_DECLARATIONS): string[] {
  return declarations.map((d) => d.name);
}

export function findStrategy(name: string, declarations: readonly StrategyDeclaration[] = STRATEGY_DECLARATIONS): StrategyDeclaration | undefined {
  return declarations.find((d) => d.name === name);
}

/** A strategy name nobody knows: the caller's mistake, reported with the valid names. */
export class UnknownStrategyError extends UserError {
  constructor(name: string, declarations: readonly StrategyDeclaration[] = STRATEGY_DECLARATIONS) {
    super(BAD_INPUT, `unknown strategy '${name}' (valid: ${strategyNames(declarations).join(', ')})`);
    this.name = 'UnknownStrategyError';
  }
}

/** The declaration of a strategy name, or UnknownStrategyError: every caller's one check. */
export function requireStrategy(name: string, declarations: readonly StrategyDeclaration[] = STRATEGY_DECLARATIONS): StrategyDeclaration {
  const found = findStrategy(name, declarations);
  if (!found) throw new UnknownStrategyError(name, declarations);
  return found;
}

export function strategyKindOf(name: string): StrategyKind | undefined {
  return findStrategy(name)?.kind;
}
