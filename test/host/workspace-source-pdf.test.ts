/**
 * The page view's PDF for documents opened from the workspace, through the service contract: a PDF
 * opened by path and added to the workspace keeps its bytes and map there, so after the original
 * is gone, workspaceOpenDocument still gives the map and sourcePdf the stored bytes; a referenced
 * PDF is read again as it opens; a PDF uploaded as bytes (every file the web page opens) keeps its
 * uploaded bytes the same way.
 */
import { Buffer } from 'node:buffer';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWorkbenchService } from '../../electron/services/workbench';
import { makeRawPdf } from '../support/make-raw-pdf';
import { scratchDir } from '../support/scratch-dir';

const root = scratchDir('workspace-source-pdf-');
const allowed = path.join(root, 'files');
mkdirSync(allowed, { recursive: true });
const service = createWorkbenchService({ resourcesDir: path.resolve('resources'), workspaceDir: path.join(root, 'ws'), allowedDirs: [allowed] });
afterAll(() => service.dispose());

const text = (lines: string[]) => Buffer.from(`BT /F1 12 Tf 72 700 Td 14 TL ${lines.map((l) => `(${l}) '`).join(' ')} ET`, 'latin1');
const pdf = makeRawPdf([{ content: text(['The first page says this.', 'And goes on.']) }, { content: text(['The second page says that.']) }]);

describe('the page view of workspace PDFs', () => {
  it('a PDF opened by path and added: its copy and map are kept, and served once the original is gone', async () => {
    const file = path.join(allowed, 'kept.pdf');
    writeFileSync(file, pdf);
    const opened = await service.request('openPath', { path: file });
    const added = await service.request('workspaceAddDocument', { documentId: opened.id });
    expect(existsSync(path.join(root, 'ws', 'documents', added.id, 'source.pdf'))).toBe(true);
    rmSync(file);

    const { document } = await service.request('workspaceOpenDocument', { workspaceDocumentId: added.id });
    expect(document.sourceMap).toEqual(opened.sourceMap);
    const sent = await service.request('sourcePdf', { documentId: document.id });
    expect(Buffer.from(sent.dataBase64, 'base64').equals(Buffer.from(pdf))).toBe(true);
  });

  it('a referenced PDF: read again as it opens, its map of the text it has now', async () => {
    const folder = path.join(allowed, 'linked');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'linked.pdf'), pdf);
    const report = await service.request('workspaceImportFolder', { path: folder, mode: 'reference' });
    const id = report.added[0]!.id;
    expect(existsSync(path.join(root, 'ws', 'documents', id, 'source.pdf'))).toBe(false);
    const { document } = await service.request('workspaceOpenDocument', { workspaceDocumentId: id });
    expect(document.sourceMap?.pages).toBe(2);
    for (const [, , , , , start, end] of document.sourceMap!.lines) expect(document.text.slice(start, end)).toMatch(/page says|goes on/);
    const sent = await service.request('sourcePdf', { documentId: document.id });
    expect(sent.bytes).toBe(pdf.length);
  });

  it('a PDF uploaded as bytes and added: its bytes and map are kept, and served when it opens again', async () => {
    const uploaded = await service.request('openDocument', { name: 'up.pdf', dataBase64: Buffer.from(pdf).toString('base64') });
    const added = await service.request('workspaceAddDocument', { documentId: uploaded.id });
    const { document } = await service.request('workspaceOpenDocument', { workspaceDocumentId: added.id });
    expect(document.sourceMap).toEqual(uploaded.sourceMap);
    const sent = await service.request('sourcePdf', { documentId: document.id });
    expect(Buffer.from(sent.dataBase64, 'base64').equals(Buffer.from(pdf))).toBe(true);
  });

  it('a text file uploaded and added keeps no PDF', async () => {
    const uploaded = await service.request('openDocument', { name: 'up.txt', dataBase64: Buffer.from('Plain words.\n').toString('base64') });
    const added = await service.request('workspaceAddDocument', { documentId: uploaded.id });
    expect(existsSync(path.join(root, 'ws', 'documents', added.id, 'source.pdf'))).toBe(false);
    const { document } = await service.request('workspaceOpenDocument', { workspaceDocumentId: added.id });
    await expect(service.request('sourcePdf', { documentId: document.id })).rejects.toThrow(/was not opened from a PDF file/);
  });
});
