/**
 * Which files can be opened as documents: one declaration per reader, written once. The readers
 * (electron/readers: the sniffing of a file's first bytes, the reader it goes to), the File > Open
 * dialog's filter, workspace folder imports, the renderer's open button, drop zone and its
 * message, the CLI's help, and Monaco's language for the document all derive from it.
 */

/** What a file's first bytes must show: text that does not look binary, a %PDF- header, a ZIP archive. */
export type SourceSignature = 'text' | 'pdf' | 'zip';

export interface SourceFormatInfo {
  /** Lower-case, with the dot; the first is the usual one. */
  extensions: readonly [string, ...string[]];
  signature: SourceSignature;
  /** The Monaco language the document is shown in (its contribution is loaded in renderer/features/document-view/monaco.ts). */
  language: 'plaintext' | 'markdown';
}

/** Every reader, by the name electron/readers knows it by. A new reader: an entry here and its case in `toText`. */
export const SOURCE_FORMATS = {
  txt: { extensions: ['.txt', '.text'], signature: 'text', language: 'plaintext' },
  md: { extensions: ['.md', '.markdown'], signature: 'text', language: 'markdown' },
  html: { extensions: ['.html', '.htm', '.xhtml'], signature: 'text', language: 'markdown' },
  pdf: { extensions: ['.pdf'], signature: 'pdf', language: 'markdown' },
  docx: { extensions: ['.docx'], signature: 'zip', language: 'markdown' },
} as const satisfies Record<string, SourceFormatInfo>;

export type SourceFormat = keyof typeof SOURCE_FORMATS;

const formats = Object.entries(SOURCE_FORMATS) as [SourceFormat, SourceFormatInfo][];

export const SOURCE_FORMAT_BY_EXTENSION: Readonly<Record<string, SourceFormat>> = Object.fromEntries(
  formats.flatMap(([format, info]) => info.extensions.map((extension) => [extension, format])),
);

/** Lower-case, with the dot. */
export const SUPPORTED_EXTENSIONS: readonly string[] = Object.keys(SOURCE_FORMAT_BY_EXTENSION);

/** "supported files are .txt, .text, … and .docx": the words for a refused file, wherever it was refused. */
export function supportedFilesMessage(): string {
  return `supported files are ${SUPPORTED_EXTENSIONS.slice(0, -1).join(', ')} and ${SUPPORTED_EXTENSIONS.at(-1)}`;
}

/**
 * The Monaco language of a document read by `sourceFormat` (plaintext when unknown: pasted text).
 * The HTML, PDF and DOCX readers write Markdown unless the person asked for plain text (`output`).
 */
export function languageOf(sourceFormat: string | null, output?: 'markdown' | 'plain'): SourceFormatInfo['language'] {
  if (output === 'plain') return 'plaintext';
  return sourceFormat !== null && Object.hasOwn(SOURCE_FORMATS, sourceFormat) ? SOURCE_FORMATS[sourceFormat as SourceFormat].language : 'plaintext';
}
