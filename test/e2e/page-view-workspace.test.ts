/**
 * The page view for PDFs opened from the Workspace table, through `cli serve` in Chromium: a
 * workspace holding commander's README printed to PDF twice, once imported by copy (the PDF and
 * its map are kept beside the text; the original is deleted before serving, so only the copy can
 * be shown) and once by reference (the PDF is read again when the document opens, map and all).
 * Each opens from the table with its first page drawn and its first segment's lines marked.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readDocument } from '../../electron/readers';
import { importFolder } from '../../electron/services/workspace/import-folder';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import type { SourceReader } from '../../electron/services/workspace/workspace-store';
import { linesInRange } from '../../shared/pdf-layout/source-map';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineSegments, type ServedWorkbench } from './support';
import { connectChromium } from './support/browser';
import { printReadmePdf } from './support/readme-pdf';

const root = scratchDir('page-view-workspace-e2e-');
const dir = join(root, 'workspace');
const outside = join(root, 'to-copy');
const linked = join(dir, 'linked');
const ids = new Map<string, string>();

/** The product's reader, as the host's workspace reads sources (map included). */
const readSource: SourceReader = async (file) => {
  const read = await readDocument(file);
  return { text: read.text, sourceFormat: read.sourceFormat, ...(read.sourceMap ? { sourceMap: read.sourceMap } : {}) };
};

describe('the page view of workspace documents', () => {
  let served: ServedWorkbench | undefined;

  beforeAll(async () => {
    const browser: Browser = await connectChromium(inject('chromiumWsEndpoint'));
    let pdf: Uint8Array;
    try {
      pdf = await printReadmePdf(browser);
    } finally {
      await browser.close();
    }
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'commander.pdf'), pdf);
    const ws = await WorkspaceService.open(dir, { readSource });
    try {
      // Referenced from inside the workspace (a folder a workspace may always read from).
      mkdirSync(linked, { recursive: true });
      writeFileSync(join(linked, 'commander-linked.pdf'), pdf);
      for (const [folder, mode] of [[outside, 'copy'], [linked, 'reference']] as const) {
        const report = await importFolder(ws, folder, mode, readSource);
        expect(report.added).toHaveLength(1);
        ids.set(report.added[0]!.name, report.added[0]!.id);
      }
    } finally {
      await ws.close();
    }
    // Only the workspace's copy is left of the copied PDF.
    rmSync(outside, { recursive: true });
    served = await openServedWorkbench({ args: ['--workspace', dir] });
    await served.session.waitForRunStatus(['done']);
  }, 180_000);

  afterAll(() => served?.close());

  it('keeps a copied PDF and its map beside the text, and nothing for a referenced one', () => {
    const copied = join(dir, 'documents', ids.get('commander.pdf')!);
    expect(readFileSync(join(copied, 'source.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(existsSync(join(copied, 'source-map.json'))).toBe(true);
    const referenced = join(dir, 'documents', ids.get('commander-linked.pdf')!);
    expect(existsSync(join(referenced, 'source.pdf'))).toBe(false);
    expect(existsSync(join(referenced, 'source-map.json'))).toBe(false);
  });

  it.each(['commander.pdf', 'commander-linked.pdf'])('opens %s from the Workspace table with its page shown', { timeout: 120_000 }, async (name) => {
    const { page } = served!.session;
    const app = page.locator('[data-testid="app"]');
    await page.locator('[data-testid="tab-workspace"]').click();
    const row = page.locator(`[data-testid="workspace-table"] [data-testid="workspace-row"][data-id="${ids.get(name)}"]`);
    await row.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => app.getAttribute('data-document-name'), { timeout: 30_000 }).toBe(name);
    // Shown with its saved run, or segmented now: either way, not running.
    await served!.session.waitForDocument(name);

    const canvas = page.locator('[data-testid="source-page"]');
    await expect.poll(() => canvas.getAttribute('data-page'), { timeout: 30_000 }).toBe('1');
    // The first segment's lines on page 1, as the reader maps them.
    const map = (await readSource(join(linked, 'commander-linked.pdf'))).sourceMap!;
    const first = (await outlineSegments(page))[0]!;
    const marked = linesInRange(map, 0, first.start, first.end).length;
    expect(marked).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid="source-highlight"]').count()).toBe(marked);
    expect(await page.locator('[data-testid="source-page-notice"]').count()).toBe(0);
    expect(served!.session.errors).toEqual([]);
  });
});
