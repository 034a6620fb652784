import { describe, expect, it } from 'vitest';
import { BudgetError, checkBudget, DEFAULT_BUDGETS, resolveBudgets } from './budgets';

describe('budgets', () => {
  it('names the limit and the flag that raises it', () => {
    expect(() => checkBudget('pdfPages', DEFAULT_BUDGETS, 'book.pdf', 6000)).toThrow(
      new BudgetError('pdfPages', 'book.pdf: 6000 pages, over the PDF-pages limit of 5000 pages (raise it with --max-pdf-pages N)'),
    );
    expect(() => checkBudget('pdfPages', DEFAULT_BUDGETS, 'book.pdf', 5000)).not.toThrow();
  });

  it('takes overrides and keeps the other defaults', () => {
    expect(resolveBudgets({ nestingDepth: 5 })).toEqual({ ...DEFAULT_BUDGETS, nestingDepth: 5 });
  });
});
