/**
 * Decompression and time budgets (issue 23, item 7), with the hostile files built here: a .docx
 * whose ZIP directory lies about its sizes is counted as it inflates and stopped at the
 * expanded-characters budget; a PDF's parse runs in a worker that its memory budget (a Flate bomb)
 * and its time budget (a page of text operators drawn on many pages) end; a circular page tree is
 * a refusal naming the file; a page of entities is decoded linearly and read exactly.
 */
import { describe, expect, it } from 'vitest';
import { BudgetError, DEFAULT_BUDGETS, resolveBudgets } from '../../shared/budgets/budgets';
import { makeDocx } from '../../test/cli/support/make-docx';
import { circularPdf, flateBombPdf, lyingSizes, textOperatorsPdf } from '../../test/support/hostile-files';
import { refusal } from '../../test/support/refusal';
import { DocumentReadError, readDocumentBytes } from './index';

describe('a .docx whose ZIP directory lies about its sizes', () => {
  it('is counted while it inflates and refused at the expanded-characters budget, naming --max-expanded-chars', async () => {
    const bomb = lyingSizes(makeDocx(['x'.repeat(6_000_000)], { deflate: true }), 100);
    expect(bomb.length).toBeLessThan(100_000);
    const err = await refusal(readDocumentBytes('liar.docx', bomb, resolveBudgets({ expandedChars: 5_000_000 })));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toBe(
      'liar.docx: unpacks to more than 5000000 characters of XML (counted while inflating), over the expanded-characters limit of 5000000 characters (raise it with --max-expanded-chars N)',
    );
  });

  it('within the budget, is left to mammoth, which refuses the lie in one line naming the file', async () => {
    const small = lyingSizes(makeDocx(['A paragraph.', 'Another one.'], { deflate: true }), 1);
    const err = await refusal(readDocumentBytes('small.docx', small));
    expect(err).toBeInstanceOf(DocumentReadError);
    expect(err.message).toBe('small.docx is not a readable .docx file: Bug : uncompressed data size mismatch');
  });
});

describe('PDF parsing in a worker under budgets', () => {
  it('refuses a Flate bomb at the memory budget, naming --max-read-memory-mb', { timeout: 120_000 }, async () => {
    const pdf = flateBombPdf(600);
    expect(pdf.length).toBeLessThan(1_000_000);
    // The expanded-characters budget raised past the bomb, which would refuse it first (pdf-limits.test.ts): this is the memory budget's test.
    const err = await refusal(readDocumentBytes('bomb.pdf', pdf, resolveBudgets({ readMemoryMb: 128, expandedChars: 1_000_000_000 })));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toBe('bomb.pdf: parsing it took more memory than allowed, over the read-memory limit of 128 MB (raise it with --max-read-memory-mb N)');
  });

  it('refuses a PDF of text operators past the time budget, naming --max-read-seconds', { timeout: 120_000 }, async () => {
    // One page of 20,000 text operators, drawn on 2,000 pages: 500 KB of PDF, minutes of parsing.
    const pdf = textOperatorsPdf(20_000, 2_000);
    const err = await refusal(readDocumentBytes('operators.pdf', pdf, resolveBudgets({ readSeconds: 1 })));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toBe('operators.pdf: still parsing after 1 seconds, over the read-time limit of 1 seconds (raise it with --max-read-seconds N)');
  });

  it('refuses a circular page tree as a PDF that cannot be read, naming the file', async () => {
    const err = await refusal(readDocumentBytes('circular.pdf', circularPdf()));
    expect(err).toBeInstanceOf(DocumentReadError);
    expect(err.message).toBe('circular.pdf is not a readable PDF: Pages tree contains circular reference.');
  });
});

describe('HTML entities', () => {
  it('decodes 200,000 `&amp;` in one paragraph linearly (each one was a DOM node of its own) and reads them exactly', { timeout: 60_000 }, async () => {
    const html = `<html><body><p>${'&amp;'.repeat(200_000)}</p></body></html>`;
    expect((await readDocumentBytes('amps.html', new TextEncoder().encode(html), DEFAULT_BUDGETS)).text).toBe('&'.repeat(200_000) + '\n');
  });

  it('keeps `&`, `<` and private-use characters exact through the decoding', async () => {
    const html = '<html><body><p>fish &amp; chips &lt;b&gt; \ue000\ue001\ue002 &eacute;&#65; a < b &amp;amp;</p><pre>x &lt; y &amp;&amp; z</pre></body></html>';
    expect((await readDocumentBytes('mixed.html', new TextEncoder().encode(html))).text).toBe('fish & chips <b> \ue000\ue001\ue002 éA a < b &amp;\n\n```\nx < y && z\n```\n');
  });
});
