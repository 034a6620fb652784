/**
 * The retrieval extras of every chunk of a result: context from the previous segment, the heading
 * chain, the repaired text to embed and its token count. Writers put these beside each segment;
 * `text`, `start` and `end` stay exactly the segment's, so an export still traces back (and reads
 * back) to the partition.
 */
import { toSegments } from '../document/segmentation';
import type { SegmentationResult } from '../document/types';
import { BlockRepairs } from './block-repair';
import { HeadingIndex } from './headings';
import { addsNothing, type ChunkOptions, type TokenCounter } from './options';
import { contextInChars, contextInTokens } from './overlap';

export interface ChunkExtras {
  /** The end of the previous segment (overlap), never starting inside a word. */
  context_before?: string;
  /** Headings above the chunk, outermost first. */
  headings?: string[];
  /** The text to embed, when the options change it: headings, context, repaired blocks around `text`. */
  content?: string;
  /** Tokens of `content` (or of `text` when there is no `content`). */
  tokens?: number;
}

export class ChunkOptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkOptionsError';
  }
}

/** Heading chain shown in front of a chunk's content. */
export function headingPrefix(headings: readonly string[]): string {
  return headings.length > 0 ? `${headings.join(' > ')}\n\n` : '';
}

/** One entry per segment of `result` (none at all when the options add nothing). */
export function chunkExtras(result: SegmentationResult, text: string, options: ChunkOptions, countTokens?: TokenCounter): ChunkExtras[] {
  if (addsNothing(options)) return [];
  const needsCounter = options.tokenizer !== undefined || options.overlap?.unit === 'tokens';
  if (needsCounter && !countTokens) throw new ChunkOptionsError('token counts need a tokenizer: name one (qwen2, cl100k_base or o200k_base)');
  const segments = toSegments(text, result.segmentation);
  const headings = options.headings !== 'off' ? new HeadingIndex(text) : null;
  const repairs = options.repairBlocks ? new BlockRepairs(text) : null;
  const overlap = options.overlap;
  return segments.map((segment, i) => {
    const extras: ChunkExtras = {};
    const previous = segments[i - 1];
    if (overlap && previous) {
      extras.context_before =
        overlap.unit === 'tokens'
          ? contextInTokens(text, previous.start, previous.end, overlap.size, countTokens as TokenCounter)
          : contextInChars(text, previous.start, previous.end, overlap.size);
    }
    if (headings) extras.headings = headings.chainAt(segment.start);
    const repair = repairs?.repair(segment.start, segment.end) ?? { before: '', after: '' };
    const content =
      (options.headings === 'prefix' ? headingPrefix(extras.headings ?? []) : '') +
      repair.before +
      (overlap?.inline && extras.context_before ? extras.context_before : '') +
      segment.text +
      repair.after;
    if (content !== segment.text) extras.content = content;
    if (options.tokenizer !== undefined) extras.tokens = (countTokens as TokenCounter)(content);
    return extras;
  });
}
