/**
 * What an export may add around each segment for retrieval. The segmentation stays an exact
 * partition: these options shape only the exported chunks, and every chunk keeps the offsets and
 * the verbatim text of its own segment.
 *
 * This schema is the one home of the options: the IPC contract, the CLI flags and the Export
 * panel derive from it.
 */
import { z } from 'zod';
import { DEFAULT_OFFSET_UNIT, OFFSET_UNITS } from '../text/offset-units';

/** Tokenizers a chunk's size can be counted with. `qwen2` is the seed models' own. */
export const TOKENIZER_NAMES = ['qwen2', 'cl100k_base', 'o200k_base'] as const;
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];

export const OVERLAP_UNITS = ['tokens', 'chars'] as const;
export const HEADING_MODES = ['off', 'field', 'prefix'] as const;

/** Upper bounds that keep an export sane; one place for the contract and the CLI. */
export const CHUNK_LIMITS = { overlapMax: 100_000 } as const;

export const chunkOptionsSchema = z
  .object({
    /** Up to `size` units of the previous segment's end, as `context_before`; never cut inside a word. */
    overlap: z
      .object({
        size: z.number().int().min(1).max(CHUNK_LIMITS.overlapMax),
        unit: z.enum(OVERLAP_UNITS).default('chars'),
        /** Also put the context in front of the chunk's `content`. */
        inline: z.boolean().default(false),
      })
      .strict()
      .optional(),
    /** `field`: a `headings` array per chunk; `prefix`: also the chain in front of `content`. */
    headings: z.enum(HEADING_MODES).default('off'),
    /** A table or fenced code block cut between chunks is re-opened (header row / fence) in `content`. */
    repairBlocks: z.boolean().default(false),
    /** Count each chunk's tokens (of `content` when present, else of `text`). */
    tokenizer: z.enum(TOKENIZER_NAMES).optional(),
    /** The unit of the file's offsets, named in the file (shared/text/offset-units.ts). Adds nothing to a chunk. */
    offsets: z.enum(OFFSET_UNITS).default(DEFAULT_OFFSET_UNIT),
    /** Markdown: each segment's topic as a `## ` heading above its text (shared/formats/write-options.ts); absent: no headings. Adds nothing to a chunk. */
    topicHeadings: z.boolean().optional(),
  })
  .strict();

export type ChunkOptions = z.infer<typeof chunkOptionsSchema>;
export type ChunkOptionsInput = z.input<typeof chunkOptionsSchema>;

/** True when the options add nothing to a chunk (whatever unit the offsets count, whatever the Markdown layout), so writers keep their plain output byte for byte. */
export function addsNothing(options: ChunkOptions): boolean {
  return options.overlap === undefined && options.headings === 'off' && !options.repairBlocks && options.tokenizer === undefined;
}

/** Counts tokens of a text; the caller picks the tokenizer (Node-side or in-page). */
export type TokenCounter = (text: string) => number;
