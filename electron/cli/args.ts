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
import { parseValue, type FlagSpec, type FlagSpecs } from '../argv/flag-value';
import { UserInputError } from './errors';

export type { FlagSpec, FlagSpecs } from '../argv/flag-value';

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
