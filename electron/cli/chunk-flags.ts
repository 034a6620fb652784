/**
 * The export flags `segment` and `convert` share, derived from shared/chunks' option schema:
 * what each exported chunk carries for retrieval. They shape the written chunks only, never the
 * segmentation.
 */
import { CHUNK_LIMITS, chunkOptionsSchema, HEADING_MODES, OVERLAP_UNITS, TOKENIZER_NAMES, type ChunkOptions } from '../../shared/chunks';
import { OFFSET_UNIT_DESCRIPTIONS, OFFSET_UNITS } from '../../shared/text/offset-units';
import type { FlagSpecs, FlagValues } from './args';
import { UserInputError } from './errors';

export const CHUNK_FLAGS = {
  'chunk-overlap': { type: 'int', min: 1, max: CHUNK_LIMITS.overlapMax, description: "each chunk carries up to N units of the previous segment's end as context_before" },
  'chunk-overlap-unit': { type: 'enum', values: OVERLAP_UNITS, description: 'unit of --chunk-overlap (default chars; tokens counts with --count-tokens or qwen2)' },
  'chunk-overlap-inline': { type: 'boolean', description: "also put context_before in front of the chunk's content" },
  headings: { type: 'enum', values: HEADING_MODES, description: 'heading chain above each chunk: field = a headings list, prefix = also in front of content (default off)' },
  'repair-blocks': { type: 'boolean', description: 'a table or code block cut between chunks repeats its header row or fence in content' },
  'count-tokens': { type: 'enum', values: TOKENIZER_NAMES, description: 'add each chunk\'s token count by this tokenizer' },
  offsets: {
    type: 'enum',
    values: OFFSET_UNITS,
    description: `unit of start/end, named in the file (offsets field or column): ${OFFSET_UNITS.map((u) => `${u} = ${OFFSET_UNIT_DESCRIPTIONS[u]}`).join(', ')} (default codepoint)`,
  },
  'topic-headings': { type: 'boolean', description: "Markdown: write each segment's topic as a '## ' heading above its text (default: the topic stays in the segment marker only)" },
} as const satisfies FlagSpecs;

const CHUNK_ONLY = ['chunk-overlap-unit', 'chunk-overlap-inline'] as const;

/** The chunk options the flags ask for (defaults when none is given). */
export function chunkOptionsFromFlags(flags: FlagValues<typeof CHUNK_FLAGS>): ChunkOptions {
  if (flags['chunk-overlap'] === undefined) {
    const orphan = CHUNK_ONLY.find((name) => flags[name] !== undefined && flags[name] !== false);
    if (orphan) throw new UserInputError(`--${orphan} only matters with --chunk-overlap N`);
  }
  return chunkOptionsSchema.parse({
    ...(flags['chunk-overlap'] !== undefined
      ? { overlap: { size: flags['chunk-overlap'], unit: flags['chunk-overlap-unit'], inline: flags['chunk-overlap-inline'] } }
      : {}),
    headings: flags.headings,
    repairBlocks: flags['repair-blocks'],
    tokenizer: flags['count-tokens'],
    offsets: flags.offsets,
    topicHeadings: flags['topic-headings'],
  });
}
