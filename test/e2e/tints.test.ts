/**
 * Tints by character range (issue 25, item 6), against `cli serve` in Debian's Chromium: one long
 * line of sentences, split by Max chars into sentence-level segments, shows them in different
 * tints on the line itself (inline spans), not one blended whole-line colour.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineSegments, type ServedWorkbench, type WorkbenchSession } from './support';

const dir = scratchDir('e2e-tints-');
const NAME = 'one-line.md';
const LINE = Array.from({ length: 6 }, (_, i) => `Sentence ${i + 1} tells of the harbour, the whale and the long grey river.`).join(' ');

describe('segment tints', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    writeFileSync(join(dir, NAME), `# Tints\n\n${LINE}\n`);
    served = await openServedWorkbench();
    session = served.session;
  });

  afterAll(async () => {
    await served?.close();
  });

  it('tints the segments that share a line in their own colours', async () => {
    const { page } = session;
    await page.locator('[data-testid="open-file"]').setInputFiles(join(dir, NAME));
    await session.waitForDocument(NAME);
    await page.locator('[data-testid="strategy-select"]').selectOption('structural');
    await page.locator('[data-testid="max-chars"]').fill('160');
    await page.locator('[data-testid="run"]').click();
    expect(await session.waitForRunStatus(['done', 'failed', 'cancelled'])).toBe('done');
    const lineStart = `# Tints\n\n`.length;
    await expect.poll(async () => (await outlineSegments(page)).filter((s) => s.start > lineStart).length, { timeout: 30_000 }).toBeGreaterThan(1);

    // The tint classes of the text spans on the sentences' line (wrapped or not): more than one.
    const tintsOnLine = () =>
      page.locator('.monaco-editor .view-line', { hasText: 'Sentence' }).evaluateAll((lines) => {
        const tints = new Set<string>();
        for (const line of lines)
          for (const span of line.querySelectorAll('span[class*="seg-tint-"]')) {
            const tint = [...span.classList].find((c) => c.startsWith('seg-tint-'));
            if (tint) tints.add(tint);
          }
        return [...tints];
      });
    await expect.poll(async () => (await tintsOnLine()).length, { timeout: 30_000 }).toBeGreaterThan(1);
    await session.screenshot('tints-by-character-range');
  }, 120_000);
});
