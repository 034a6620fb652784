/**
 * The flags of the numeric options the strategies share, derived from their declarations
 * (shared/strategies/shared-options.ts): `--max-chars N`, `--window N`, `--parallel N`. Each is a
 * flag with its limits checked by the parser and shown in `--help`, refused where it means nothing
 * and mapped to its option key, with no line here per option.
 */
import { findSharedOption, SCOPE_WORDS, SHARED_OPTION_DECLARATIONS, type SharedOptionDeclaration } from '../../shared/strategies/shared-options';
import { UserInputError } from './errors';
import { numberRule } from '../../shared/strategies/declaration';

/** Why a local-engine setting is refused on inference servers, unless its declaration says what to use there. */
export const SERVERS_CHOOSE = 'the servers choose their own';

type IntFlag = { type: 'int'; min: number; max: number; description: string };
export type SharedOptionFlags<E extends SharedOptionDeclaration> = { [X in E as X['flag']]: IntFlag };

function describe(option: SharedOptionDeclaration): string {
  const scope = option.appliesTo === 'all' ? '' : `${SCOPE_WORDS[option.appliesTo]}: `;
  return `${scope}${option.help}; ${numberRule({ type: 'int', ...option.limits })}`;
}

/** These options as flags, in their order. */
export function sharedOptionFlags<E extends SharedOptionDeclaration>(options: readonly E[]): SharedOptionFlags<E> {
  return Object.fromEntries(options.map((option) => [option.flag, { type: 'int', ...option.limits, description: describe(option) }])) as SharedOptionFlags<E>;
}

/** The flags only the model strategies take, in the list's order. */
export function modelOnlyFlags(options: readonly SharedOptionDeclaration[] = SHARED_OPTION_DECLARATIONS): string[] {
  return options.filter((option) => option.appliesTo !== 'all').map((option) => option.flag);
}

/** The `--flag` of an option key, for a message naming the flags a person typed. */
export function flagOf(key: string, options: readonly SharedOptionDeclaration[] = SHARED_OPTION_DECLARATIONS): string {
  return `--${findSharedOption(key, options).flag}`;
}

/** Refuses a flag of the local engine's settings for a run on inference servers, saying what to use there. */
export function refuseLocalOnlyFlags(flags: Readonly<Record<string, unknown>>, options: readonly SharedOptionDeclaration[] = SHARED_OPTION_DECLARATIONS): void {
  for (const option of options) {
    if (option.appliesTo !== 'local-model' || flags[option.flag] === undefined) continue;
    throw new UserInputError(`--${option.flag} applies only to the local backend; ${option.onServers ?? SERVERS_CHOOSE}`);
  }
}

/** The options given as flags, by option key (the parser has checked each value against its limits). */
export function sharedOptionsFromFlags(flags: Readonly<Record<string, unknown>>, options: readonly SharedOptionDeclaration[] = SHARED_OPTION_DECLARATIONS): Record<string, number> {
  return Object.fromEntries(options.flatMap((option) => (flags[option.flag] === undefined ? [] : [[option.key, flags[option.flag] as number]])));
}
