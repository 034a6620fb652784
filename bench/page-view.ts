/**
 * The page view's time to first page, through a real `cli serve` in Chromium, as a person opens a
 * PDF with Open file…: commander's README printed by Chromium to a PDF of about 100 pages (or the
 * PDF given), opened with the page view shown and with it hidden. Prints, per run: open → text
 * shown and segmented, open → first page drawn, and a jump to the last page (one page rendered);
 * then what the source map costs the reader (layout with the map, map size).
 *
 *   npm run bench:page-view                       # the README ×6, about 106 pages
 *   npm run bench:page-view -- --pdf manual.pdf   # a PDF of your own (e.g. libtasn1-doc's 36 pages)
 *   npm run bench:page-view -- --runs 1           # one run each way (default 3, the median printed)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, join } from 'node:path';
import { DEFAULT_BUDGETS } from '../shared/budgets/budgets';
import { layoutPdf } from '../shared/pdf-layout/pdf-layout';
import { pdfPageItems } from '../electron/readers/pdf';
import { launchChromium, openServedWorkbench, TSX_ENTRY } from '../test/e2e/support';
import { printReadmePdf } from '../test/e2e/support/readme-pdf';

const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--pdf');
  const runsAt = argv.indexOf('--runs');
  const RUNS = runsAt >= 0 ? Number(argv[runsAt + 1]) : 3;
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs needs a positive whole number');
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-page-view-'));
  const browser = await launchChromium();
  let file: string;
  if (at >= 0) file = argv[at + 1]!;
  else {
    file = join(dir, 'commander-x6.pdf');
    writeFileSync(file, await printReadmePdf(browser, 6));
  }
  const name = basename(file);
  const bytes = new Uint8Array(readFileSync(file));
  const served = await openServedWorkbench({ command: TSX_ENTRY, launchBrowser: async () => browser });
  try {
    const { page } = served.session;
    await served.session.waitForRunStatus(['done']);
    const shown = { text: [] as number[], page: [] as number[], last: [] as number[] };
    const hidden: number[] = [];
    const pageDrawn = () => page.waitForFunction(() => (document.querySelector('[data-testid="source-page"]')?.getAttribute('data-page') ?? '') !== '', null, { timeout: 600_000 });
    // A warm-up open first (the host's reader worker loads pdf.js once), then hidden and shown in turn.
    for (let run = -1; run < RUNS * 2; run++) {
      const withPage = run % 2 !== 0;
      // Another document in between, so each run opens the PDF afresh (the same one again is the one open).
      await page.locator('[data-testid="open-file"]').setInputFiles({ name: `other-${run + 1}.md`, mimeType: 'text/markdown', buffer: Buffer.from(`# Other ${run}\n\nText.\n`) });
      await served.session.waitForDocument(`other-${run + 1}.md`);
      const copy = join(dir, `run-${run + 1}-${name}`);
      writeFileSync(copy, bytes);
      const started = await page.evaluate(() => performance.now());
      await page.locator('[data-testid="open-file"]').setInputFiles(copy);
      await served.session.waitForDocument(basename(copy));
      await served.session.waitForRunStatus(['done'], 600_000);
      const textAt = await page.evaluate(() => performance.now());
      if (!withPage) {
        if (run >= 0) hidden.push(textAt - started);
        // Shown again for the next run (the toggle's choice holds from one PDF to the next).
        await page.locator('[data-testid="page-view-toggle"]').click();
        await pageDrawn();
        continue;
      }
      await page.waitForFunction(() => document.querySelector('[data-testid="source-page"]')?.getAttribute('data-page') === '1', null, { timeout: 600_000 });
      const pageAt = await page.evaluate(() => performance.now());
      // The cursor to the text's end: the page follows to the last page.
      await page.locator('[data-testid="document-view"] .view-lines').click({ position: { x: 5, y: 5 } });
      const before = await page.evaluate(() => performance.now());
      await page.keyboard.press('Control+End');
      await page.waitForFunction(() => {
        const p = document.querySelector('[data-testid="source-page"]')?.getAttribute('data-page');
        return p !== '1' && p !== '' && p !== null;
      }, null, { timeout: 600_000 });
      const lastAt = await page.evaluate(() => performance.now());
      if (run >= 0) {
        shown.text.push(textAt - started);
        shown.page.push(pageAt - started);
        shown.last.push(lastAt - before);
      }
      // Hidden for the next run.
      await page.locator('.page-view-hide').click();
    }
    const pages = (await pdfPageItems(name, bytes, DEFAULT_BUDGETS)).length;
    console.log(`page view: ${name}, ${bytes.length.toLocaleString('en')} bytes (${pages} pages), cli serve + Chromium headless, median of ${RUNS}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`open → text shown and segmented, page view hidden   ${ms(median(hidden))}   (${hidden.map(ms).join(', ')})`);
    console.log(`open → text shown and segmented, page view shown    ${ms(median(shown.text))}   (${shown.text.map(ms).join(', ')})`);
    console.log(`open → first page drawn                             ${ms(median(shown.page))}   (${shown.page.map(ms).join(', ')})`);
    console.log(`cursor to the text's end → last page drawn          ${ms(median(shown.last))}   (${shown.last.map(ms).join(', ')})`);
  } finally {
    await served.close();
    await browser.close().catch(() => undefined);
  }
  // The source map's cost to the reader: the layout (which builds it) and its size.
  const items = await pdfPageItems(name, bytes, DEFAULT_BUDGETS);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const { sourceMap } = layoutPdf(items);
    times.push(performance.now() - t);
    size = JSON.stringify(sourceMap).length;
  }
  console.log(`layout of ${items.length} pages (lines, furniture, paragraphs and the source map)   ${ms(median(times))}; map ${Math.round(size / 1024)} kB of JSON`);
  rmSync(dir, { recursive: true, force: true });
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});
