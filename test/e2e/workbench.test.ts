/**
 * The workbench end to end: `cli serve` in a child process, Debian's Chromium driven through
 * playwright-core, and the command line as the reference for offsets and exports.
 * One server and one browser for the whole file.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boundaryOffsets,
  openServedWorkbench,
  outlineRow,
  outlineSegments,
  REPO_ROOT,
  runCliJson,
  type ServedWorkbench,
  type WorkbenchSession,
  sideTab,
} from './support';
import { downloadedText } from './support/downloads';

const MARKDOWN_FIXTURE = resolve(REPO_ROOT, 'test/fixtures/docs/markdown-code.md');

interface CliSegmentation {
  document: { name: string; chars: number; sha256: string };
  strategy: string;
  segments: { start: number; end: number; text: string }[];
  meta: Record<string, unknown>;
  [key: string]: unknown;
}

/** Timings differ from run to run; everything else in an export must be equal. */
function withoutTimings(value: CliSegmentation): CliSegmentation {
  const meta = Object.fromEntries(Object.entries(value.meta).filter(([key]) => !/ms$|time|At$|seconds/i.test(key)));
  return { ...value, meta };
}

async function appAttribute(page: Page, name: string): Promise<string | null> {
  return page.locator('[data-testid="app"]').getAttribute(name);
}

async function openFixture(session: WorkbenchSession, path: string): Promise<void> {
  await session.page.locator('[data-testid="open-file"]').setInputFiles(path);
  await session.waitForDocument(path.split('/').pop()!);
}

async function runStrategy(session: WorkbenchSession, strategy: string): Promise<string> {
  const { page } = session;
  await page.locator('[data-testid="strategy-select"]').selectOption(strategy);
  await page.locator('[data-testid="run"]').click();
  return session.waitForRunStatus(['done', 'failed', 'cancelled']);
}

describe('workbench UI against cli serve', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    served = await openServedWorkbench();
    session = served.session;
  });

  afterAll(() => served?.close());

  it('starts on the bundled sample, already segmented: one outline row and marker per segment, notes on hover', async () => {
    const { page } = session;
    await page.waitForFunction(() => {
      const root = document.querySelector('[data-testid="app"]');
      return root?.getAttribute('data-document-name') !== '' && root?.getAttribute('data-run-status') === 'done';
    });
    const count = Number(await appAttribute(page, 'data-segments'));
    expect(count).toBeGreaterThan(1);
    const shown = await outlineSegments(page);
    expect(shown).toHaveLength(count);
    expect(shown[0]?.start).toBe(0);
    for (let i = 1; i < shown.length; i++) expect(shown[i]!.start).toBe(shown[i - 1]!.end);
    expect(await boundaryOffsets(page)).toEqual(shown.slice(1).map((s) => s.start));

    // Hovering the text shows the segment's note: here (structural) its size, in characters (tokens only by a tokenizer the person picked).
    const line = (await page.locator('.monaco-editor .view-line').filter({ hasText: /[a-z]{4}\s[a-z]{4}/ }).first().boundingBox())!;
    await page.mouse.move(line.x + 12, line.y + 8);
    await page.waitForTimeout(300);
    await page.mouse.move(line.x + 16, line.y + 9);
    const hover = page.locator('.monaco-hover').filter({ hasText: /\d chars/ });
    await expect.poll(() => hover.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await session.screenshot('workbench-sample');
  });

  it('segments a Markdown file with code blocks exactly as the CLI does', async () => {
    const { page } = session;
    await openFixture(session, MARKDOWN_FIXTURE);
    expect(await runStrategy(session, 'structural')).toBe('done');

    const cli = await runCliJson<CliSegmentation>(['segment', MARKDOWN_FIXTURE, '--strategy', 'structural']);
    const shown = await outlineSegments(page);
    expect(shown).toEqual(cli.segments.map(({ start, end }) => ({ start, end })));
    expect(await boundaryOffsets(page)).toEqual(cli.segments.slice(1).map((s) => s.start));
    await session.screenshot('workbench-markdown-structural');
  });

  it('exports JSON equal to the CLI output', async () => {
    const { page } = session;
    await sideTab(page, 'export');
    await page.locator('[data-testid="export-format"]').selectOption('json');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="export"]').click()]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const exported = JSON.parse(await downloadedText(download)) as CliSegmentation;
    const cli = await runCliJson<CliSegmentation>(['segment', MARKDOWN_FIXTURE, '--strategy', 'structural']);
    expect(withoutTimings(exported)).toEqual(withoutTimings(cli));
  });

  it('exports with retrieval options equal to the CLI with the same flags', async () => {
    const { page } = session;
    await page.locator('[data-testid="retrieval-options"] summary').click();
    await page.locator('[data-testid="export-headings"]').selectOption('prefix');
    await page.locator('[data-testid="export-repair-blocks"]').check();
    await page.locator('[data-testid="export-overlap"]').fill('30');
    await page.locator('[data-testid="export-tokenizer"]').selectOption('cl100k_base');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="export"]').click()]);
    const exported = JSON.parse(await downloadedText(download)) as CliSegmentation;
    const cli = await runCliJson<CliSegmentation>([
      'segment', MARKDOWN_FIXTURE, '--strategy', 'structural',
      '--headings', 'prefix', '--repair-blocks', '--chunk-overlap', '30', '--count-tokens', 'cl100k_base',
    ]);
    expect(withoutTimings(exported)).toEqual(withoutTimings(cli));
    expect(exported.segments.some((s) => 'headings' in s && 'tokens' in s)).toBe(true);
    // Back to plain exports for the tests after this one.
    await page.locator('[data-testid="export-headings"]').selectOption('off');
    await page.locator('[data-testid="export-repair-blocks"]').uncheck();
    await page.locator('[data-testid="export-overlap"]').fill('');
    await page.locator('[data-testid="export-tokenizer"]').selectOption('');
    await sideTab(page, 'run');
  });

  it('reveals a segment from the outline, and the outline follows the cursor', async () => {
    const { page } = session;
    // By data-index: the outline is virtualized, so DOM order and count say nothing about segments.
    const row = (index: number) => page.locator(`[data-testid="outline-item"][data-index="${index}"]`);
    await expect.poll(async () => (await outlineSegments(page)).length).toBeGreaterThan(3);
    const count = (await outlineSegments(page)).length;

    await (await outlineRow(page, 2)).click();
    await expect.poll(() => row(2).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => page.locator('[data-testid="segment-details"] h2').textContent()).toContain('Segment 3');

    // The click put the cursor in the editor; jumping to the end moves it to the last segment,
    // and the outline follows: the last row is rendered and current.
    await page.keyboard.press('Control+End');
    await expect.poll(() => row(count - 1).getAttribute('aria-current')).toBe('true');
    expect(await (await outlineRow(page, 2)).getAttribute('aria-current')).toBeNull();
  });

  it('keeps the previous result beside a new one when asked, and can bring it back', async () => {
    const { page } = session;
    const before = await outlineSegments(page);
    await page.locator('[data-testid="keep-results"]').check();
    expect(await runStrategy(session, 'sentence-rules')).toBe('done');

    // The sentence splitter cuts finer than structural did.
    const after = await outlineSegments(page);
    expect(after.length).toBeGreaterThan(before.length);
    expect(await page.locator('[data-testid="result-current"]').textContent()).toContain('sentence-rules');
    await expect.poll(() => page.locator('[data-testid="result-kept"]').count()).toBe(1);

    await page.locator('[data-testid="result-kept"] button', { hasText: 'Show' }).click();
    await expect.poll(() => outlineSegments(page)).toEqual(before);
    expect(await page.locator('[data-testid="result-kept"]').textContent()).toContain('sentence-rules');
    await page.locator('[data-testid="keep-results"]').uncheck();
  });

  it('refuses a bad option and an unsupported file with a message, keeping what is open', async () => {
    const { page } = session;
    const before = await outlineSegments(page);
    const name = await appAttribute(page, 'data-document-name');

    await page.locator('[data-testid="max-chars"]').fill('-5');
    await page.locator('[data-testid="run"]').click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Max chars' }).count()).toBe(1);
    await page.locator('[data-testid="max-chars"]').fill('');

    await page.locator('[data-testid="open-file"]').setInputFiles({
      name: 'notes.xyz',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('not a document'),
    });
    const alert = page.getByRole('alert').filter({ hasText: 'notes.xyz' });
    await expect.poll(() => alert.count()).toBe(1);
    expect(await alert.textContent()).toContain('supported files are .txt, .text, .md, .markdown, .html, .htm, .xhtml, .pdf and .docx');
    expect(await appAttribute(page, 'data-document-name')).toBe(name);
    expect(await outlineSegments(page)).toEqual(before);
    await session.screenshot('workbench-error');
    const dismiss = page.getByRole('alert').getByRole('button', { name: 'Dismiss' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
  });

  it('opens a dropped file and pasted text', async () => {
    const { page } = session;
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['First part.\n\nSecond part, after a blank line.\n'], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    });
    await page.dispatchEvent('.drop-zone', 'dragover', { dataTransfer: dropped });
    await page.dispatchEvent('.drop-zone', 'drop', { dataTransfer: dropped });
    await session.waitForDocument('dropped.txt');
    expect((await outlineSegments(page)).at(-1)?.end).toBe('First part.\n\nSecond part, after a blank line.\n'.length);

    await page.getByRole('button', { name: 'Paste text…' }).click();
    await page.locator('[data-testid="paste-text"]').fill('Pasted text.\n\nIts second paragraph.');
    await page.locator('[data-testid="paste-open"]').click();
    await session.waitForDocument('pasted.txt');
    expect((await outlineSegments(page)).at(-1)?.end).toBe('Pasted text.\n\nIts second paragraph.'.length);
    expect(session.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
  });
});
