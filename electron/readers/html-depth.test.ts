/**
 * A page nested past the depth budget is refused before a DOM is built (html-depth.ts): 200,000
 * nested <div>s took 50 s in htmlparser2's quadratic stack before the DOM's depth was checked.
 * The early pass never refuses a page the DOM check accepts: it counts with htmlparser2's own tree
 * rules, on the page before a fragment gets its <html> and <body>, so it finds at most the DOM's depth.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetError, resolveBudgets } from '../../shared/budgets/budgets';
import { refusal } from '../../test/support/refusal';
import { pickArticle } from './html';
import { refuseDeepNesting } from './html-depth';
import { readDocumentBytes } from './index';

const utf8 = (s: string) => new TextEncoder().encode(s);
const nested = (depth: number, inner = 'x') => `<html><body>${'<div>'.repeat(depth)}${inner}${'</div>'.repeat(depth)}</body></html>`;

describe('HTML nesting refused before parsing', () => {
  it('200,000 nested <div>s are refused by the early pass, naming the limit and --max-depth', async () => {
    const err = await refusal(readDocumentBytes('nested.html', utf8(nested(200_000))));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toBe(
      'nested.html: elements nested more than 1000 levels deep, over the nesting-depth limit of 1000 levels (raise it with --max-depth N)',
    );
  });

  it('a page at the limit is read; one element deeper is refused', async () => {
    const budgets = resolveBudgets({ nestingDepth: 50 });
    // <html> and <body> are two of the levels; a void <br> at the bottom is one too.
    expect(() => refuseDeepNesting('ok.html', nested(47, '<br>x'), budgets)).not.toThrow();
    expect((await readDocumentBytes('ok.html', utf8(nested(47, '<br>x')), budgets)).text).toContain('x');
    expect(() => refuseDeepNesting('deep.html', nested(48, '<br>x'), budgets)).toThrow(BudgetError);
  });

  it('never refuses a page that the DOM check accepts (tag soup: implied ends, void and stray end tags)', () => {
    const tags = ['<div>', '</div>', '<p>', '</p>', '<li>', '</li>', '<br>', '<b>', '</b>', '<table>', '<tr>', '<td>', '</table>', '<svg>', '<path/>', '</svg>', 'x'];
    const budgets = resolveBudgets({ nestingDepth: 6 });
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...tags), { maxLength: 60 }), fc.boolean(), (parts, wrapped) => {
        const html = wrapped ? `<html><body>${parts.join('')}</body></html>` : parts.join('');
        let early = false;
        try {
          refuseDeepNesting('soup.html', html, budgets);
        } catch {
          early = true;
        }
        if (early) expect(() => pickArticle('soup.html', html, budgets)).toThrow(BudgetError);
      }),
      { numRuns: 500 },
    );
  });
});
