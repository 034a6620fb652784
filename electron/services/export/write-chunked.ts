/**
 * A result in an export format with the retrieval extras the options ask for: the one path the
 * CLI (`segment`, `convert`) and the workbench service take, so both export the same bytes.
 */
import { addsNothing, chunkExtras, type ChunkOptions, type TokenCounter } from '../../../shared/chunks';
import type { SegmentationResult } from '../../../shared/document/types';
import { writeResult, type ExportFormat } from '../../../shared/formats';
import { chunkTokenCounter, type ChunkTokenizerSettings } from './chunk-tokenizers';

export async function writeChunkedResult(
  format: ExportFormat,
  result: SegmentationResult,
  text: string,
  options: ChunkOptions | undefined,
  settings: ChunkTokenizerSettings = {},
): Promise<string> {
  const layout = { topicHeadings: options?.topicHeadings };
  if (options === undefined || addsNothing(options)) return writeResult(format, result, text, undefined, options?.offsets, layout);
  // Token-unit overlap without a named tokenizer counts with the seed models' own.
  const tokenizer = options.tokenizer ?? (options.overlap?.unit === 'tokens' ? 'qwen2' : undefined);
  const counter: TokenCounter | undefined = tokenizer ? await chunkTokenCounter(tokenizer, settings) : undefined;
  return writeResult(format, result, text, chunkExtras(result, text, options, counter), options.offsets, layout);
}
