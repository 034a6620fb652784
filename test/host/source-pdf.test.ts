/**
 * sourcePdf: the bytes of a PDF opened by path come back for the page view, with its source map on
 * the opened document; a file changed since, an uploaded PDF and another format are refused.
 */
import { Buffer } from 'node:buffer';
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWorkbenchService } from '../../electron/services/workbench';
import { makeRawPdf } from '../support/make-raw-pdf';
import { scratchDir } from '../support/scratch-dir';

const dir = scratchDir('source-pdf-');
const service = createWorkbenchService({ resourcesDir: path.resolve('resources'), allowedDirs: [dir] });
afterAll(() => service.dispose());

const text = (lines: string[]) => Buffer.from(`BT /F1 12 Tf 72 700 Td 14 TL ${lines.map((l) => `(${l}) '`).join(' ')} ET`, 'latin1');
const pdf = makeRawPdf([{ content: text(['The first page says this.', 'And goes on.']) }, { content: text(['The second page says that.']) }]);

describe('sourcePdf', () => {
  it('sends the bytes of a PDF opened by path, whose lines the opened document maps to its pages', async () => {
    const file = path.join(dir, 'two.pdf');
    writeFileSync(file, pdf);
    const doc = await service.request('openPath', { path: file });
    const map = doc.sourceMap!;
    expect(map.pages).toBe(2);
    for (const [page, , , , , start, end] of map.lines) expect(doc.text.slice(start, end)).toMatch(page === 0 ? /first page|goes on/ : /second page/);
    const sent = await service.request('sourcePdf', { documentId: doc.id });
    expect(Buffer.from(sent.dataBase64, 'base64').equals(Buffer.from(pdf))).toBe(true);
    expect(sent.bytes).toBe(pdf.length);

    appendFileSync(file, '\n% changed\n');
    await expect(service.request('sourcePdf', { documentId: doc.id })).rejects.toThrow(/two\.pdf has changed or gone since it was opened/);
  });

  it('refuses an uploaded PDF (the page keeps its file) and a document of another format', async () => {
    const uploaded = await service.request('openDocument', { name: 'up.pdf', dataBase64: Buffer.from(pdf).toString('base64') });
    expect(uploaded.sourceMap?.lines.length).toBeGreaterThan(0);
    await expect(service.request('sourcePdf', { documentId: uploaded.id })).rejects.toThrow(/up\.pdf was not opened from a PDF file in this session/);
    const notes = await service.request('openDocument', { name: 'notes.md', dataBase64: Buffer.from('# Notes\n\nText.\n').toString('base64') });
    expect(notes.sourceMap).toBeUndefined();
    await expect(service.request('sourcePdf', { documentId: notes.id })).rejects.toThrow(/was not opened from a PDF file/);
  });
});
