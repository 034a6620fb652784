/**
 * Two leftovers of issue 25, through `cli serve` in Debian's Chromium: the outline's over-limit
 * marks (and `L`) honour Max tokens as well as Max chars, by the host's Qwen2 counts, even with no
 * tokenizer picked for the export; and the review bar's Accept is disabled on a segment that is
 * reviewed already.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../../electron/services/tokenizer/token-counter';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineRow, outlineSegments, type ServedWorkbench, type WorkbenchSession, type ShownSegment } from './support';

const dir = scratchDir('e2e-limits-review-');
const modelsDir = join(dir, 'models');
// Prose: many characters, few tokens. Digits: Qwen2 gives each digit its own token, so few
// characters and many tokens. A token limit and a character limit mark different segments.
const PROSE = Array.from({ length: 6 }, (_, i) => `Sentence ${i + 1} of the prose section talks at some length about rivers, bridges and the towns along them.`).join(' ');
const DIGITS = Array.from({ length: 30 }, (_, i) => String(1_000_000_000 + i * 7_654_321)).join(' ');
const TEXT = `# Prose\n\n${PROSE}\n\n# Digits\n\n${DIGITS}\n\n# More prose\n\n${PROSE}\n`;

describe('size limits in the outline, and the review bar', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;
  let segments: ShownSegment[];
  let tokens: number[];

  beforeAll(async () => {
    mkdirSync(modelsDir);
    writeFileSync(join(dir, 'limits.md'), TEXT);
    // The same counter the host counts Max tokens with (Qwen2's vocabulary, cached in the models folder).
    const counter = await loadTokenCounter({ modelsDir });
    served = await openServedWorkbench({ args: ['--models-dir', modelsDir] });
    session = served.session;
    await session.page.locator('[data-testid="open-file"]').setInputFiles(join(dir, 'limits.md'));
    await session.waitForDocument('limits.md');
    segments = await outlineSegments(session.page);
    tokens = segments.map((s) => counter.countTokens(TEXT.slice(s.start, s.end)));
  });

  afterAll(async () => {
    await served?.close();
  });

  const overBy = async (index: number) => (await outlineRow(session.page, index)).getAttribute('data-over-limit-by');

  it('marks the segments with more Qwen2 tokens than Max tokens, and L goes to them', async () => {
    const { page } = session;
    const digits = segments.findIndex((s) => TEXT.slice(s.start, s.end).includes(DIGITS));
    const prose = segments.findIndex((s) => TEXT.slice(s.start, s.end).includes('# Prose'));
    expect(digits).toBeGreaterThan(prose);
    const chars = (i: number) => segments[i]!.end - segments[i]!.start;
    // The premise: the digits have fewer characters but more tokens than the prose.
    expect(chars(digits)).toBeLessThan(chars(prose));
    expect(tokens[digits]).toBeGreaterThan(tokens[prose]!);
    const limit = tokens[digits]! - 1;
    const expected = tokens.map((t) => (t > limit ? 'tokens' : null));
    expect(expected.filter(Boolean)).toHaveLength(1);

    // No tokenizer is picked for the export: the counts for Max tokens come anyway.
    expect(await page.locator('[data-testid="segment-size"]').textContent()).not.toMatch(/tok/);
    await page.locator('[data-testid="max-tokens"]').fill(String(limit));
    await expect.poll(() => overBy(digits), { timeout: 60_000 }).toBe('tokens');
    for (let i = 0; i < segments.length; i++) expect(await overBy(i)).toBe(expected[i]);

    await (await outlineRow(page, prose)).click();
    await page.keyboard.press('l');
    await expect.poll(async () => (await outlineRow(page, digits)).getAttribute('aria-current')).toBe('true');

    // With Max chars too, a segment over either limit is marked.
    await page.locator('[data-testid="max-chars"]').fill(String(chars(prose) - 1));
    await expect.poll(() => overBy(prose)).toBe('chars');
    expect(await overBy(digits)).toBe('tokens');
    await session.screenshot('limits-max-tokens');
    await page.locator('[data-testid="max-chars"]').fill('');
    await page.locator('[data-testid="max-tokens"]').fill('');
    await expect.poll(() => overBy(digits)).toBeNull();
  });

  it("disables the review bar's Accept on a segment reviewed already", async () => {
    const { page } = session;
    const bar = page.locator('[data-testid="review-bar"]');
    const accept = page.locator('[data-testid="review-accept"]');
    await (await outlineRow(page, 1)).click();
    await expect.poll(() => bar.getAttribute('data-index')).toBe('1');
    expect(await accept.isEnabled()).toBe(true);
    await accept.click();
    await expect.poll(() => bar.getAttribute('data-index')).toBe('2');
    await expect.poll(() => bar.getAttribute('data-reviewed')).toBe('1');
    expect(await accept.isEnabled()).toBe(true);

    await (await outlineRow(page, 1)).click();
    await expect.poll(() => bar.getAttribute('data-index')).toBe('1');
    expect(await accept.isDisabled()).toBe(true);
    expect(await accept.getAttribute('title')).toMatch(/Already reviewed/);
    // Unmarked, it can be decided again.
    await page.keyboard.press('Control+z');
    await expect.poll(() => bar.getAttribute('data-reviewed')).toBe('0');
    await expect.poll(() => accept.isEnabled()).toBe(true);
    expect(session.errors).toEqual([]);
  });
});
