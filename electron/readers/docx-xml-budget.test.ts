/**
 * A .docx's XML held to what mammoth can parse within --max-read-memory-mb before it parses a
 * byte (issue 36): a 2.4 MB .docx of 33 MB of styles.xml took 1,142 MB and 76 s, and was refused
 * only by the read-time budget. Its parts' declared sizes are checked from the ZIP directory, and
 * what they really inflate to is counted while they inflate (a directory may lie).
 */
import { describe, expect, it } from 'vitest';
import { BudgetError, resolveBudgets } from '../../shared/budgets/budgets';
import { lyingSizes, stylesBombDocx } from '../../test/support/hostile-files';
import { refusal } from '../../test/support/refusal';
import { makeDocx } from '../../test/cli/support/make-docx';
import { readDocumentBytes } from './index';
import { MAMMOTH_BYTES_PER_XML_BYTE, xmlBytesWithin } from './zip-inflate-budget';

const STYLES_33MB = 290_000;

describe('a .docx whose XML mammoth cannot parse within the read-memory budget', () => {
  it('33 MB of styles.xml is refused from the directory, naming the part and the limit, in well under the time budget', async () => {
    const docx = stylesBombDocx(STYLES_33MB);
    expect(docx.length).toBeLessThan(2_500_000);
    const started = Date.now();
    const err = await refusal(readDocumentBytes('styles.docx', docx));
    expect(err).toBeInstanceOf(BudgetError);
    expect((err as BudgetError).budget).toBe('readMemoryMb');
    expect(err.message).toMatch(
      /^styles\.docx: its XML parts declare (\d+) bytes \(word\/styles\.xml (\d+) of them\), and reading them takes about 36 bytes of memory each \((\d+) MB\), over the read-memory limit of 1024 MB \(raise it with --max-read-memory-mb N\)$/,
    );
    const [, total, styles] = /declare (\d+) bytes \(word\/styles\.xml (\d+)/.exec(err.message)!.map(Number);
    expect(styles).toBeGreaterThan(32_000_000);
    expect(total).toBeGreaterThan(xmlBytesWithin(1024));
    // The parse never started: the refusal costs the directory and no worker's minute.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a directory that declares small parts is caught while they inflate, naming the part', async () => {
    const docx = lyingSizes(stylesBombDocx(60_000), 1_000);
    const err = await refusal(readDocumentBytes('liar.docx', docx, resolveBudgets({ readMemoryMb: 96 })));
    expect(err).toBeInstanceOf(BudgetError);
    const prefix = `liar.docx: its XML parts unpack to more than ${xmlBytesWithin(96) + 1} bytes (word/styles.xml `;
    expect(err.message.startsWith(prefix)).toBe(true);
    expect(err.message.slice(prefix.length)).toMatch(
      new RegExp(`^\\d+ of them\\), and reading them takes about ${MAMMOTH_BYTES_PER_XML_BYTE} bytes of memory each \\(97 MB\\), over the read-memory limit of 96 MB \\(raise it with --max-read-memory-mb N\\)$`),
    );
  });

  it('raising --max-read-memory-mb lets the same styles through', { timeout: 120_000 }, async () => {
    const docx = stylesBombDocx(20_000);
    await expect(readDocumentBytes('styles.docx', docx, resolveBudgets({ readMemoryMb: 64 }))).rejects.toThrow(/over the read-memory limit of 64 MB/);
    const reading = await readDocumentBytes('styles.docx', docx, resolveBudgets({ readMemoryMb: 1024 }));
    expect(reading.text).toBe('The one paragraph.\n');
  });

  it('an ordinary document is read at the defaults', async () => {
    const reading = await readDocumentBytes('plain.docx', makeDocx(['One.', 'Two.'], { deflate: true }));
    expect(reading.text).toBe('One.\n\nTwo.\n');
  });
});
