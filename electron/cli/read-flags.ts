/**
 * How a document is read, the flags every command that reads one shares: Markdown by default,
 * `--plain` for plain paragraphs, `--encoding NAME` for a text or HTML file in a legacy encoding
 * (an unknown name is refused by the reader, naming the file).
 */
import type { ReadOptions } from '../../shared/document/reader-report';
import type { FlagSpecs, FlagValues } from './args';

export const READ_FLAGS = {
  plain: { type: 'boolean', description: 'read HTML, DOCX and PDF as plain paragraphs instead of Markdown (no #, -, | or fences)' },
  encoding: { type: 'string', valueName: 'NAME', description: 'text and HTML files: decode as this encoding (a WHATWG label: windows-1252, iso-8859-2, shift_jis, utf-16le for UTF-16 without a BOM...)' },
} as const satisfies FlagSpecs;

export function readOptionsFromFlags(flags: FlagValues<typeof READ_FLAGS>): ReadOptions {
  return { ...(flags.plain ? { plain: true } : {}), ...(flags.encoding !== undefined ? { encoding: flags.encoding } : {}) };
}
