/**
 * The work that runs off the event loop: reading a document and running a rule strategy. Both
 * are synchronous stretches of seconds on a large or hostile file; in a worker thread they leave
 * the host's event loop free for other clients, progress events and Cancel. So do a framed
 * envelope's check and a large countTokens call (count-tokens.ts).
 */
import type { Budgets } from '../../../shared/budgets/budgets';
import type { SegmentationResult } from '../../../shared/document/types';
import type { ReadOptions } from '../../../shared/document/reader-report';
import type { ReadDocumentResult } from '../../readers';
import type { RunStrategyRequest } from '../strategies/run-strategy';
import type { FrameCheck } from '../../../shared/ipc/frame-check';
import type { TokenizerName } from '../../../shared/chunks';

/**
 * What a worker counts with: gpt-tokenizer's rank tables, or Qwen2's vocabulary read from its GGUF
 * by the pure-TypeScript encoder (shared/tokenize/qwen2-bpe.ts), never llama.cpp (count-tokens.ts
 * says why).
 */
export type WorkerCounter = { tokenizer: Exclude<TokenizerName, 'qwen2'> } | { tokenizer: 'qwen2'; vocabPath: string };

export type Job =
  | { kind: 'read-document'; path: string; budgets: Budgets; options?: ReadOptions }
  | { kind: 'read-document-bytes'; name: string; bytes: Uint8Array; budgets: Budgets; options?: ReadOptions }
  /** Rule strategies only, without a token counter (a function cannot cross to a worker). */
  | { kind: 'run-rule-strategy'; request: Omit<RunStrategyRequest, 'countTokens'> }
  /** A framed call envelope's pieces joined, parsed and its call checked before the host's loop parses it (shared/ipc/frame-check.ts). */
  | { kind: 'check-frame'; pieces: Uint8Array[] }
  /** Token counts of packed ranges of one span of a text (export/packed-ranges.ts), one per range. */
  | ({ kind: 'count-tokens'; span: string; spanStart: number; ranges: Uint32Array } & WorkerCounter);

export type JobResult<J extends Job> = J extends { kind: 'run-rule-strategy' }
  ? SegmentationResult
  : J extends { kind: 'check-frame' }
    ? FrameCheck
    : J extends { kind: 'count-tokens' }
      ? Uint32Array
      : ReadDocumentResult;

/** Does the job, in whichever thread calls it. */
export async function runJob(job: Job): Promise<ReadDocumentResult | SegmentationResult | FrameCheck | Uint32Array> {
  switch (job.kind) {
    case 'read-document':
      return (await import('../../readers')).readDocument(job.path, job.budgets, job.options);
    case 'read-document-bytes':
      return (await import('../../readers')).readDocumentBytes(job.name, job.bytes, job.budgets, job.options);
    case 'run-rule-strategy':
      return (await import('../strategies/run-strategy')).runStrategy(job.request);
    case 'check-frame': {
      // The pieces decoded as one stream: a piece may end inside a character.
      const decoder = new TextDecoder();
      let text = '';
      for (const piece of job.pieces) text += decoder.decode(piece, { stream: true });
      text += decoder.decode();
      const check = (await import('../../../shared/ipc/frame-check')).checkFrame(text);
      return check.ok ? { ok: true, text } : check;
    }
    case 'count-tokens': {
      // Each worker loads the rank table or vocabulary once and keeps it while it lives.
      const count =
        job.tokenizer === 'qwen2'
          ? await (await import('../tokenizer/qwen2-bpe-vocab')).qwen2BpeCounter(job.vocabPath)
          : await (await import('../export/chunk-tokenizers')).chunkTokenCounter(job.tokenizer);
      return (await import('../export/packed-ranges')).countPackedRanges(count, job.span, job.spanStart, job.ranges);
    }
  }
}
