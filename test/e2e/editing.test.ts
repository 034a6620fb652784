/**
 * Hand correction end to end, against `cli serve --workspace DIR` in Debian's Chromium: split,
 * merge, drag (boundary strip, document view, outline), undo and redo through both buttons and keys; corrections autosaved to the
 * workspace and still there after a page reload; the comparison figures equal `cli eval`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { splitPoint } from '../../shared/edit/operations';
import { snapPointsBetween } from '../../shared/edit/snap-points';
import { writeJson } from '../../shared/formats';
import { correctedFileSchema, runFileSchema } from '../../shared/workspace/schema';
import { scratchDir } from '../support/scratch-dir';
import { boundaryOffsets, outlineRow, outlineSegments, runCliJson, servedWorkspaceWith, type ServedWorkbench, type WorkbenchSession } from './support';

const NAME = 'editing-fixture.md';
const TOPICS = ['apples', 'rivers', 'engines', 'poems', 'storms', 'markets'];
/** Six sections of five sentences each, long enough for `structural` to keep them apart. */
const TEXT =
  '# Editing fixture\n\n' +
  TOPICS.map((t, i) =>
    Array.from({ length: 5 }, (_, j) => `Sentence ${j + 1} of section ${i + 1} says something rather long and detailed about ${t}, so that it fills a line.`).join(' '),
  ).join('\n\n') +
  '\n';

// Removed after the describe's own afterAll has closed the server.
const dir = scratchDir('e2e-workspace-');
let served: ServedWorkbench | undefined;
let session: WorkbenchSession;
let workspaceDocumentId: string;

const starts = async (page: Page) => (await outlineSegments(page)).map((s) => s.start);
/** All the outline's rows (it is virtualized: outlineSegments scrolls through it). */
const outlineCount = async (page: Page) => (await outlineSegments(page)).length;

async function waitSaved(page: Page): Promise<void> {
  await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 30_000 });
}

function savedBoundaries(): number[] {
  const file = path.join(dir, 'documents', workspaceDocumentId, 'corrected.json');
  return correctedFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).segmentation.boundaries as number[];
}

describe('hand correction against serve --workspace', () => {
  beforeAll(async () => {
    const opened = await servedWorkspaceWith(dir, NAME, TEXT);
    served = opened;
    session = opened.session;
    workspaceDocumentId = opened.documentId;
  });

  afterAll(async () => {
    await served?.close();
  });

  it('splits, merges, undoes and redoes with the buttons', async () => {
    const { page } = session;
    const before = await starts(page);
    await (await outlineRow(page, 1)).click();
    const segStart = before[1]!;
    const expectedCut = splitPoint(TEXT, { boundaries: before.slice(1), notes: before.map(() => ({})) }, segStart)!;
    await page.locator('[data-testid="split"]').click();
    await expect.poll(() => starts(page)).toEqual([...before, expectedCut].sort((a, b) => a - b));
    // The document view's boundary markers are redrawn by delta: still one per boundary, where the outline says.
    await expect.poll(() => boundaryOffsets(page)).toEqual((await starts(page)).slice(1));

    const split = [...before, expectedCut].sort((a, b) => a - b);
    await (await outlineRow(page, 1)).click();
    await page.locator('[data-testid="merge-next"]').click();
    await expect.poll(() => starts(page)).toEqual(split.filter((_, i) => i !== 2));

    await page.locator('[data-testid="undo"]').click();
    await expect.poll(() => starts(page)).toEqual([...before, expectedCut].sort((a, b) => a - b));
    await expect.poll(() => boundaryOffsets(page)).toEqual((await starts(page)).slice(1));
    await page.locator('[data-testid="undo"]').click();
    await expect.poll(() => starts(page)).toEqual(before);
    await expect.poll(() => boundaryOffsets(page)).toEqual(before.slice(1));
    await page.locator('[data-testid="redo"]').click();
    await expect.poll(() => starts(page)).toEqual([...before, expectedCut].sort((a, b) => a - b));
    await expect.poll(() => boundaryOffsets(page)).toEqual((await starts(page)).slice(1));
    await session.screenshot('editing-buttons');
  });

  it('splits, merges, undoes and redoes with the keys', async () => {
    const { page } = session;
    const before = await starts(page);
    await (await outlineRow(page, 0)).click();
    await page.keyboard.press('s');
    await expect.poll(() => outlineCount(page)).toBe(before.length + 1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => starts(page)).toEqual(before);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => outlineCount(page)).toBe(before.length + 1);
    await page.keyboard.press('m');
    await expect.poll(() => outlineCount(page)).toBe(before.length);
    await page.keyboard.press('Control+z');
    await expect.poll(() => outlineCount(page)).toBe(before.length + 1);
    await page.keyboard.press('?');
    await page.locator('[data-testid="shortcuts-sheet"]').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-testid="shortcuts-sheet"]').count()).toBe(0);
  });

  it('drags a boundary as one undo step, snapping to sentence starts', async () => {
    const { page } = session;
    await (await outlineRow(page, 2)).click();
    const strip = page.locator('[data-testid="boundary-strip"]');
    const before = await starts(page);
    const from = Number(await strip.getAttribute('data-offset'));
    const handle = page.locator('[data-testid="boundary-handle"]');
    const bar = await page.locator('.boundary-bar').boundingBox();
    const box = await handle.boundingBox();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.mouse.down();
    // Leftwards: the segment before always has sentence starts to snap to.
    for (const f of [0.6, 0.4, 0.3, 0.2]) await page.mouse.move(bar!.x + bar!.width * f, bar!.y + bar!.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect.poll(async () => Number(await strip.getAttribute('data-offset'))).not.toBe(from);
    const to = Number(await strip.getAttribute('data-offset'));
    // Snapped: the boundary sits at a sentence or line start.
    expect(/^(\n|[.!?] )/.test(TEXT.slice(to - 2, to)) || TEXT[to - 1] === '\n').toBe(true);
    await page.locator('[data-testid="undo"]').click();
    await expect.poll(() => starts(page)).toEqual(before);
    await page.locator('[data-testid="redo"]').click();
    await expect.poll(async () => Number(await strip.getAttribute('data-offset'))).toBe(to);
  });

  it('drags a boundary in the document view by its marker in the margin', async () => {
    const { page } = session;
    const before = await starts(page);
    const marker = page.locator('.seg-glyph').nth(3);
    const box = (await marker.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Down into the segment's text, two lines below the marker.
    for (let dy = 5; dy <= 40; dy += 5) await page.mouse.move(box.x + 300, box.y + box.height / 2 + dy);
    await page.mouse.up();
    await expect.poll(async () => (await starts(page)).length).toBe(before.length);
    await expect.poll(() => starts(page)).not.toEqual(before);
    const after = await starts(page);
    const moved = after.find((s) => !before.includes(s))!;
    expect(/[.!?] $/.test(TEXT.slice(moved - 2, moved)) || TEXT[moved - 1] === '\n').toBe(true);
    await page.locator('[data-testid="undo"]').click();
    await expect.poll(() => starts(page)).toEqual(before);
  });

  it('drags a boundary in the outline onto the next row, snapping, as one undo step', async () => {
    const { page } = session;
    const before = await starts(page);
    const segments = await outlineSegments(page);
    // The boundary where segment 2 starts, dragged down to the middle of segment 2's own row.
    const handle = (await outlineRow(page, 2)).locator('[data-testid="outline-boundary-handle"]');
    expect(await handle.getAttribute('data-boundary')).toBe('1');
    const from = (await handle.boundingBox())!;
    const row = (await (await outlineRow(page, 2)).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (const f of [0.2, 0.35, 0.5]) await page.mouse.move(row.x + row.width / 2, row.y + row.height * f, { steps: 2 });
    await page.mouse.up();
    await expect.poll(() => starts(page)).not.toEqual(before);
    const after = await starts(page);
    expect(after).toHaveLength(before.length);
    expect(after.filter((_, i) => i !== 2)).toEqual(before.filter((_, i) => i !== 2));
    const moved = after[2]!;
    // Into segment 2, as far as the pointer went, on a sentence or line start as in the document view.
    expect(moved).toBeGreaterThan(segments[2]!.start);
    expect(moved).toBeLessThan(segments[2]!.end);
    expect(snapPointsBetween(TEXT, segments[1]!.start, segments[2]!.end)).toContain(moved);
    // The whole drag is one step.
    await page.locator('[data-testid="undo"]').click();
    await expect.poll(() => starts(page)).toEqual(before);
    await page.locator('[data-testid="redo"]').click();
    await expect.poll(() => starts(page)).toEqual(after);
    await page.locator('[data-testid="undo"]').click();
    await expect.poll(() => starts(page)).toEqual(before);
    await session.screenshot('editing-outline-drag');
  });

  it('saves every correction in the workspace, and a reloaded page shows them', async () => {
    const { page } = session;
    await (await outlineRow(page, 1)).click();
    await page.locator('[data-testid="segment-topic"]').fill('Second section');
    await page.keyboard.press('Enter');
    await page.keyboard.press('r');
    await waitSaved(page);
    const shown = await starts(page);
    expect(savedBoundaries()).toEqual(shown.slice(1));

    // What the reloaded page sends over its WebSocket.
    const sent: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (frame) => void (typeof frame.payload === 'string' && sent.push(frame.payload))));
    await page.reload();
    await session.waitForDocument(NAME);
    await expect.poll(() => starts(page)).toEqual(shown);
    await (await outlineRow(page, 1)).click();
    await expect.poll(() => page.locator('[data-testid="segment-topic"]').inputValue()).toBe('Second section');
    await expect.poll(() => page.locator('[data-testid="reviewed"]').getAttribute('aria-pressed')).toBe('true');

    // The reloaded page builds on the correction it was given: unmarking the segment sends that one note, not the segmentation.
    await page.locator('[data-testid="reviewed"]').click();
    await waitSaved(page);
    const saves = sent.map((frame) => JSON.parse(frame) as { method: string; params: Record<string, unknown> }).filter((m) => m.method === 'workspaceSaveCorrection');
    expect(saves.map((m) => m.params)).toEqual([
      { workspaceDocumentId, change: expect.objectContaining({ removed: [], added: [], notes: [{ start: shown[1], note: { topic: 'Second section' } }] }), basedOnStrategy: 'corrected' },
    ]);
    expect(correctedFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'documents', workspaceDocumentId, 'corrected.json'), 'utf8'))).segmentation.notes[1]).toEqual({ topic: 'Second section' });
    await session.screenshot('editing-after-reload');
  });

  it('compares the correction with another strategy, with the figures of cli eval', async () => {
    const { page } = session;
    await page.locator('[data-testid="keep-results"]').check();
    await page.locator('[data-testid="strategy-select"]').selectOption('sentence-rules');
    await page.locator('[data-testid="run"]').click();
    expect(await session.waitForRunStatus(['done', 'failed'])).toBe('done');
    const panel = page.locator('[data-testid="compare-panel"]');
    await panel.locator('[data-testid="compare-right"]').selectOption({ label: 'corrected' });
    await panel.locator('[data-testid="compare-pk"]').waitFor();
    // Left: the run shown now (sentence-rules); right: the kept correction.
    const figures = Object.fromEntries(
      await Promise.all(
        ['pk', 'windowdiff', 'f1'].map(async (k) => [k, Number(await panel.locator(`[data-testid="compare-${k}"]`).getAttribute('data-value'))] as const),
      ),
    );
    await expect.poll(() => {
      try {
        return runFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'documents', workspaceDocumentId, 'runs', 'sentence-rules.json'), 'utf8'))).result.strategy;
      } catch {
        return null;
      }
    }).toBe('sentence-rules');
    const run = runFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'documents', workspaceDocumentId, 'runs', 'sentence-rules.json'), 'utf8')));
    const info = describeDocument(NAME, TEXT);
    const left = path.join(dir, 'left.json');
    const right = path.join(dir, 'right.json');
    writeFileSync(left, writeJson({ ...run.result, document: info }, TEXT));
    writeFileSync(right, writeJson({ document: info, strategy: 'corrected', segmentation: { boundaries: savedBoundaries(), notes: [{}, ...savedBoundaries().map(() => ({}))] }, warnings: [], meta: {} }, TEXT));
    const cli = await runCliJson<Record<string, number>>(['eval', '--gold', left, '--pred', right, '--json']);
    expect(figures).toEqual({ pk: cli.pk, windowdiff: cli.windowDiff, f1: cli.f1 });
    expect(await panel.locator('[data-testid="compare-charts"] svg').count()).toBe(3);
    const [download] = await Promise.all([page.waitForEvent('download'), panel.locator('[data-testid="compare-export"]').click()]);
    expect(download.suggestedFilename()).toBe('compare-report.html');
    await session.screenshot('compare');
  });
});
