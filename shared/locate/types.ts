import type { MatchTier, SegmentationWarning } from '../document/types';

/** One head as a model emitted it, with whatever it said about that segment. */
export interface HeadInput {
  head: string;
  topic?: string;
  summary?: string;
}

export interface HeadPlacement {
  /** Index into the input heads. */
  inputIndex: number;
  head: string;
  /** Offset in the text where the segment starts. */
  offset: number;
  tier: MatchTier;
  /** 1 for exact; in (0, 1] similarity otherwise. */
  score: number;
  topic?: string;
  summary?: string;
}

export interface LocateOptions {
  /** Search starts here (placements are monotonic). Default 0. */
  from?: number;
  /** Minimum similarity for an approximate match. */
  minScore?: number;
  /** Max distance in chars for snapping a match to a sentence or line start. */
  snapDistance?: number;
}

export interface LocateResult {
  placements: HeadPlacement[];
  /** Heads that could not be placed with confidence: never silently dropped. */
  warnings: SegmentationWarning[];
}
