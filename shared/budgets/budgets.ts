/**
 * Budgets: how much work one document may cause, so that a hostile or accidental file is refused
 * with a message instead of freezing the app or exhausting memory. Defined once here; the CLI
 * derives its flags (--max-input-bytes ...) and the hosts their settings from this table, and every
 * breach names the limit and the flag that raises it.
 */

import { BAD_INPUT, UserError } from '../errors';

export interface BudgetSpec {
  /** The CLI flag that raises it, without the dashes. */
  flag: string;
  default: number;
  unit: string;
  /** The limit's name in messages: "over the <label> limit of N". */
  label: string;
  /** What is measured, for --help. */
  what: string;
}

export const BUDGET_SPECS = {
  inputBytes: { flag: 'max-input-bytes', default: 200_000_000, unit: 'bytes', label: 'input-size', what: 'largest document file read' },
  expandedChars: {
    flag: 'max-expanded-chars',
    default: 50_000_000,
    unit: 'characters',
    label: 'expanded-characters',
    what: "most characters a document may expand to (its text, an HTML page's characters, a .docx's unpacked XML, a PDF stream inflated)",
  },
  nestingDepth: { flag: 'max-depth', default: 1_000, unit: 'levels', label: 'nesting-depth', what: "deepest element nesting read (an HTML page's, a .docx's XML)" },
  pdfPages: { flag: 'max-pdf-pages', default: 5_000, unit: 'pages', label: 'PDF-pages', what: 'most pages read from a PDF' },
  readSeconds: {
    flag: 'max-read-seconds',
    default: 60,
    unit: 'seconds',
    label: 'read-time',
    what: 'longest one HTML, DOCX or PDF document may take to parse (its worker thread is then stopped)',
  },
  readMemoryMb: {
    flag: 'max-read-memory-mb',
    default: 1_024,
    unit: 'MB',
    label: 'read-memory',
    what: "most memory one HTML, DOCX or PDF document's parse may take (its worker's heap, and the process's growth while it parses)",
  },
  segments: { flag: 'max-segments', default: 1_000_000, unit: 'segments', label: 'segments', what: 'most segments one result may have' },
} as const satisfies Record<string, BudgetSpec>;

/** Every budget's least value: each counts something (bytes, levels, seconds); 0 would refuse every document. */
export const BUDGET_MIN = 1;

export type BudgetName = keyof typeof BUDGET_SPECS;
export type Budgets = Record<BudgetName, number>;

export const BUDGET_NAMES = Object.keys(BUDGET_SPECS) as BudgetName[];

export const DEFAULT_BUDGETS: Budgets = Object.fromEntries(BUDGET_NAMES.map((name) => [name, BUDGET_SPECS[name].default])) as Budgets;

/** Defaults, with the given values (e.g. from flags) in their place. */
export function resolveBudgets(overrides: Partial<Budgets> = {}): Budgets {
  const budgets = { ...DEFAULT_BUDGETS };
  for (const name of BUDGET_NAMES) {
    const value = overrides[name];
    if (value !== undefined) budgets[name] = value;
  }
  return budgets;
}

/** A budget was exceeded: the caller's input (exit 2 on the CLI, a message in the UI). */
export class BudgetError extends UserError {
  constructor(
    readonly budget: BudgetName,
    message: string,
  ) {
    super(BAD_INPUT, message);
    this.name = 'BudgetError';
  }
}

/**
 * `{subject}: {finding}, over the {label} limit of {limit} {unit} (raise it with --flag N)`, where
 * finding defaults to "{actual} {unit}"; `advice` replaces the parenthesis.
 */
export function budgetMessage(name: BudgetName, subject: string, limit: number, finding: string, advice?: string): string {
  const spec = BUDGET_SPECS[name];
  return `${subject}: ${finding}, over the ${spec.label} limit of ${limit} ${spec.unit} (${advice ?? `raise it with --${spec.flag} N`})`;
}

/** Throws BudgetError when `actual` exceeds the budget; `finding` says what was found, e.g. "nested 2000 levels deep". */
export function checkBudget(name: BudgetName, budgets: Budgets, subject: string, actual: number, finding?: string): void {
  const limit = budgets[name];
  if (actual > limit) throw new BudgetError(name, budgetMessage(name, subject, limit, finding ?? `${actual} ${BUDGET_SPECS[name].unit}`));
}
