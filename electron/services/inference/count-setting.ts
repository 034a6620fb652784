/**
 * The whole-number settings llama.cpp runs take (threads, parallel) — a run option, else the
 * host's setting as the user wrote it (WORKBENCH_THREADS) — checked against their limits in one
 * place for the model strategies, the learned strategy's embeddings and `train`.
 */
import { numberRule } from '../../../shared/strategies/declaration';
import { RUN_OPTION_LIMITS } from '../../../shared/strategies/run-options';
import { InferenceError } from './errors';

/** The value in its range, or undefined when none was given (the engine's default); an InferenceError otherwise. */
export function countSetting(name: 'threads' | 'parallel', value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  const { min, max } = RUN_OPTION_LIMITS[name];
  if (!Number.isInteger(n) || n < min || n > max) throw new InferenceError('invalid-option', `${name} must be ${numberRule({ type: 'int', min, max })}, got '${String(value)}'`);
  return n;
}
