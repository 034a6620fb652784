import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGETS } from '../../shared/budgets/budgets';
import { UserError } from '../../shared/errors';
import { budgetsFromArgv } from './budgets';

describe('budgetsFromArgv (the desktop app command line)', () => {
  it('reads the budget flags among Electron and Chromium switches, in both spellings', () => {
    const budgets = budgetsFromArgv(['/opt/electron', '.', '--no-sandbox', '--max-depth', '2500', '--max-pdf-pages=9000', 'notes.txt']);
    expect(budgets).toEqual({ ...DEFAULT_BUDGETS, nestingDepth: 2500, pdfPages: 9000 });
  });

  it('keeps the defaults when none is given', () => {
    expect(budgetsFromArgv(['/opt/electron', '.'])).toEqual(DEFAULT_BUDGETS);
  });

  it.each([['--max-depth'], ['--max-depth', 'deep'], ['--max-depth=0'], ['--max-segments', '1.5']])('refuses %j with a message a person can act on', (...argv) => {
    expect(() => budgetsFromArgv(argv)).toThrow(UserError);
    expect(() => budgetsFromArgv(argv)).toThrow(/^--max-[a-z-]+ (needs a value|must be an integer|must be at least 1)/);
  });
});
