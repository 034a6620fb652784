/**
 * Builds a PDF from raw page content streams, each optionally with its filter, for tests of hostile
 * PDFs (Flate bombs, pages of text operators, broken page trees). Object 1 is the catalog, 2 the
 * page tree (its /Kids replaceable), 3 the font; then the content streams, then the pages.
 */
export interface RawPage {
  content: Uint8Array;
  /** e.g. '/FlateDecode'. */
  filter?: string;
}

export interface RawPdfOptions {
  /** The page tree's /Kids, in place of the pages built (e.g. '[2 0 R]' for a tree that contains itself). */
  kids?: string;
  /** The pages this many times over, every copy drawing the same content streams: a small file of much work. */
  copies?: number;
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');

export function makeRawPdf(pages: readonly RawPage[], options: RawPdfOptions = {}): Uint8Array {
  const objects: Buffer[] = [];
  const pageIds: number[] = [];
  objects[1] = latin1('<< /Type /Catalog /Pages 2 0 R >>');
  objects[3] = latin1('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let next = 4;
  const contentIds = pages.map((page) => {
    const filter = page.filter ? ` /Filter ${page.filter}` : '';
    objects[next] = Buffer.concat([latin1(`<< /Length ${page.content.length}${filter} >>\nstream\n`), page.content, latin1('\nendstream')]);
    return next++;
  });
  for (let copy = 0; copy < (options.copies ?? 1); copy++) {
    for (const contentId of contentIds) {
      objects[next] = latin1(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
      pageIds.push(next++);
    }
  }
  objects[2] = latin1(`<< /Type /Pages /Kids ${options.kids ?? `[${pageIds.map((id) => `${id} 0 R`).join(' ')}]`} /Count ${Math.max(1, pageIds.length)} >>`);

  const parts: Buffer[] = [latin1('%PDF-1.4\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = length;
    const object = Buffer.concat([latin1(`${id} 0 obj\n`), objects[id]!, latin1('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  }
  let tail = `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) tail += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(latin1(tail));
  return new Uint8Array(Buffer.concat(parts));
}
