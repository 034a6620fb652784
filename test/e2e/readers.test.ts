/**
 * Where the readers show: an HTML file opens as Markdown (Monaco's markdown language) and the
 * document header says which reader ran; with "Plain text" ticked the same file opens as plain
 * paragraphs, and the encoding setting decodes a legacy file; a UTF-16 file with a BOM needs none. `cli serve` and Debian's Chromium.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, type ServedWorkbench, type WorkbenchSession } from './support';

const dir = scratchDir('readers-e2e-');

describe('readers in the workbench', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    served = await openServedWorkbench();
    session = served.session;
  });

  afterAll(() => served?.close());

  /** Opens a file and waits for the header to show `expected` (the same name may already be shown, read the other way). */
  async function open(name: string, expected: RegExp): Promise<string | null> {
    const { page } = session;
    await page.locator('[data-testid="open-file"]').setInputFiles(join(dir, name));
    await session.waitForDocument(name);
    await expect.poll(async () => (await page.locator('[data-testid="reader-report"]').textContent()) ?? '').toMatch(expected);
    await session.waitForRunStatus(['done']);
    return page.locator('[data-testid="document-view"]').getAttribute('data-language');
  }

  it('opens HTML as Markdown, says so in the header, and as plain text when asked', async () => {
    writeFileSync(join(dir, 'guide.html'), '<h1>Guide</h1><p>Read this first.</p><h2>Install</h2><ul><li>one</li><li>two</li></ul>');
    expect(await open('guide.html', /^HTML: 2 headings · \d+ chars$/)).toBe('markdown');
    await session.page.locator('[data-testid="read-plain"]').check();
    expect(await open('guide.html', /^HTML: plain text · \d+ chars$/)).toBe('plaintext');
    await session.page.locator('[data-testid="read-plain"]').uncheck();
  });

  it('decodes a legacy text file with the chosen encoding', async () => {
    writeFileSync(join(dir, 'legacy.txt'), Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x0a]));
    await session.page.locator('[data-testid="read-encoding"]').selectOption('windows-1252');
    expect(await open('legacy.txt', /^Text: decoded as windows-1252 · 6 chars$/)).toBe('plaintext');
  });

  it('reads a UTF-16LE Markdown file with a BOM on "auto", and one without a BOM once utf-16le is chosen', async () => {
    const text = '# Notes\r\n\r\nGrüße 😀\r\n';
    writeFileSync(join(dir, 'wide.md'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    writeFileSync(join(dir, 'narrow-less.txt'), Buffer.from('Hello, wide world.\n', 'utf16le'));
    await session.page.locator('[data-testid="read-encoding"]').selectOption('');
    expect(await open('wide.md', new RegExp(`^Markdown: decoded as utf-16le · ${text.length} chars$`))).toBe('markdown');
    await session.page.locator('[data-testid="read-encoding"]').selectOption('utf-16le');
    expect(await open('narrow-less.txt', /^Text: decoded as utf-16le · 19 chars$/)).toBe('plaintext');
  });
});
