/**
 * The numeric options every strategy of a kind shares, declared once each: the key in the
 * contract's RunOptions, the command-line flag, the words a person reads, the limits and which
 * strategies take it. The contract's schema (run-options.ts), the CLI's flags, checks and mapping
 * (electron/cli/shared-option-flags.ts), the Run panel's fields (renderer/features/run/
 * SharedOptionFields.tsx) and the table of docs/strategy-options.md derive from this list; an
 * entry added here shows in all of them (test/declarations/shared-option-declaration.test.ts).
 *
 * A strategy's own options are declared with the strategy (declaration.ts); the shared options
 * that are not numbers (mode, decoder, profile, backend) are in run-options.ts.
 */
import type { StrategyKind } from './declaration';

/**
 * Which strategies take an option: every one; the model strategies; the model strategies on this
 * process's engine (inference servers choose their own, so the option means nothing there).
 */
export type OptionScope = 'all' | 'model' | 'local-model';

/** The scope in words, for `--help` and the docs. */
export const SCOPE_WORDS: Readonly<Record<OptionScope, string>> = {
  all: 'every strategy',
  model: 'model strategies',
  'local-model': 'model strategies, local engine',
};

export interface SharedOptionDeclaration {
  /** The key in RunOptions (camelCase). */
  key: string;
  /** The command-line flag, without its `--`. */
  flag: string;
  /** One line for `--help`, the field's tooltip and the docs table (the CLI puts the scope's words before it). */
  help: string;
  /** Inclusive bounds of the whole number: the one place they are written (RUN_OPTION_LIMITS is read from here). */
  limits: { readonly min: number; readonly max: number };
  appliesTo: OptionScope;
  /** Its field in the Run panel: the label, and a placeholder saying what an empty field means. Absent: no field. */
  field?: { label: string; placeholder: string };
  /** An option of the local engine given for inference servers: what to use there instead (the CLI's refusal says it). */
  onServers?: string;
  /**
   * false: a setting of the process that runs the strategy (the CLI's `--threads`), not a run
   * option the contract carries; the app's host takes it from its own settings.
   */
  runOption?: false;
}

/** A shared option with a Run panel field. */
export type SharedFieldOption = SharedOptionDeclaration & { field: NonNullable<SharedOptionDeclaration['field']> };

/** In the order the CLI's `--help` and the Run panel show them, within each scope. */
export const SHARED_OPTION_DECLARATIONS = [
  {
    key: 'maxChars',
    flag: 'max-chars',
    help: 'longest segment, in characters',
    limits: { min: 1, max: 10_000_000 },
    appliesTo: 'all',
    field: { label: 'Max chars', placeholder: 'default' },
  },
  {
    key: 'maxTokens',
    flag: 'max-tokens',
    help: 'longest segment, in tokens (rule strategies count with the Qwen2 tokenizer)',
    limits: { min: 1, max: 1_000_000 },
    appliesTo: 'all',
    field: { label: 'Max tokens', placeholder: 'none' },
  },
  {
    key: 'windowTokens',
    flag: 'window',
    help: 'window size in tokens',
    limits: { min: 1, max: 131_072 },
    appliesTo: 'model',
    field: { label: 'Window tokens', placeholder: "profile's" },
  },
  { key: 'overlapTokens', flag: 'overlap', help: 'window overlap in tokens', limits: { min: 0, max: 65_536 }, appliesTo: 'model' },
  {
    key: 'threads',
    flag: 'threads',
    help: "CPU threads (default: the machine's math cores)",
    limits: { min: 1, max: 1024 },
    appliesTo: 'local-model',
    runOption: false,
  },
  {
    // The local engine's context has this many sequences.
    key: 'parallel',
    flag: 'parallel',
    help: "windows decoded at once, the context's sequences (default: 1 on a CPU with 2 threads or fewer, else 4; on a GPU up to 16 as memory allows)",
    limits: { min: 1, max: 64 },
    appliesTo: 'local-model',
    field: { label: 'Windows at once', placeholder: 'auto' },
    onServers: 'on servers use --concurrency (requests per endpoint)',
  },
] as const satisfies readonly SharedOptionDeclaration[];

type Declared = (typeof SHARED_OPTION_DECLARATIONS)[number];
/** The keys of the declared options that have a Run panel field. */
export type SharedFieldKey = Extract<Declared, { field: object }>['key'];

/** Each option's limits by key: `RUN_OPTION_LIMITS.parallel.max`. */
export type LimitsOf<E extends SharedOptionDeclaration> = { readonly [X in E as X['key']]: X['limits'] };

export function limitsOf<E extends SharedOptionDeclaration>(options: readonly E[]): LimitsOf<E> {
  return Object.fromEntries(options.map((option) => [option.key, option.limits])) as LimitsOf<E>;
}

/** Inclusive bounds of the numeric run options (threads included: a host setting with the same kind of bound). */
export const RUN_OPTION_LIMITS = limitsOf(SHARED_OPTION_DECLARATIONS);

/** Whether an option applies to a strategy of this kind on this backend (no strategy chosen: only those of every strategy). */
export function optionApplies(option: SharedOptionDeclaration, kind: StrategyKind | undefined, backend: 'local' | 'remote'): boolean {
  switch (option.appliesTo) {
    case 'all':
      return true;
    case 'model':
      return kind === 'model';
    case 'local-model':
      return kind === 'model' && backend === 'local';
  }
}

/** The options of the given scopes, in the list's order. */
export function optionsIn<E extends SharedOptionDeclaration, S extends OptionScope>(options: readonly E[], scopes: readonly S[]): Extract<E, { appliesTo: S }>[] {
  return options.filter((option): option is Extract<E, { appliesTo: S }> => (scopes as readonly OptionScope[]).includes(option.appliesTo));
}

/** The options of the given keys, in the list's order (a command that takes only some of them). */
export function optionsNamed<E extends SharedOptionDeclaration, K extends E['key']>(options: readonly E[], keys: readonly K[]): Extract<E, { key: K }>[] {
  return options.filter((option): option is Extract<E, { key: K }> => (keys as readonly string[]).includes(option.key));
}

export function hasField(option: SharedOptionDeclaration): option is SharedFieldOption {
  return option.field !== undefined;
}

/** The option of a key in a list of declarations; a key not in it is a bug of the caller. */
export function findSharedOption<E extends SharedOptionDeclaration>(key: string, options: readonly E[]): E {
  const found = options.find((option) => option.key === key);
  if (!found) throw new Error(`no shared option '${key}'`);
  return found;
}

/** One declared option by key, typed as declared. */
export function sharedOption<K extends Declared['key']>(key: K): Extract<Declared, { key: K }> {
  return findSharedOption(key, SHARED_OPTION_DECLARATIONS) as Extract<Declared, { key: K }>;
}
