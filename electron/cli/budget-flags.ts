/**
 * The budgets' flags (--max-input-bytes, --max-depth ...), derived from the one table in
 * shared/budgets: a command lists the budgets it applies and spreads the flags into its spec.
 */
import { BUDGET_SPECS, resolveBudgets, type BudgetName, type Budgets } from '../../shared/budgets/budgets';

type Specs = typeof BUDGET_SPECS;
type IntFlag = { type: 'int'; min: number; description: string };
export type BudgetFlags<N extends BudgetName> = { [K in N as Specs[K]['flag']]: IntFlag };

export function budgetFlags<N extends BudgetName>(names: readonly N[]): BudgetFlags<N> {
  return Object.fromEntries(
    names.map((name) => {
      const spec = BUDGET_SPECS[name];
      return [spec.flag, { type: 'int', min: 1, description: `${spec.what}, in ${spec.unit} (default ${spec.default})` }];
    }),
  ) as BudgetFlags<N>;
}

/** The budgets, with the values of the flags given in place of the defaults. */
export function budgetsFromFlags(flags: Record<string, unknown>): Budgets {
  const overrides: Partial<Budgets> = {};
  for (const name of Object.keys(BUDGET_SPECS) as BudgetName[]) {
    const value = flags[BUDGET_SPECS[name].flag];
    if (typeof value === 'number') overrides[name] = value;
  }
  return resolveBudgets(overrides);
}
