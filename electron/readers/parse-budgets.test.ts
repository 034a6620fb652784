/**
 * HTML and DOCX under the same budgets as PDF (issue 36): a page is held to the expanded-characters
 * budget before its DOM is built, and its parse, like a .docx's, runs in the reader worker under
 * --max-read-seconds and --max-read-memory-mb (a 60 MB page ran past 60 s and 1.2 GB; a .docx of
 * 33 MB of styles took 32 s and 1.5 GB). A .docx's XML is held to the nesting-depth budget before
 * mammoth recurses through it (3,000 nested tables: "Maximum call stack size exceeded").
 */
import { describe, expect, it } from 'vitest';
import { BudgetError, resolveBudgets } from '../../shared/budgets/budgets';
import { nestedTablesDocx, stylesBombDocx } from '../../test/support/hostile-files';
import { refusal } from '../../test/support/refusal';
import { DocumentReadError, readDocumentBytes } from './index';

const utf8 = (s: string) => new TextEncoder().encode(s);

/** A page of `count` short paragraphs: about 10 bytes each of HTML, and a DOM node or two each. */
const paragraphs = (count: number) => utf8(`<html><body>${'<p>x</p>'.repeat(count)}</body></html>`);

describe('HTML under the reader budgets', () => {
  it('a page of more characters than the expanded-characters budget is refused before it is parsed, though its text is short', async () => {
    // 1.2 million characters of markup around one word of text.
    const page = utf8(`<html><body>${'<div></div>'.repeat(100_000)}<p>word</p></body></html>`);
    const err = await refusal(readDocumentBytes('markup.html', page, resolveBudgets({ expandedChars: 1_000_000 })));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toBe(
      `markup.html: ${page.length} characters of HTML, over the expanded-characters limit of 1000000 characters (raise it with --max-expanded-chars N)`,
    );
  });

  it('a page whose parse takes longer than --max-read-seconds is refused naming it', { timeout: 120_000 }, async () => {
    const err = await refusal(readDocumentBytes('long.html', paragraphs(400_000), resolveBudgets({ readSeconds: 1 })));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toBe('long.html: still parsing after 1 seconds, over the read-time limit of 1 seconds (raise it with --max-read-seconds N)');
  });

  it('a page whose DOM needs more memory than --max-read-memory-mb is refused naming it', { timeout: 120_000 }, async () => {
    const err = await refusal(readDocumentBytes('big.html', paragraphs(400_000), resolveBudgets({ readMemoryMb: 64 })));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toBe('big.html: parsing it took more memory than allowed, over the read-memory limit of 64 MB (raise it with --max-read-memory-mb N)');
  });
});

describe('DOCX under the reader budgets', () => {
  it('a .docx whose styles mammoth cannot read within --max-read-memory-mb is refused naming it', { timeout: 120_000 }, async () => {
    // 60,000 styles: 7 MB of styles.xml in a 330 KB file, within the expanded-characters budget.
    const docx = stylesBombDocx(60_000);
    expect(docx.length).toBeLessThan(500_000);
    const err = await refusal(readDocumentBytes('styles.docx', docx, resolveBudgets({ readMemoryMb: 96 })));
    expect(err).toBeInstanceOf(BudgetError);
    // Refused from the ZIP directory before mammoth parses a byte (docx-xml-budget.test.ts).
    expect(err.message).toMatch(
      /^styles\.docx: its XML parts declare \d+ bytes \(word\/styles\.xml \d+ of them\), and reading them takes about 36 bytes of memory each \(\d+ MB\), over the read-memory limit of 96 MB \(raise it with --max-read-memory-mb N\)$/,
    );
  });

  it('3,000 nested tables are refused at the nesting-depth budget, naming the part and --max-depth', async () => {
    const err = await refusal(readDocumentBytes('nested.docx', nestedTablesDocx(3_000)));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toBe(
      "nested.docx: word/document.xml's elements nested 9005 levels deep, over the nesting-depth limit of 1000 levels (raise it with --max-depth N)",
    );
  });

  it('with --max-depth raised past what mammoth follows, the refusal still names the nesting limit', { timeout: 120_000 }, async () => {
    const err = await refusal(readDocumentBytes('nested.docx', nestedTablesDocx(3_000), resolveBudgets({ nestingDepth: 100_000 })));
    expect(err).toBeInstanceOf(DocumentReadError);
    expect(err.message).toBe(
      'nested.docx: elements nested too deeply for the .docx reader to follow (Maximum call stack size exceeded); the nesting-depth limit of 100000 levels let them through, the default --max-depth 1000 refuses them',
    );
  });

  it('300 nested tables, within the budget, are read', { timeout: 120_000 }, async () => {
    expect((await readDocumentBytes('nested.docx', nestedTablesDocx(300))).text).toContain('Deep inside.');
  });
});
