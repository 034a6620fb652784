/**
 * The flags of the strategies' own options, derived from their declarations: `--c99-mask N`,
 * `--structural-min-chars N`. A declared option is a flag, in `--help` and checked, with no line
 * here per option.
 */
import { STRATEGY_DECLARATIONS } from '../../shared/strategies/catalog';
import { optionFlag, optionProblem, type OptionDeclaration, type StrategyDeclaration } from '../../shared/strategies/declaration';
import type { FlagSpec, FlagSpecs } from './args';
import { UserInputError } from './errors';

function flagSpecOf(strategy: string, option: OptionDeclaration): FlagSpec {
  const description = `${strategy}: ${option.help} (default ${option.default})`;
  switch (option.type) {
    case 'int':
    case 'number':
      return { type: option.type, min: option.min, max: option.max, description };
    case 'enum':
      return { type: 'enum', values: option.values, description };
    case 'boolean':
      return { type: 'boolean', description };
  }
}

/** Every declared strategy's own options as flags. */
export function strategyOptionFlags(declarations: readonly StrategyDeclaration[] = STRATEGY_DECLARATIONS): FlagSpecs {
  const specs: FlagSpecs = {};
  for (const declaration of declarations) {
    for (const [key, option] of Object.entries(declaration.options)) specs[optionFlag(declaration.name, key)] = flagSpecOf(declaration.name, option);
  }
  return specs;
}

/**
 * The chosen strategy's own options from the flags (undefined when none was given). A flag of
 * another strategy is refused, and a value its declaration refuses (an even c99 mask) too.
 */
export function ownOptionsFromFlags(
  strategy: string,
  flags: Readonly<Record<string, unknown>>,
  declarations: readonly StrategyDeclaration[] = STRATEGY_DECLARATIONS,
): Record<string, unknown> | undefined {
  const own: Record<string, unknown> = {};
  for (const declaration of declarations) {
    for (const [key, option] of Object.entries(declaration.options)) {
      const flag = optionFlag(declaration.name, key);
      const value = flags[flag];
      // A boolean flag that was not given reads false: the same as its absence.
      if (value === undefined || value === false) continue;
      if (declaration.name !== strategy) throw new UserInputError(`--${flag} applies only to the ${declaration.name} strategy, not '${strategy}'`);
      const problem = optionProblem(`--${flag}`, option, value);
      if (problem) throw new UserInputError(problem);
      own[key] = value;
    }
  }
  return Object.keys(own).length > 0 ? own : undefined;
}
