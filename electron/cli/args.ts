/**
 * The one flag parser every command uses, so that all commands agree on syntax and errors:
 * `--name value` or `--name=value`, boolean flags without a value, `--` ends the flags, and
 * anything wrong (unknown flag, missing or malformed value, wrong positional count) is a
 * UserInputError that names the flag: exit 2, one line.
 *
 *   const spec = {
 *     strategy: { type: 'enum', values: ['structural', 'texttiling'] },
 *     'max-chars': { type: 'int', min: 1 },
 *     json: { type: 'boolean' },
 *   } as const satisfies FlagSpecs;
 *   const { flags, positionals } = parseArgs(argv, spec, { positionals: { min: 1, max: 1, names: 'FILE' } });
 *   flags['max-chars'] // number | undefined;  flags.json // boolean;  flags.strategy // 'structural' | 'texttiling' | undefined
 */
import { UserInputError } from './errors';

export type FlagSpec =
  | { type: 'string'; description?: string; repeatable?: boolean; /** Shown in --help, e.g. PATH. */ valueName?: string }
  | { type: 'int'; min?: number; max?: number; description?: string }
  | { type: 'number'; min?: number; max?: number; description?: string }
  | { type: 'boolean'; description?: string }
  | { type: 'enum'; values: readonly string[]; description?: string };

export type FlagSpecs = Record<string, FlagSpec>;

type ValueOf<F extends FlagSpec> = F extends { type: 'boolean' }
  ? boolean
  : F extends { type: 'int' | 'number' }
    ? number
    : F extends { type: 'enum'; values: readonly (infer V)[] }
      ? V
      : F extends { type: 'string'; repeatable: true }
        ? string[]
        : string;

/** Booleans are always present (false when absent); every other flag is undefined when absent. */
export type FlagValues<S extends FlagSpecs> = {
  [K in keyof S as S[K] extends { type: 'boolean' } ? K : never]: boolean;
} & {
  [K in keyof S as S[K] extends { type: 'boolean' } ? never : K]?: ValueOf<S[K]>;
};

export interface PositionalSpec {
  min?: number;
  max?: number;
  /** How the positionals read in an error message, e.g. 'FILE'. */
  names?: string;
}

export interface ParsedArgs<S extends FlagSpecs> {
  flags: FlagValues<S>;
  positionals: string[];
  /** `--help` or `-h` was given; the caller prints its usage and the rest was not validated. */
  help: boolean;
}

/** Strict decimal integer: no '1e3', no '0x10', no '12abc', no ''. */
const INT = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** One flag's value checked against its spec (also used where a command line has foreign switches: electron/main). */
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

export function parseArgs<S extends FlagSpecs>(
  argv: readonly string[],
  spec: S,
  options: { positionals?: PositionalSpec } = {},
): ParsedArgs<S> {
  const values: Record<string, unknown> = {};
  for (const [name, flag] of Object.entries(spec)) if (flag.type === 'boolean') values[name] = false;
  const positionals: string[] = [];
  let help = false;
  let flagsEnded = false;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (flagsEnded || !arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      flagsEnded = true;
      continue;
    }
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    if (!arg.startsWith('--')) throw new UserInputError(`unknown flag '${arg}' (flags are spelled --name)`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const flag = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!flag) {
      const known = Object.keys(spec).map((k) => `--${k}`);
      throw new UserInputError(`unknown flag '--${name}'${known.length ? ` (valid: ${known.join(', ')})` : ''}`);
    }
    if (flag.type === 'boolean') {
      if (eq !== -1) throw new UserInputError(`--${name} takes no value`);
      values[name] = true;
      continue;
    }
    let raw: string;
    if (eq !== -1) {
      raw = arg.slice(eq + 1);
    } else {
      const next = argv[i + 1];
      // A following flag is not a value: `--out --json` is a forgotten path, not a file named '--json'.
      if (next === undefined || (next.startsWith('--') && next.length > 2)) {
        throw new UserInputError(`--${name} needs a value`);
      }
      raw = next;
      i++;
    }
    const value = parseValue(name, flag, raw);
    if (flag.type === 'string' && flag.repeatable) {
      const list = (values[name] as string[] | undefined) ?? [];
      list.push(value as string);
      values[name] = list;
    } else {
      if (name in values) throw new UserInputError(`--${name} given more than once`);
      values[name] = value;
    }
  }

  if (!help) {
    const { min = 0, max = Infinity, names = 'argument' } = options.positionals ?? { max: 0 };
    if (positionals.length < min) throw new UserInputError(`missing ${names}`);
    if (positionals.length > max) {
      const extra = positionals[max] as string;
      throw new UserInputError(max === 0 ? `unexpected argument '${extra}'` : `too many arguments: '${extra}'`);
    }
  }
  return { flags: values as FlagValues<S>, positionals, help };
}

/** One line per flag, for a command's --help text. */
export function describeFlags(spec: FlagSpecs): string {
  const rows = Object.entries(spec).map(([name, flag]) => {
    const shape =
      flag.type === 'boolean' ? '' : flag.type === 'enum' ? ` ${flag.values.join('|')}` : flag.type === 'string' ? ` ${flag.valueName ?? 'VALUE'}` : ' N';
    return [`  --${name}${shape}`, flag.description ?? ''] as const;
  });
  const width = Math.max(0, ...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => (right ? left.padEnd(width) + right : left)).join('\n');
}
