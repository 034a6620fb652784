/**
 * A copied document's PDF and map (pdf-copy.ts): read back as written, and no page view (null,
 * never an error) for a map of another text, a map reaching past the text, a linked or missing
 * PDF, or a map that is not one.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PdfSourceMap } from '../../../../shared/pdf-layout/source-map';
import { scratchDir } from '../../../../test/support/scratch-dir';
import { PDF_COPY, PDF_COPY_MAP, readPdfCopy, writePdfCopy } from './pdf-copy';

const sha = 'a'.repeat(64);
const text = { sha256: sha, chars: 40 };
const map: PdfSourceMap = { kind: 'pdf', pages: 1, lines: [[0, 72, 700, 400, 12, 0, 20], [0, 72, 686, 400, 12, 21, 40]], removed: [[0, 72, 760, 200, 10, 0]] };
const bytes = new TextEncoder().encode('%PDF-1.4 not really\n');

function folderWithCopy(): string {
  const folder = scratchDir('pdf-copy-');
  mkdirSync(folder, { recursive: true });
  return folder;
}

describe('the PDF beside a copied text', () => {
  it('reads back what was written: the PDF file and the map', async () => {
    const folder = folderWithCopy();
    await writePdfCopy(folder, { bytes, map }, sha);
    expect(await readPdfCopy(folder, text)).toEqual({ file: path.join(folder, PDF_COPY), map });
  });

  it('gives none for a map of another text, or one reaching past the text', async () => {
    const folder = folderWithCopy();
    await writePdfCopy(folder, { bytes, map }, sha);
    expect(await readPdfCopy(folder, { sha256: 'b'.repeat(64), chars: 40 })).toBeNull();
    expect(await readPdfCopy(folder, { sha256: sha, chars: 39 })).toBeNull();
  });

  it('gives none for a missing or linked PDF, or a map that is not one', async () => {
    const folder = folderWithCopy();
    expect(await readPdfCopy(folder, text)).toBeNull();
    await writePdfCopy(folder, { bytes, map }, sha);
    rmSync(path.join(folder, PDF_COPY));
    writeFileSync(path.join(folder, 'elsewhere.pdf'), bytes);
    symlinkSync(path.join(folder, 'elsewhere.pdf'), path.join(folder, PDF_COPY));
    expect(await readPdfCopy(folder, text)).toBeNull();

    rmSync(path.join(folder, PDF_COPY));
    writeFileSync(path.join(folder, PDF_COPY), bytes);
    expect(await readPdfCopy(folder, text)).not.toBeNull();
    writeFileSync(path.join(folder, PDF_COPY_MAP), '{"sha256": "not json');
    expect(await readPdfCopy(folder, text)).toBeNull();
    writeFileSync(path.join(folder, PDF_COPY_MAP), JSON.stringify({ sha256: sha, map: { ...map, kind: 'html' } }));
    expect(await readPdfCopy(folder, text)).toBeNull();
  });
});
