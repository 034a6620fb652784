/**
 * The document model. A segmentation is a sorted list of interior boundaries over an immutable
 * text; segments are derived from it, never stored, so coverage cannot drift.
 *
 * Offsets are JavaScript string indices (UTF-16 code units) into the text as decoded from UTF-8,
 * line endings kept as they are in the file.
 */

export interface DocumentInfo {
  /** File name or label, for display and export. */
  name: string;
  /** text.length, in UTF-16 code units. */
  chars: number;
  /** Hex sha256 of the text's UTF-8 bytes. */
  sha256: string;
}

/** What a strategy or a person attached to one segment. Position-free: it follows its segment. */
export interface SegmentNote {
  topic?: string;
  summary?: string;
  reviewed?: boolean;
  /** The segment starts inside a block cut to keep a size limit: the kind of block it continues. */
  continues?: ContinuedBlock;
  /**
   * Left out of the retrieval exports (JSON, JSONL, Markdown, CSV) by a person: a contents list, a
   * licence, boilerplate. Still a segment: the training exports keep it (its boundaries are right).
   */
  excluded?: boolean;
  /**
   * How sure the strategy was of the boundary this segment starts at, in [0, 1] (never on the
   * first segment; absent where the strategy has no score for it). See docs/core-strategies.md.
   */
  confidence?: number;
}

/** The blocks `structural` may cut at their inner boundaries (items, rows, lines) to keep a size limit. */
export const CONTINUED_BLOCKS = ['list', 'table', 'code', 'math'] as const;
export type ContinuedBlock = (typeof CONTINUED_BLOCKS)[number];

export interface Segmentation {
  /** Interior cut offsets: strictly increasing, each in (0, text.length), each a safe boundary. */
  readonly boundaries: readonly number[];
  /** One note per segment (boundaries.length + 1), or none at all for an empty text. */
  readonly notes: readonly SegmentNote[];
}

export interface Segment extends SegmentNote {
  index: number;
  start: number;
  end: number;
  text: string;
  /** The segment's first words, as the seed's models emit them. */
  head: string;
}

export type MatchTier = 'exact' | 'normalized' | 'approximate';

export interface SegmentationWarning {
  /** Stable machine code, e.g. 'head-not-found'. */
  code: string;
  message: string;
  /** The model's head text, when the warning is about one. */
  head?: string;
  /** Where it happened, when known. */
  offset?: number;
}

/**
 * A strategy's output: what every writer, the UI and the metrics consume. `M`: its meta's type.
 * Each runner returns its own (shared/document/run-meta.ts: rules, learned, model); a result read
 * back from a file or the wire has the loose default, since older files hold older shapes, and is
 * read through the lenient `modelRunMetaOf` / `ruleRunMetaOf` / `learnedRunMetaOf` there.
 */
export interface SegmentationResult<M extends Record<string, unknown> = Record<string, unknown>> {
  document: DocumentInfo;
  strategy: string;
  segmentation: Segmentation;
  warnings: SegmentationWarning[];
  /** Strategy options, timings, backend, model files... JSON-serialisable. */
  meta: M;
}
