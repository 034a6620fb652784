/**
 * Builds a real (minimal) PDF 1.4 with Helvetica text: each page is a list of lines, each line
 * placed at an explicit baseline, so tests control the line geometry paragraphs are read from.
 */

export interface PdfLine {
  text: string;
  /** Baseline in points from the bottom of a 792 pt page. */
  y: number;
  /** Left edge in points (default 72). */
  x?: number;
  /** Font size in points (default 12). */
  size?: number;
  /** Helvetica-Bold instead of Helvetica. */
  bold?: boolean;
}

const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

export function makePdf(pages: PdfLine[][]): Uint8Array {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font, then content + page per page.
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>';
  let next = 5;
  for (const lines of pages) {
    const stream = lines.map((l) => `BT /${l.bold ? 'F2' : 'F1'} ${l.size ?? 12} Tf ${l.x ?? 72} ${l.y} Td (${escapePdf(l.text)}) Tj ET`).join('\n');
    const contentId = next++;
    const pageId = next++;
    objects[contentId] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
    objects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>`;
    pageIds.push(pageId);
  }
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
