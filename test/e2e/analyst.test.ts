/**
 * The analyst's day (issue 25), against `cli serve --workspace DIR` in Debian's Chromium:
 * nothing typed into Monaco's Find box, a form field or a dialog edits the segmentation; Esc in
 * the topic field cancels; a correction is a state a person made (undone back to the machine
 * result, the document is untouched again, and a run shown over a correction never becomes
 * one); exports and training take the documents the person chose, and training shows its
 * progress, can leave documents out, and a document can be removed from the workspace.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { correctedFileSchema } from '../../shared/workspace/schema';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineRow, outlineSegments, outlineTopics, type ServedWorkbench, type WorkbenchSession, sideTab } from './support';
import { downloadedText } from './support/downloads';

const TOPICS = ['apples', 'rivers', 'engines', 'poems'];
const textOf = (title: string) =>
  `# ${title}\n\n` +
  TOPICS.map((t, i) =>
    Array.from({ length: 4 }, (_, j) => `Sentence ${j + 1} of section ${i + 1} says something rather long and detailed about ${t}, so that it fills a line.`).join(' '),
  ).join('\n\n') +
  '\n';
const FIRST = { name: 'first.md', text: textOf('First fixture') };
const SECOND = { name: 'second.md', text: textOf('Second fixture') };

/** Every editing key, plain and shifted: none of them may reach the segmentation from a field. */
const SHORTCUT_LETTERS = 'smdrjkut';

const dir = scratchDir('e2e-analyst-');
let served: ServedWorkbench | undefined;
let session: WorkbenchSession;
const ids: Record<string, string> = {};

const starts = async (page: Page) => (await outlineSegments(page)).map((s) => s.start);
const correctedFile = (name: string) => path.join(dir, 'documents', ids[name]!, 'corrected.json');
const savedBoundaries = (name: string) => correctedFileSchema.parse(JSON.parse(readFileSync(correctedFile(name), 'utf8'))).segmentation.boundaries;

async function waitSaved(page: Page): Promise<void> {
  await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 30_000 });
}

async function documentState(page: Page, name: string): Promise<string | null> {
  return page.locator(`[data-testid="workspace-document"][data-id="${ids[name]}"]`).getAttribute('data-state');
}

/** What the segmentation looks like to a person: every start and topic, and whether any correction was saved. */
async function segmentationFacts(page: Page) {
  return { starts: await starts(page), topics: await outlineTopics(page), corrected: existsSync(correctedFile(FIRST.name)) };
}

/** Types every shortcut letter, plain and with Shift, and '?', into whatever has the focus. */
async function typeShortcuts(page: Page): Promise<void> {
  for (const letter of SHORTCUT_LETTERS) {
    await page.keyboard.press(letter);
    await page.keyboard.press(`Shift+${letter.toUpperCase()}`);
  }
  await page.keyboard.press('?');
}

describe("the analyst's day against serve --workspace", () => {
  beforeAll(async () => {
    const ws = await WorkspaceService.open(dir, { readSource: async () => ({ text: FIRST.text, sourceFormat: 'md' }) });
    for (const doc of [FIRST, SECOND]) ids[doc.name] = (await ws.addDocument({ name: doc.name, text: doc.text, sourceFormat: 'md' })).id;
    await ws.close();
    served = await openServedWorkbench({ args: ['--workspace', dir] });
    session = served.session;
    await session.waitForDocument(FIRST.name);
    await session.waitForRunStatus(['done']);
  });

  afterAll(async () => {
    await served?.close();
  });

  it("never edits the segmentation from Monaco's Find box, a form field or a dialog", async () => {
    const { page } = session;
    const before = await segmentationFacts(page);
    expect(before.corrected).toBe(false);

    // Find: focus the document, Ctrl+F, type every letter.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+f');
    const find = page.locator('.monaco-editor .find-widget textarea, .monaco-editor .find-widget input').first();
    await find.waitFor();
    await expect.poll(() => find.evaluate((el) => el === document.activeElement)).toBe(true);
    await typeShortcuts(page);
    await page.keyboard.press('Enter');
    expect(await find.inputValue()).toContain('sSmMdDrRjJkKuUtT?');
    await page.keyboard.press('Escape');

    // A text field, a select, and a button inside the paste dialog.
    await sideTab(page, 'workspace');
    await page.locator('[data-testid="workspace-import-path"]').click();
    await typeShortcuts(page);
    await page.locator('[data-testid="workspace-import-path"]').fill('');
    await page.locator('[data-testid="correction-selection"]').focus();
    await typeShortcuts(page);
    await page.locator('[data-testid="correction-selection"]').selectOption('edited');
    await page.getByRole('button', { name: 'Paste text…' }).click();
    await page.locator('[data-testid="paste-text"]').fill('x');
    await page.locator('[data-testid="paste-open"]').focus();
    for (const letter of SHORTCUT_LETTERS) await page.keyboard.press(letter);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[role="dialog"][aria-label="Paste text"]').count()).toBe(0);

    await expect.poll(() => page.locator('[data-testid="app"]').getAttribute('data-document-name')).toBe(FIRST.name);
    expect(await segmentationFacts(page)).toEqual(before);
    expect(await page.locator('[data-testid="shortcuts-sheet"]').count()).toBe(0);
  });

  it('Esc in the topic field cancels; Enter saves', async () => {
    const { page } = session;
    await (await outlineRow(page, 1)).click();
    const topic = page.locator('[data-testid="segment-topic"]');
    await page.keyboard.press('t');
    await expect.poll(() => topic.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Rivers and streams');
    await page.keyboard.press('Escape');
    expect(await topic.inputValue()).toBe('');
    expect((await outlineTopics(page))[1]).toBeNull();
    expect(existsSync(correctedFile(FIRST.name))).toBe(false);

    await page.keyboard.press('t');
    await page.keyboard.type('Rivers');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await outlineTopics(page))[1]).toBe('Rivers');
    await waitSaved(page);
    expect(existsSync(correctedFile(FIRST.name))).toBe(true);
    // Undone back to the machine result: no correction on disk, and the document is untouched again.
    await page.locator('[data-testid="undo"]').click();
    await waitSaved(page);
    expect(existsSync(correctedFile(FIRST.name))).toBe(false);
  });

  it('a correction is what a person made: undo to the machine result uncorrects; a run shown over a correction never becomes one', async () => {
    const { page } = session;
    const machine = await starts(page);
    await expect.poll(() => documentState(page, FIRST.name)).toBe('untouched');

    await (await outlineRow(page, 1)).click();
    await page.keyboard.press('s');
    await expect.poll(async () => (await starts(page)).length).toBe(machine.length + 1);
    await waitSaved(page);
    const corrected = await starts(page);
    expect(savedBoundaries(FIRST.name)).toEqual(corrected.slice(1));
    await expect.poll(() => documentState(page, FIRST.name)).toBe('edited');

    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => starts(page)).toEqual(machine);
    await waitSaved(page);
    expect(existsSync(correctedFile(FIRST.name))).toBe(false);
    await expect.poll(() => documentState(page, FIRST.name)).toBe('untouched');

    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => starts(page)).toEqual(corrected);
    await waitSaved(page);
    expect(savedBoundaries(FIRST.name)).toEqual(corrected.slice(1));

    // A run shown over the correction, undone and redone: the correction stays what the person made.
    await sideTab(page, 'run');
    await page.locator('[data-testid="strategy-select"]').selectOption('sentence-rules');
    await page.locator('[data-testid="run"]').click();
    await session.waitForRunStatus(['done']);
    await expect.poll(async () => (await starts(page)).length).toBeGreaterThan(corrected.length);
    await page.locator('[data-testid="undo"]').click();
    await expect.poll(() => starts(page)).toEqual(corrected);
    await page.locator('[data-testid="redo"]').click();
    await expect.poll(async () => (await starts(page)).length).toBeGreaterThan(corrected.length);
    await waitSaved(page);
    expect(savedBoundaries(FIRST.name)).toEqual(corrected.slice(1));
    await page.locator('[data-testid="undo"]').click();
    await expect.poll(() => starts(page)).toEqual(corrected);
    await waitSaved(page);
  });

  it('exports only the documents chosen, each line naming its document and strategy; reviewed-only takes none until reviewed', async () => {
    const { page } = session;
    await sideTab(page, 'workspace');
    const download = page.waitForEvent('download');
    await page.locator('[data-testid="workspace-export-training"]').click();
    const lines = (await downloadedText(download)).trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).document)).toEqual([{ id: ids[FIRST.name], name: FIRST.name }]);
    expect(JSON.parse(lines[0]!).basedOn).toBe('structural');

    await page.locator('[data-testid="correction-selection"]').selectOption('reviewed');
    await page.locator('[data-testid="workspace-export-wiki"]').click();
    await page.locator('.notice', { hasText: /Exported 0 corrected document/ }).first().waitFor();
    await page.locator('[data-testid="correction-selection"]').selectOption('edited');
  });

  it('trains with progress on the documents left in, and removes a document from the workspace', async () => {
    const { page } = session;
    // Correct the second document too, then leave the first out of the training.
    await sideTab(page, 'workspace');
    await page.locator(`[data-testid="workspace-document"][data-id="${ids[SECOND.name]}"]`).click();
    await session.waitForDocument(SECOND.name);
    await (await outlineRow(page, 2)).click();
    await page.keyboard.press('s');
    await waitSaved(page);
    await expect.poll(() => documentState(page, SECOND.name)).toBe('edited');
    await sideTab(page, 'learn');
    await page.locator(`[data-testid="learn-document"][data-id="${ids[FIRST.name]}"]`).uncheck();
    expect(await page.locator('[data-testid="learn-use-embeddings"]').isChecked()).toBe(false);
    await page.locator('[data-testid="train-learned"]').click();
    await page.locator('[data-testid="learn-report"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="learn-report"]').textContent()).toMatch(/Learned from 1 document;.*Skipped first\.md: left out/);

    await sideTab(page, 'workspace');
    await page.locator(`[data-testid="workspace-remove"][aria-label="Remove ${FIRST.name} from the workspace"]`).click();
    await expect.poll(() => page.locator(`[data-testid="workspace-document"][data-id="${ids[FIRST.name]}"]`).count()).toBe(0);
    expect(existsSync(path.join(dir, 'documents', ids[FIRST.name]!))).toBe(false);
    expect(session.errors).toEqual([]);
  });

  it('marks the segments over Max chars in the outline, and L goes to the next one', async () => {
    const { page } = session;
    const segments = await outlineSegments(page);
    const limit = 300;
    const over = segments.map((s, i) => (s.end - s.start > limit ? i : -1)).filter((i) => i >= 0);
    expect(over.length).toBeGreaterThan(1);
    await sideTab(page, 'run');
    await page.locator('[data-testid="max-chars"]').fill(String(limit));
    await expect.poll(async () => (await outlineRow(page, over[0]!)).getAttribute('data-over-limit')).toBe('true');
    const under = segments.findIndex((s) => s.end - s.start <= limit);
    expect(await (await outlineRow(page, under)).getAttribute('data-over-limit')).toBeNull();

    await (await outlineRow(page, over[0]!)).click();
    await page.keyboard.press('l');
    await expect.poll(async () => (await outlineRow(page, over[1]!)).getAttribute('aria-current')).toBe('true');
    await page.locator('[data-testid="max-chars"]').fill('');
  });

  it('shows token counts by the tokenizer picked for the export, counted by the host; none guessed from characters', async () => {
    const { page } = session;
    const size = page.locator('[data-testid="segment-size"]');
    await (await outlineRow(page, 1)).click();
    expect(await size.textContent()).not.toMatch(/tok/);
    const segment = (await outlineSegments(page))[1]!;
    const text = SECOND.text.slice(segment.start, segment.end);
    await sideTab(page, 'export');
    await page.locator('[data-testid="retrieval-options"] summary').click();
    await page.locator('[data-testid="export-tokenizer"]').selectOption('cl100k_base');
    await expect.poll(() => size.textContent()).toBe(`${text.length.toLocaleString('en-US')} chars · ${cl100k(text).toLocaleString('en-US')} tok`);
    expect(cl100k(text)).not.toBe(Math.ceil(text.length / 4));
    await page.locator('[data-testid="export-tokenizer"]').selectOption('');
    await expect.poll(() => size.textContent()).not.toMatch(/tok/);
  });

  it('lists each result once across Show and undo, and Compare never offers a result against itself', async () => {
    const { page } = session;
    const names = async () => ({
      shown: await page.locator('[data-testid="result-current"] .result-name').textContent(),
      kept: await page.locator('[data-testid="result-kept"] .result-name').allTextContents(),
    });
    await sideTab(page, 'run');
    expect((await names()).shown).toBe('corrected');
    await page.locator('[data-testid="keep-results"]').check();
    await page.locator('[data-testid="strategy-select"]').selectOption('structural');
    await page.locator('[data-testid="run"]').click();
    await session.waitForRunStatus(['done']);
    await expect.poll(names).toEqual({ shown: 'structural', kept: ['corrected'] });
    await page.locator('[data-testid="result-kept"] button', { hasText: 'Show' }).click();
    await expect.poll(names).toEqual({ shown: 'corrected', kept: ['structural'] });
    await page.locator('[data-testid="undo"]').click();
    await expect.poll(names).toEqual({ shown: 'structural', kept: ['corrected'] });
    const left = await page.locator('[data-testid="compare-left"]').inputValue();
    const right = await page.locator('[data-testid="compare-right"]').inputValue();
    expect(left).not.toBe(right);
    const labels = await page.locator('[data-testid="compare-left"] option').allTextContents();
    expect(labels).toEqual(['structural (shown)', 'corrected']);
    await page.locator('[data-testid="keep-results"]').uncheck();
  });
});
