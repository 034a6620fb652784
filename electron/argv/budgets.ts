/**
 * The budgets' flags (--max-input-bytes, --max-depth ...), derived from the one table in
 * shared/budgets: a CLI command lists the budgets it applies and spreads the flags into its spec;
 * the desktop app (electron/main) reads them among Electron's switches with budgetsFromArgv.
 * Here, not in electron/cli, so that the app imports nothing of the CLI.
 */
import { BUDGET_MIN, BUDGET_NAMES, BUDGET_SPECS, resolveBudgets, type BudgetName, type Budgets } from '../../shared/budgets/budgets';
import { parseValue } from './flag-value';
import { UserInputError } from './user-input-error';

type Specs = typeof BUDGET_SPECS;
type IntFlag = { type: 'int'; min: number; description: string };
export type BudgetFlags<N extends BudgetName> = { [K in N as Specs[K]['flag']]: IntFlag };

export function budgetFlags<N extends BudgetName>(names: readonly N[]): BudgetFlags<N> {
  return Object.fromEntries(
    names.map((name) => {
      const spec = BUDGET_SPECS[name];
      return [spec.flag, { type: 'int', min: BUDGET_MIN, description: `${spec.what}, in ${spec.unit} (default ${spec.default})` }];
    }),
  ) as BudgetFlags<N>;
}

/** The budgets, with the values of the flags given in place of the defaults. */
export function budgetsFromFlags(flags: Record<string, unknown>): Budgets {
  const overrides: Partial<Budgets> = {};
  for (const name of BUDGET_NAMES) {
    const value = flags[BUDGET_SPECS[name].flag];
    if (typeof value === 'number') overrides[name] = value;
  }
  return resolveBudgets(overrides);
}

/**
 * The budgets named on a command line that carries other arguments as well: the desktop app's,
 * where Electron and Chromium keep their own switches. `--max-depth 2000` and `--max-depth=2000`
 * both count, so the "raise it with --max-depth N" of a refusal is true of the app too.
 */
export function budgetsFromArgv(argv: readonly string[]): Budgets {
  const specs = budgetFlags(BUDGET_NAMES) as Record<string, IntFlag>;
  const flags: Record<string, unknown> = {};
  argv.forEach((arg, i) => {
    const [option = '', inline] = arg.split(/=(.*)/s, 2);
    const name = option.slice(2);
    if (!option.startsWith('--') || !(name in specs)) return;
    const raw = inline ?? argv[i + 1];
    if (raw === undefined) throw new UserInputError(`${option} needs a value`);
    flags[name] = parseValue(name, specs[name]!, raw);
  });
  return budgetsFromFlags(flags);
}
