/** The run form's text fields turned into the contract's RunOptions. */
import type { RunOptions, StrategyInfo } from '../../../shared/ipc/contract';
import type { RunForm } from '../../stores/ui';
import { C99_LIMITS, resolveC99Parameters } from '../../../shared/strategies/c99';
import { RUN_OPTION_LIMITS } from '../../../shared/strategies/run-options';

/** A positive integer, or undefined for an empty field; throws a one-line message otherwise. */
function positiveInt(label: string, raw: string): number | undefined {
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${label} must be a positive whole number, got "${trimmed}"`);
  return value;
}

/** A number in [min, max], or undefined for an empty field; throws a one-line message otherwise. */
function numberIn(label: string, raw: string | undefined, min: number, max: number): number | undefined {
  const trimmed = (raw ?? '').trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${label} must be a number from ${min} to ${max}, got "${trimmed}"`);
  return value;
}

/** The c99 fields; the strategy's own check (odd mask, ranges) gives the message for a bad value. */
function c99OptionsFrom(form: RunForm): RunOptions['c99'] {
  const params = Object.fromEntries(
    Object.entries({
      mask: positiveInt('Mask', form.c99Mask ?? ''),
      band: positiveInt('Band', form.c99Band ?? ''),
      coefficient: numberIn('Stopping c', form.c99Coefficient, C99_LIMITS.coefficient.min, C99_LIMITS.coefficient.max),
    }).filter(([, v]) => v !== undefined),
  ) as NonNullable<RunOptions['c99']>;
  if (Object.keys(params).length === 0) return undefined;
  resolveC99Parameters(params);
  return params;
}

/** The "Windows at once" field (local engine only): undefined when empty; throws a one-line message when out of range. */
export function parallelFrom(raw: string | undefined): number | undefined {
  const { min, max } = RUN_OPTION_LIMITS.parallel;
  const value = positiveInt('Windows at once', raw ?? '');
  if (value !== undefined && (value < min || value > max)) throw new Error(`Windows at once must be from ${min} to ${max}, got "${value}"`);
  return value;
}

export function runOptionsFrom(form: RunForm, strategy: StrategyInfo | undefined): RunOptions {
  const options: RunOptions = {};
  const maxChars = positiveInt('Max chars', form.maxChars);
  if (maxChars !== undefined) options.maxChars = maxChars;
  if (strategy?.name === 'c99') {
    const c99 = c99OptionsFrom(form);
    if (c99) options.c99 = c99;
  }
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
  return options;
}
