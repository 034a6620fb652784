/**
 * countTokens off the host's event loop (issue 36). 200,000 ranges counted on the loop, even in
 * 10 ms slices (export/count-in-turns.ts), put another client's call behind a dozen slices: 163–275
 * ms (`npm run bench:host-load -- frame`). A large call is counted in the worker pool instead: the
 * ranges packed into one Uint32Array handed over without a copy (200,000: 9 ms on the loop), the
 * text's covered span cloned (export/packed-ranges.ts), the counts back as a Uint32Array, made the
 * contract's array on the loop (8 ms). A 5 MB span's clone, on the loop: 1.4 ms for a two-byte
 * text (emoji), 0.8 ms for a one-byte one, after 33–35 ms for each of the first two sends in a
 * process. Each worker that counts loads its own rank table once (cl100k_base 190 ms; o200k_base
 * 320 ms and 36 MB), kept while the worker lives.
 *
 * What stays on the loop, in slices as before:
 * - no pool (tests, CLI paths that build their deps without one);
 * - a small call (SMALL_CALL): the worker's round trip, a cold worker's start and rank-table load
 *   (hundreds of ms), or a queue behind 120 TextTiling runs would cost more than the count.
 *
 * qwen2 is counted in the pool too, but not by llama.cpp: the addon's state is per process, not per
 * thread (node-llama-cpp 3.21.1: a worker's getLlama took over the one global logger, so the host's
 * llama.cpp logs went raw to stderr; a worker's exit freed the process's llama backend; each
 * worker's vocab load took 2.0–2.4 s and 80–150 MB, not given back), and native/ has one owner per
 * native resource (issue 35). A worker counts qwen2 with the pure-TypeScript encoder
 * (shared/tokenize/qwen2-bpe.ts), which gives llama.cpp's token ids (test/host/qwen2-bpe.test.ts;
 * every code point in three contexts checked once), reading the vocabulary GGUF whose path the job
 * carries once (about 0.5 s) and keeping it. On the loop qwen2 stays llama.cpp: on a 1 MB text
 * (`npx tsx bench/qwen2-bpe-speed.ts`, two runs) the encoder, warm, took 438–462 ms against
 * llama.cpp's 645–786 ms (200,000 5-character ranges: 0.8–1.0 s against 1.4–1.6 s; the first call
 * 0.85–1.0 s), but the loop only counts small calls, and the host already holds llama.cpp's
 * vocabulary.
 *
 * The pool's answers: a full queue refuses the call at once with `busy` (PoolBusyError, its
 * message says why), as it does any job, rather than counting on the loop, which would let a
 * flood of calls hold it again; an aborted signal rejects with the AbortError and terminates the
 * worker mid-count; a worker that dies rejects with "the worker thread stopped".
 */
import { resolve } from 'node:path';
import type { TokenizerName } from '../../../shared/chunks';
import type { TextRange } from '../../../shared/ipc/range-list';
import { countsToArray, packRanges } from '../export/packed-ranges';
import type { WorkerCounter } from './jobs';
import type { WorkerPool } from './worker-pool';

/**
 * At most this is counted on the loop when a pool exists: about one 10 ms slice of cl100k_base
 * (200,000 characters of prose took 87 ms, 20,000 short ranges 113 ms on the build machine).
 */
export const SMALL_CALL = { units: 20_000, ranges: 1_000 } as const;

export interface CountTokensSettings {
  /** The worker pool; null counts on the loop, in slices. */
  pool: WorkerPool | null;
  /** Where the Qwen2 vocabulary is cached; the app's models folder when absent. */
  modelsDir?: string;
}

/** What the job tells a worker to count with: qwen2 as the path of its vocabulary, read there by the TypeScript encoder. */
async function workerCounter(settings: CountTokensSettings, tokenizer: TokenizerName): Promise<WorkerCounter> {
  if (tokenizer !== 'qwen2') return { tokenizer };
  const { extractQwen2Vocab, qwen2VocabCachePath } = await import('../tokenizer/qwen2-vocab');
  const { modelsDir } = await import('../platform/app-paths');
  return { tokenizer, vocabPath: resolve(await extractQwen2Vocab(qwen2VocabCachePath(modelsDir({ modelsDir: settings.modelsDir })))) };
}

/** The token count of each [start, end) range of `text` (checked by the caller), in order. */
export async function countTokens(settings: CountTokensSettings, tokenizer: TokenizerName, text: string, ranges: readonly TextRange[], signal?: AbortSignal): Promise<number[]> {
  if (settings.pool && ranges.length > 0) {
    const { packed, spanStart, spanEnd, units } = packRanges(ranges);
    if (units > SMALL_CALL.units || ranges.length > SMALL_CALL.ranges) {
      const counter = await workerCounter(settings, tokenizer);
      const counts = await settings.pool.run({ kind: 'count-tokens', ...counter, span: text.slice(spanStart, spanEnd), spanStart, ranges: packed }, signal);
      return countsToArray(counts);
    }
  }
  const count = await (await import('../export/chunk-tokenizers')).chunkTokenCounter(tokenizer, { modelsDir: settings.modelsDir });
  // In slices of the loop's time, each range sliced as it is counted: 200,000 ranges, sliced
  // all at once and counted in one go, would hold every other client (issue 36).
  return (await import('../export/count-in-turns')).countInTurns(ranges, ([start, end]) => count(text.slice(start, end)));
}
