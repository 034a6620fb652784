/**
 * One flag's value checked against its declaration: the CLI's parser (electron/cli/args.ts) and
 * the desktop app's budget flags (electron/argv/budgets.ts, read by electron/main among
 * Electron's own switches) both check values here, so a bad value reads the same in either.
 */
import { UserInputError } from './user-input-error';

export type FlagSpec =
  | { type: 'string'; description?: string; repeatable?: boolean; /** Shown in --help, e.g. PATH. */ valueName?: string }
  | { type: 'int'; min?: number; max?: number; description?: string }
  | { type: 'number'; min?: number; max?: number; description?: string }
  | { type: 'boolean'; description?: string }
  | { type: 'enum'; values: readonly string[]; description?: string };

export type FlagSpecs = Record<string, FlagSpec>;

/** Strict decimal integer: no '1e3', no '0x10', no '12abc', no ''. */
const INT = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** One flag's value checked against its spec (also where a command line carries foreign switches: electron/main). */
export function parseValue(name: string, spec: FlagSpec, raw: string): string | number {
  switch (spec.type) {
    case 'string':
      if (raw === '') throw new UserInputError(`--${name} needs a non-empty value`);
      return raw;
    case 'enum':
      if (!spec.values.includes(raw)) {
        throw new UserInputError(`--${name} must be one of ${spec.values.join(', ')} (got '${raw}')`);
      }
      return raw;
    case 'int':
    case 'number': {
      const ok = spec.type === 'int' ? INT.test(raw) : NUMBER.test(raw);
      const value = Number(raw);
      if (!ok || !Number.isFinite(value) || (spec.type === 'int' && !Number.isSafeInteger(value))) {
        throw new UserInputError(`--${name} must be ${spec.type === 'int' ? 'an integer' : 'a number'} (got '${raw}')`);
      }
      if (spec.min !== undefined && value < spec.min) {
        throw new UserInputError(`--${name} must be at least ${spec.min} (got ${raw})`);
      }
      if (spec.max !== undefined && value > spec.max) {
        throw new UserInputError(`--${name} must be at most ${spec.max} (got ${raw})`);
      }
      return value;
    }
    case 'boolean':
      throw new Error('unreachable: booleans take no value');
  }
}

