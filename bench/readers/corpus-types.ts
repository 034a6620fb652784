/** The readers corpus: real HTML manuals and the PDFs Chromium prints from them, with the headings their HTML marks. */

export const READERS_MANIFEST = 'readers-corpus.json';
export const READERS_CORPUS_NAME = 'readers-headings';

export interface ReadersDocument {
  /** Path inside the corpus folder. */
  file: string;
  format: 'html' | 'pdf';
  /** The Debian package the page comes from, and its path there. */
  package: string;
  source: string;
  /** The texts of the page's <h1>-<h6>, in order, whitespace collapsed. */
  headings: string[];
  /** PDF: words printed with a soft hyphen in the middle (lower case), so a line-end break shows as "manip-" + "ulation". */
  hyphenated?: string[];
}

export interface ReadersCorpusManifest {
  description: string;
  documents: ReadersDocument[];
  /** A page saved in windows-1252 without any charset, and the UTF-8 page it was made from. */
  legacy: { file: string; original: string; package: string; source: string } | null;
}
