/**
 * Hostile documents meet a budget, not a crash: each breach is a BudgetError naming the limit and
 * the flag; deep HTML is read without recursion; a file is sniffed before it is read whole.
 */
import { closeSync, openSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BudgetError, DEFAULT_BUDGETS, resolveBudgets } from '../../shared/budgets/budgets';
import { makeDocx } from '../../test/cli/support/make-docx';
import { makePdf } from '../../test/cli/support/make-pdf';
import { zip } from '../../test/cli/support/zip';
import { scratchDir } from '../../test/support/scratch-dir';
import { DocumentReadError, readDocument, readDocumentBytes } from './index';

const dir = scratchDir('reader-budgets-');
const utf8 = (s: string) => new TextEncoder().encode(s);
const nested = (depth: number) => utf8(`<html><body>${'<div>'.repeat(depth)}<p>Hello deep world.</p>${'</div>'.repeat(depth)}</body></html>`);

async function budgetError(promise: Promise<unknown>): Promise<BudgetError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BudgetError);
  return err as BudgetError;
}

describe('HTML nesting', () => {
  it('refuses 2,000 and 20,000 nested <div>s over the depth budget, naming --max-depth', async () => {
    for (const depth of [2_000, 20_000]) {
      const err = await budgetError(readDocumentBytes('deep.html', nested(depth)));
      expect(err.message).toBe(`deep.html: elements nested more than 1000 levels deep, over the nesting-depth limit of 1000 levels (raise it with --max-depth N)`);
    }
  });

  it('reads them once the budget is raised: iteratively, without Readability, no stack overflow', async () => {
    const budgets = resolveBudgets({ nestingDepth: 100_000 });
    for (const depth of [2_000, 20_000]) {
      expect((await readDocumentBytes('deep.html', nested(depth), budgets)).text).toBe('Hello deep world.\n');
    }
  });
});

describe('.docx', () => {
  it('refuses one that unpacks to more characters than the budget before unpacking it', async () => {
    // 6 million characters deflate to some 6 KB: a zip bomb in miniature, against a budget of 5 million.
    const bomb = makeDocx(['x'.repeat(6_000_000)], { deflate: true });
    expect(bomb.length).toBeLessThan(100_000);
    const err = await budgetError(readDocumentBytes('bomb.docx', bomb, resolveBudgets({ expandedChars: 5_000_000 })));
    expect(err.message).toMatch(/^bomb\.docx: unpacks to \d+ characters of XML, over the expanded-characters limit of 5000000 characters \(raise it with --max-expanded-chars N\)$/);
  });

  it('refuses a ZIP of garbage with a clear message', async () => {
    const garbage = zip({ 'junk.bin': new Uint8Array([1, 2, 3, 4]), 'more/junk.txt': 'not a document' });
    await expect(readDocumentBytes('garbage.docx', garbage)).rejects.toThrow(
      new DocumentReadError('garbage.docx is not a readable .docx file: the archive has no word/document.xml (not a Word document)'),
    );
  });
});

describe('sizes, pages and characters', () => {
  it('sniffs a huge file from its first bytes: a 3 GB binary is refused without reading it whole', async () => {
    // Sparse: no disk used. Reading it whole would fail differently (Node refuses files over 2 GB).
    const path = join(dir, 'huge.txt');
    const fd = openSync(path, 'w');
    ftruncateSync(fd, 3 * 1024 ** 3);
    closeSync(fd);
    await expect(readDocument(path)).rejects.toThrow(/huge\.txt looks like a binary file: it contains a NUL byte at byte 0/);
  });

  it('refuses a file over the input-size budget before reading it, naming --max-input-bytes', async () => {
    const path = join(dir, 'big.txt');
    writeFileSync(path, 'Some text. '.repeat(100));
    const err = await budgetError(readDocument(path, resolveBudgets({ inputBytes: 1000 })));
    expect(err.message).toMatch(/big\.txt: 1100 bytes, over the input-size limit of 1000 bytes \(raise it with --max-input-bytes N\)$/);
  });

  it('refuses a PDF with more pages than the budget, naming --max-pdf-pages', async () => {
    const pdf = makePdf([[{ text: 'One', y: 700 }], [{ text: 'Two', y: 700 }], [{ text: 'Three', y: 700 }]]);
    const err = await budgetError(readDocumentBytes('pages.pdf', pdf, resolveBudgets({ pdfPages: 2 })));
    expect(err.message).toBe('pages.pdf: 3 pages, over the PDF-pages limit of 2 pages (raise it with --max-pdf-pages N)');
  });

  it('refuses text longer than the expanded-characters budget', async () => {
    const err = await budgetError(readDocumentBytes('long.md', utf8('# Title\n\nWords. '.repeat(10)), resolveBudgets({ expandedChars: 50 })));
    expect(err.message).toContain('over the expanded-characters limit of 50 characters (raise it with --max-expanded-chars N)');
  });

  it('reads ordinary documents within the defaults', async () => {
    expect((await readDocumentBytes('ok.html', nested(30), DEFAULT_BUDGETS)).text).toBe('Hello deep world.\n');
  });
});

describe('the idle reader worker', () => {
  it('keeps nothing alive once a read is answered, so a command exits as soon as it is done', async () => {
    // A worker's own stdout/stderr streams, once read, held a MessagePort open though the worker was
    // unref'd: every `cli segment x.pdf` waited out the idle worker's 30 s before it exited.
    const ports = () => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;
    const before = ports();
    expect((await readDocumentBytes('idle.pdf', makePdf([[{ text: 'Kept for the next document.', y: 700 }]]))).text).toContain('Kept for the next document.');
    await new Promise((resolve) => setImmediate(resolve));
    expect(ports()).toBe(before);
  });
});
