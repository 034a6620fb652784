/** The run form's text fields turned into the contract's RunOptions. */
import type { RunOptions, StrategyInfo } from '../../../shared/ipc/contract';
import type { RunForm } from '../../stores/ui';

/** A positive integer, or undefined for an empty field; throws a one-line message otherwise. */
function positiveInt(label: string, raw: string): number | undefined {
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${label} must be a positive whole number, got "${trimmed}"`);
  return value;
}

export function runOptionsFrom(form: RunForm, strategy: StrategyInfo | undefined): RunOptions {
  const options: RunOptions = {};
  const maxChars = positiveInt('Max chars', form.maxChars);
  if (maxChars !== undefined) options.maxChars = maxChars;
  if (strategy?.kind === 'model') {
    const windowTokens = positiveInt('Window tokens', form.windowTokens);
    if (windowTokens !== undefined) options.windowTokens = windowTokens;
    if (form.profile.trim() !== '') options.profile = form.profile.trim();
    if (form.backend === 'remote') options.backend = 'remote';
  }
  return options;
}
