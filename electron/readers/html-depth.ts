/**
 * A page's nesting checked before any DOM is built. htmlparser2 (linkedom's tokenizer, and the
 * entity pass's) keeps its open elements in an array it unshifts, so its work grows with the
 * square of the depth: a 2.2 MB page of 200,000 nested <div>s took 50 s before the depth budget,
 * checked on the built DOM, could refuse it. This pass runs the same parser with linkedom's
 * options and a handler that only counts open elements (htmlparser2's own tree rules: void
 * elements, implied ends), and stops at the first element past the limit. A page is refused after
 * work bounded by its size times the limit; one within the budget goes on to be parsed as before,
 * where html.ts measures the DOM's depth exactly.
 */
import { Parser } from 'htmlparser2';
import { checkBudget, type Budgets } from '../../shared/budgets/budgets';

export function refuseDeepNesting(name: string, html: string, budgets: Budgets): void {
  const limit = budgets.nestingDepth;
  let depth = 0;
  let overAt = 0;
  const parser: Parser = new Parser(
    {
      onopentagname() {
        if (++depth <= limit || overAt > limit) return;
        // The tag is still finished after the pause (a void one closes again), so its depth is kept here.
        overAt = depth;
        parser.pause();
      },
      onclosetag() {
        depth--;
      },
    },
    { lowerCaseAttributeNames: false, xmlMode: false },
  );
  parser.write(html);
  checkBudget('nestingDepth', budgets, name, overAt, `elements nested more than ${limit} levels deep`);
}
