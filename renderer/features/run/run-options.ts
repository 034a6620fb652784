/** The run form's text fields turned into the contract's RunOptions. */
import type { RunOptions, StrategyInfo } from '../../../shared/ipc/contract';
import { findStrategy } from '../../../shared/strategies/catalog';
import { optionProblem, type OptionDeclaration, type StrategyDeclaration } from '../../../shared/strategies/declaration';
import type { RunForm } from '../../stores/ui';
import { RUN_OPTION_LIMITS } from '../../../shared/strategies/run-options';

/** A positive integer, or undefined for an empty field; throws a one-line message otherwise. */
function positiveInt(label: string, raw: string): number | undefined {
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${label} must be a positive whole number, got "${trimmed}"`);
  return value;
}

/** One declared option's field: undefined when empty, else its value checked by the declaration. */
function optionValue(option: OptionDeclaration, raw: string): unknown {
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  const value = option.type === 'int' || option.type === 'number' ? Number(trimmed) : option.type === 'boolean' ? trimmed === 'true' : trimmed;
  const problem = optionProblem(option.label, option, value);
  if (problem) throw new Error(option.type === 'int' || option.type === 'number' ? problem.replace(/got .*$/, `got "${trimmed}"`) : problem);
  return value;
}

/** The fields of a strategy's own options (`options[name]`), or undefined when all are empty. */
export function ownOptionsFrom(declaration: StrategyDeclaration, fields: Readonly<Record<string, string>> = {}): Record<string, unknown> | undefined {
  const entries = Object.entries(declaration.options)
    .map(([key, option]) => [key, optionValue(option, fields[key] ?? '')] as const)
    .filter(([, value]) => value !== undefined);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The "Windows at once" field (local engine only): undefined when empty; throws a one-line message when out of range. */
export function parallelFrom(raw: string | undefined): number | undefined {
  const { min, max } = RUN_OPTION_LIMITS.parallel;
  const value = positiveInt('Windows at once', raw ?? '');
  if (value !== undefined && (value < min || value > max)) throw new Error(`Windows at once must be from ${min} to ${max}, got "${value}"`);
  return value;
}

export function runOptionsFrom(form: RunForm, strategy: StrategyInfo | undefined, declarations?: readonly StrategyDeclaration[]): RunOptions {
  const options: Record<string, unknown> = {};
  const maxChars = positiveInt('Max chars', form.maxChars);
  if (maxChars !== undefined) options.maxChars = maxChars;
  const maxTokens = positiveInt('Max tokens', form.maxTokens);
  if (maxTokens !== undefined) options.maxTokens = maxTokens;
  const declaration = strategy && findStrategy(strategy.name, declarations);
  const own = declaration && ownOptionsFrom(declaration, form.own?.[declaration.name]);
  if (declaration && own) options[declaration.name] = own;
  if (strategy?.kind === 'model') {
    const windowTokens = positiveInt('Window tokens', form.windowTokens);
    if (windowTokens !== undefined) options.windowTokens = windowTokens;
    if (form.profile.trim() !== '') options.profile = form.profile.trim();
    if (form.backend === 'remote') options.backend = 'remote';
    else {
      const parallel = parallelFrom(form.parallel);
      if (parallel !== undefined) options.parallel = parallel;
    }
  }
  return options as RunOptions;
}
