/** What a corpus builder produces: documents with gold boundaries, and where every text came from. */

export const CORPUS_NAMES = ['novel', 'speeches', 'tech-docs', 'tech-docs-headed'] as const;
export type CorpusName = (typeof CORPUS_NAMES)[number];

/** One source file a document drew text from, with the licence of the package that ships it. */
export interface SourceRecord {
  /** npm package name and version that ships the file. */
  package: string;
  version: string;
  /** The package's licence (package.json), e.g. 'Apache-2.0'. */
  license: string;
  /** Licence of the text itself when the package says it differs from the software's. */
  contentLicense?: string;
  /** Path of the file inside node_modules, with forward slashes. */
  file: string;
}

export interface CorpusDocument {
  id: string;
  text: string;
  /** Gold interior boundaries: sorted, each a safe cut in (0, text.length). */
  boundaries: number[];
  sources: SourceRecord[];
}

export interface BuiltCorpus {
  name: CorpusName;
  description: string;
  seed: string;
  /**
   * The texts keep their Markdown headings (tech-docs-headed): retrieval questions are then never
   * drawn from a heading line, so that a question does not simply repeat a heading.
   */
  keepsHeadings?: boolean;
  documents: CorpusDocument[];
}

export interface BuildOptions {
  seed: string;
  /** Maximum number of documents. */
  limit: number;
  /** Documents stop growing (at a gold unit) before they pass this many characters. */
  maxChars: number;
  /** The node_modules folder the text is read from. */
  nodeModules: string;
}
