/** The run form's text fields turned into the contract's RunOptions. */
import type { RunOptions, StrategyInfo } from '../../../shared/ipc/contract';
import { findStrategy } from '../../../shared/strategies/catalog';
import { numberRule, optionProblem, type OptionDeclaration, type StrategyDeclaration, type StrategyKind } from '../../../shared/strategies/declaration';
import { hasField, optionApplies, SHARED_OPTION_DECLARATIONS, sharedOption, type SharedFieldOption, type SharedOptionDeclaration } from '../../../shared/strategies/shared-options';
import type { RunForm, SharedOptionTexts } from '../../stores/ui';

/** The shared options' fields shown for a strategy of this kind on this backend, in the declarations' order. */
export function sharedFieldsShown(
  kind: StrategyKind | undefined,
  backend: RunForm['backend'],
  options: readonly SharedOptionDeclaration[] = SHARED_OPTION_DECLARATIONS,
): SharedFieldOption[] {
  return options.filter(hasField).filter((option) => optionApplies(option, kind, backend));
}

/** A shared option's field text by key (the form holds them by option key, SharedOptionTexts). */
export function sharedFieldText(texts: SharedOptionTexts, key: string): string {
  return (texts as Readonly<Record<string, string | undefined>>)[key] ?? '';
}

/**
 * A shared option's field: undefined when empty, else a whole number within the option's limits;
 * throws a one-line message naming the field otherwise ("Max chars must be a whole number from 1 to 10000000").
 */
export function sharedFieldValue(option: SharedFieldOption, raw: string | undefined): number | undefined {
  const trimmed = (raw ?? '').trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  const { min, max } = option.limits;
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  // Worded as everywhere else a range is (numberRule): the CLI's --help, the declarations' checks, the docs.
  throw new Error(`${option.field.label} must be ${numberRule({ type: 'int', min, max })}, got "${trimmed}"`);
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

/** The "Windows at once" field (the workspace batch's too): undefined when empty; throws a one-line message when out of range. */
export function parallelFrom(raw: string | undefined): number | undefined {
  return sharedFieldValue(sharedOption('parallel'), raw);
}

/**
 * The form's options for a strategy: the shared fields shown for it (a hidden field's leftover
 * text is not sent), its own options, and a model strategy's profile, backend and `deterministic`. The lists of
 * declarations default to the real ones (a test passes its own).
 */
export function runOptionsFrom(
  form: RunForm,
  strategy: StrategyInfo | undefined,
  declarations?: readonly StrategyDeclaration[],
  sharedOptions: readonly SharedOptionDeclaration[] = SHARED_OPTION_DECLARATIONS,
): RunOptions {
  const options: Record<string, unknown> = {};
  for (const option of sharedFieldsShown(strategy?.kind, form.backend, sharedOptions)) {
    const value = sharedFieldValue(option, sharedFieldText(form, option.key));
    if (value !== undefined) options[option.key] = value;
  }
  const declaration = strategy && findStrategy(strategy.name, declarations);
  const own = declaration && ownOptionsFrom(declaration, form.own?.[declaration.name]);
  if (declaration && own) options[declaration.name] = own;
  if (strategy?.kind === 'model') {
    if (form.profile.trim() !== '') options.profile = form.profile.trim();
    if (form.backend === 'remote') options.backend = 'remote';
    if (form.deterministic) options.deterministic = true;
  }
  return options as RunOptions;
}
