/**
 * Which files can be opened as documents, by extension, and the reader each one goes to. Written
 * once: the readers (electron/readers), the File > Open dialog, workspace folder imports and the
 * renderer's open button and drop zone all derive from it.
 */
export type SourceFormat = 'txt' | 'md' | 'html' | 'pdf' | 'docx';

export const SOURCE_FORMAT_BY_EXTENSION: Readonly<Record<string, SourceFormat>> = {
  '.txt': 'txt',
  '.text': 'txt',
  '.md': 'md',
  '.markdown': 'md',
  '.html': 'html',
  '.htm': 'html',
  '.xhtml': 'html',
  '.pdf': 'pdf',
  '.docx': 'docx',
};

/** Lower-case, with the dot. */
export const SUPPORTED_EXTENSIONS: readonly string[] = Object.keys(SOURCE_FORMAT_BY_EXTENSION);
