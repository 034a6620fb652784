/**
 * What a reader did to a file: which reader ran, with which settings, how the bytes were decoded
 * and what it removed or rebuilt. The document header shows it (describeReaderReport), `segment
 * --format json` records it in `meta.reader`, and it crosses the IPC contract as plain data.
 */
import { z } from 'zod';

/** How a person asks for a file to be read: Markdown (default) or plain text, and a legacy encoding. */
export const readOptionsSchema = z
  .object({
    /** Plain paragraphs instead of Markdown (no `#`, `-`, pipe tables or fences). */
    plain: z.boolean().optional(),
    /** A WHATWG encoding label (windows-1252, iso-8859-2, shift_jis...) for text and HTML files. */
    encoding: z.string().min(1).max(64).optional(),
  })
  .strict();
export type ReadOptions = z.infer<typeof readOptionsSchema>;

/**
 * The encodings the app's Open controls offer for text and HTML files, besides "auto" (any WHATWG
 * label works through the CLI's --encoding). UTF-16 with a BOM is read without asking; these two
 * are for UTF-16 files without one.
 */
export const OFFERED_ENCODINGS = [
  'windows-1252',
  'iso-8859-2',
  'iso-8859-15',
  'windows-1250',
  'windows-1251',
  'koi8-r',
  'shift_jis',
  'euc-jp',
  'gb18030',
  'big5',
  'euc-kr',
  'utf-16le',
  'utf-16be',
] as const;

/** Where the decoding came from, in the WHATWG order for HTML. */
export const ENCODING_SOURCES = ['bom', 'option', 'meta', 'utf-8', 'fallback'] as const;

const count = z.number().int().min(0);

export const readerReportSchema = z
  .object({
    /** The reader that ran: txt, md, html, pdf or docx. */
    reader: z.string().min(1).max(32),
    /** What the text is written as. */
    output: z.enum(['markdown', 'plain']),
    /** The encoding the bytes were decoded from (text and HTML). */
    encoding: z.string().max(64).optional(),
    encodingSource: z.enum(ENCODING_SOURCES).optional(),
    /** Headings written as `#` lines (HTML, DOCX, PDF). */
    headings: count.optional(),
    /** PDF: running header and footer lines removed, bare page numbers removed, hyphenations joined, contents lines with dot leaders rewritten. */
    headerFooterLines: count.optional(),
    pageNumbers: count.optional(),
    hyphenationsJoined: count.optional(),
    contentsLines: count.optional(),
    /** PDF: pages read in two columns. */
    twoColumnPages: count.optional(),
    /** Fallbacks taken, one line each (a converter that failed, a page too deep for Markdown). */
    warnings: z.array(z.string().max(500)).max(20),
  })
  .strict();
export type ReaderReport = z.infer<typeof readerReportSchema>;

const READER_NAMES: Record<string, string> = { txt: 'Text', md: 'Markdown', html: 'HTML', pdf: 'PDF', docx: 'DOCX' };

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function joinAnd(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** One line for the document header, e.g. "PDF: 38 running-header lines and 12 page numbers removed". */
export function describeReaderReport(report: ReaderReport): string {
  const name = READER_NAMES[report.reader] ?? report.reader;
  const removed: string[] = [];
  if (report.headerFooterLines) removed.push(plural(report.headerFooterLines, 'running-header line', 'running-header lines'));
  if (report.pageNumbers) removed.push(plural(report.pageNumbers, 'page number', 'page numbers'));
  const done: string[] = [];
  if (removed.length) done.push(`${joinAnd(removed)} removed`);
  if (report.hyphenationsJoined) done.push(`${plural(report.hyphenationsJoined, 'hyphenated word', 'hyphenated words')} joined`);
  if (report.contentsLines) done.push(`${plural(report.contentsLines, 'contents line', 'contents lines')} without dot leaders`);
  if (report.twoColumnPages) done.push(`${plural(report.twoColumnPages, 'page', 'pages')} read in two columns`);
  if (report.headings) done.push(plural(report.headings, 'heading', 'headings'));
  if (report.encoding && report.encoding !== 'utf-8') done.push(`decoded as ${report.encoding}`);
  if (report.output === 'plain' && report.reader !== 'txt' && report.reader !== 'md') done.push('plain text');
  const line = done.length ? `${name}: ${done.join(', ')}` : name;
  return report.warnings.length ? `${line} (${report.warnings.join('; ')})` : line;
}
