export { chunkExtras, ChunkOptionsError, headingPrefix, type ChunkExtras } from './extras';
export {
  addsNothing,
  CHUNK_LIMITS,
  chunkOptionsSchema,
  HEADING_MODES,
  OVERLAP_UNITS,
  TOKENIZER_NAMES,
  type ChunkOptions,
  type ChunkOptionsInput,
  type TokenCounter,
  type TokenizerName,
} from './options';
