/**
 * The shape of a strategy's declaration, written once per strategy: its name, kind, description
 * and the options only it takes, each with its limits, default and the words a person reads.
 * Everything else is derived from it: the contract's run options (`options[strategy.name]`), the
 * CLI flags and `--help` (`--<strategy>-<option>`), the Run panel's fields and the options table
 * of docs/strategy-options.md. An option written here shows everywhere; one read by a strategy but
 * not declared is a type error.
 *
 * The options every strategy of a kind shares are declared apart: the numeric ones in
 * shared-options.ts (`SHARED_OPTION_DECLARATIONS`), the others (mode, decoder, profile, backend)
 * in run-options.ts.
 */
import { z } from 'zod';

/** Which runner runs a strategy: the model-free rules, the trained classifier, or a language model. */
export const STRATEGY_KINDS = ['rules', 'learned', 'model'] as const;
export type StrategyKind = (typeof STRATEGY_KINDS)[number];

interface OptionWords {
  /** The Run panel's field label, short: "Mask". */
  label: string;
  /** One line for `--help`, the field's tooltip and the docs table. */
  help: string;
}

/** A whole number or a number in [min, max]; `odd` for a whole number that must be odd (a mask side). */
export interface NumberOption extends OptionWords {
  type: 'int' | 'number';
  min: number;
  max: number;
  /** What applies when the option is left out (a strategy may compute it: then say so in `help`). */
  default: number;
  odd?: boolean;
}

export interface EnumOption extends OptionWords {
  type: 'enum';
  values: readonly [string, ...string[]];
  default: string;
}

export interface BooleanOption extends OptionWords {
  type: 'boolean';
  default: boolean;
}

export type OptionDeclaration = NumberOption | EnumOption | BooleanOption;
export type OptionDeclarations = Readonly<Record<string, OptionDeclaration>>;
/** The options of a strategy that has none of its own. */
export type NoOptions = Record<never, never>;

export interface StrategyDeclaration<N extends string = string, O extends OptionDeclarations = OptionDeclarations> {
  name: N;
  kind: StrategyKind;
  description: string;
  /** The options only this strategy takes (camelCase keys); `{}` for none. */
  options: O;
}

type ValueOf<D extends OptionDeclaration> = D extends EnumOption ? D['values'][number] : D extends BooleanOption ? boolean : number;

/** The values a caller may give for a declaration's options; any left out take their default. */
export type OptionValues<O extends OptionDeclarations> = string extends keyof O ? { readonly [key: string]: unknown } : { [K in keyof O]?: ValueOf<O[K]> };

/** The zod schema of one option's value: its type and limits (an odd whole number included). */
export function optionSchema(option: OptionDeclaration): z.ZodType {
  switch (option.type) {
    case 'enum':
      return z.enum(option.values);
    case 'boolean':
      return z.boolean();
    case 'int':
    case 'number': {
      const base = (option.type === 'int' ? z.number().int() : z.number()).min(option.min).max(option.max);
      return option.odd ? base.refine((v) => v % 2 === 1, { message: 'must be odd' }) : base;
    }
  }
}

/** The schema of a strategy's own options on the wire: every option optional, nothing undeclared. */
export function optionsSchemaOf(options: OptionDeclarations): z.ZodObject {
  return z.object(Object.fromEntries(Object.entries(options).map(([key, option]) => [key, optionSchema(option).optional()]))).strict();
}

/** A number option's type and bounds without its words (the shared numeric options have bounds too). */
export type NumberRange = Pick<NumberOption, 'type' | 'min' | 'max' | 'odd'>;

/** What a number must be, in words: "an odd whole number from 3 to 41". */
export function numberRule(range: NumberRange): string {
  return range.type === 'int' ? `${range.odd ? 'an odd' : 'a'} whole number from ${range.min} to ${range.max}` : `a number from ${range.min} to ${range.max}`;
}

/** What a value must be, in words: "an odd whole number from 3 to 41". */
export function optionRule(option: OptionDeclaration): string {
  switch (option.type) {
    case 'enum':
      return `one of ${option.values.join(', ')}`;
    case 'boolean':
      return 'true or false';
    case 'int':
    case 'number':
      return numberRule(option);
  }
}

/** Undefined when the value is allowed; else one line naming the option and its rule. */
export function optionProblem(name: string, option: OptionDeclaration, value: unknown): string | undefined {
  return optionSchema(option).safeParse(value).success ? undefined : `${name} must be ${optionRule(option)}, got ${JSON.stringify(value)}`;
}

/** `minChars` → `min-chars`: the spelling of an option in a flag or a test id. */
export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The option's flag on the command line: `--c99-mask`, `--structural-min-chars`. */
export function optionFlag(strategy: string, key: string): string {
  return `${strategy}-${kebab(key)}`;
}

/**
 * The values with the defaults filled in, for a strategy's own use. Refuses a value outside the
 * declaration with a RangeError (a caller inside the process: the CLI, the panel and the contract
 * have refused it already, with their own spelling of the name).
 */
export function resolveOptions<O extends OptionDeclarations>(strategy: string, options: O, values: OptionValues<O> = {}): { [K in keyof O]-?: ValueOf<O[K]> } {
  const resolved: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(options)) {
    const value = (values as Record<string, unknown>)[key];
    if (value === undefined) {
      resolved[key] = option.default;
      continue;
    }
    const problem = optionProblem(`${strategy} ${key}`, option, value);
    if (problem) throw new RangeError(problem);
    resolved[key] = value;
  }
  return resolved as { [K in keyof O]-?: ValueOf<O[K]> };
}
