/**
 * One decode step whose logits are sampled as many times as the caller needs, each time with its
 * own sampler settings (bias, repeat penalty, top k), without decoding the step again.
 *
 * Why: the trie decoder's choice among allowed tokens (allowed-choice.ts) sometimes needs two
 * readings of the same logits (one with the repeat penalty, one without: together they give the
 * logits' level, which one softmax does not), and rarely a third under the full bias. Through
 * node-llama-cpp's public API each reading is one `evaluate` call, so each needed the step's
 * pending tokens erased and decoded again: a whole decode step (a forward pass of the model) per
 * extra reading. llama.cpp keeps a batch's logits until the next decode, and node-llama-cpp 3.21.1
 * samples them in a callback that runs before the context decodes its next batch; so every reading
 * is taken there, on the same logits, at the cost of a sampling (O(vocabulary) in native code, no
 * JavaScript work in proportion to it).
 *
 * How (node-llama-cpp 3.21.1 internals, read in dist/evaluator/LlamaContext/LlamaContext.js):
 * `LlamaContextSequence._decodeTokens(tokens, logits, priority, tokenMeter, contextShift, mapper,
 * afterBatch)` decodes the tokens and calls `mapper(batchLogitIndex)` for the one that asked for
 * logits, before the next batch; `_resolveSamplerConfig(options)` turns evaluate's sampling options
 * into the native sampler's config; `context._ctx.sampleToken(batchLogitIndex, addonSampler,
 * probabilities)` samples with a native `_bindings.AddonSampler`. This is what the sequence's own
 * `_evaluate` does for its one sampling per step, so a reading here is what an `evaluate` /
 * `evaluateWithMetadata` call with the same options gives. test/inference/same-logits.test.ts
 * compares the two and fails loudly where a later version names or reads these otherwise;
 * `assertInternals` below refuses to run without them.
 *
 * What it leaves out of `_evaluate`: its evaluation lock (the trie decoder owns its sequence and
 * awaits every step, so nothing else evaluates on it meanwhile) and its token predictor (none is set).
 *
 * The native samplers are kept from step to step (StepSamplers), as `_evaluate` keeps its one: a
 * new AddonSampler sizes its candidate array to the vocabulary, 3.9 ms each on the twin (346 ms of
 * a 91-token run), and `applyConfig` rebuilds only what changed, its repeat-penalty history
 * included, so a kept sampler reads what a new one would: the same greedy token and the same
 * probabilities (test/inference/same-logits.test.ts). Only a token drawn at a temperature above 0
 * differs, the kept sampler's random state going on from its last draw; the decoders read only
 * the probabilities of such readings.
 */
import { betweenSteps } from '../../../native/whole-steps';
import type { LlamaContextSequence, LlamaContextSequenceRepeatPenalty, LlamaGrammarEvaluationState, Token, TokenBias } from 'node-llama-cpp';

/** The sampling options of one reading: those of `evaluate`, with node-llama-cpp's defaults where left out. */
export interface ReadOptions {
  temperature?: number;
  topK?: number;
  topP?: number;
  minP?: number;
  seed?: number;
  repeatPenalty?: LlamaContextSequenceRepeatPenalty;
  tokenBias?: TokenBias;
  /** The grammar's state, advanced by the sampled token (as node-llama-cpp's sampler does). */
  grammarEvaluationState?: LlamaGrammarEvaluationState;
}

export interface Reading {
  /** The sampled token, null where the chain left no candidate. */
  token: Token | null;
  /** The chain's candidates with their softmax probabilities, highest first (where asked for). */
  probabilities?: ReadonlyMap<Token, number>;
}

/** Samples the step's logits once more with these options. */
export type Read = (options: ReadOptions, withProbabilities: boolean) => Promise<Reading>;

interface NativeSampler {
  applyConfig(config: object): void;
  dispose(): void;
}

interface SequenceInternals {
  _decodeTokens(
    tokens: Token[],
    logits: boolean[],
    evaluationPriority: number,
    tokenMeter: unknown,
    contextShift: unknown,
    logitDataMapper: (batchLogitIndex: number) => unknown,
    afterBatchAction?: unknown,
  ): Promise<unknown[]>;
  _resolveSamplerConfig(options: ReadOptions): object;
  _tokenMeter: unknown;
  _contextShift: unknown;
  _takeIntervalCheckpointIfNeededAfterBatch?: unknown;
  context: { _ctx: { sampleToken(batchLogitIndex: number, sampler: NativeSampler, probabilities: boolean, confidence: boolean): Promise<[number, number[]?]> } };
  model: { _model: unknown; _llama: { _bindings: { AddonSampler: new (model: unknown) => NativeSampler } } };
}

/**
 * The native samplers of one decoder's readings, kept across its steps: the step's first reading
 * takes the first, its second the second, and so on (a step's readings come in the same order
 * each step, so each sampler mostly keeps its configuration). Owned by whoever creates it, who
 * disposes it when its decoding ends.
 */
export class StepSamplers {
  private readonly made: NativeSampler[] = [];

  constructor(private readonly sequence: LlamaContextSequence) {}

  /** The `index`-th sampler of a step, made the first time it is asked for. */
  at(index: number): NativeSampler {
    const s = assertInternals(this.sequence);
    while (this.made.length <= index) this.made.push(new s.model._llama._bindings.AddonSampler(s.model._model));
    return this.made[index]!;
  }

  dispose(): void {
    for (const sampler of this.made.splice(0)) sampler.dispose();
  }
}

/** node-llama-cpp's default evaluation priority (LlamaContext.js, defaultEvaluationPriority). */
const PRIORITY = 5;

/** The internals this file relies on, or an error that names the missing one (a node-llama-cpp that changed them). */
export function assertInternals(sequence: LlamaContextSequence): SequenceInternals {
  const s = sequence as unknown as SequenceInternals;
  const missing = [
    typeof s._decodeTokens === 'function' ? '' : 'LlamaContextSequence._decodeTokens',
    typeof s._resolveSamplerConfig === 'function' ? '' : 'LlamaContextSequence._resolveSamplerConfig',
    s._contextShift ? '' : 'LlamaContextSequence._contextShift',
    typeof s.context?._ctx?.sampleToken === 'function' ? '' : 'LlamaContext._ctx.sampleToken',
    typeof s.model?._llama?._bindings?.AddonSampler === 'function' ? '' : 'Llama._bindings.AddonSampler',
  ].filter(Boolean);
  if (missing.length) throw new Error(`node-llama-cpp changed its internals (${missing.join(', ')}): the trie decoder's same-logits readings need 3.21.1's (same-logits.ts)`);
  return s;
}

/**
 * Decodes `pending` (the logits after its last token) and hands `readAll` a `read` that samples
 * those logits, as often as it calls it; returns what `readAll` returns. The tokens stay in the KV
 * cache, as after an `evaluate` step. `oneByOne`: the tokens before the last are decoded one per
 * step instead of in one batch with it (see ChoiceStep.oneByOne in allowed-choice.ts).
 */
export async function decodeAndRead<T>(
  sequence: LlamaContextSequence,
  pending: readonly Token[],
  readAll: (read: Read) => Promise<T>,
  oneByOne = false,
  samplers?: StepSamplers,
): Promise<T> {
  if (pending.length === 0) throw new Error('decodeAndRead needs a token to decode');
  const s = assertInternals(sequence);
  await betweenSteps(sequence); // a window erasing on this context goes first (whole-steps.ts)
  if (oneByOne && pending.length > 1) {
    // One decode per token, as the grammar decoder evaluates them.
    // With its logits, unread: the same graph as every other step (llama.cpp reuses it; a step
    // without logits is another graph, measured slower), as the grammar decoder evaluates it.
    for (const t of pending.slice(0, -1)) await s._decodeTokens([t], [true], PRIORITY, s._tokenMeter, s._contextShift, () => null, s._takeIntervalCheckpointIfNeededAfterBatch);
    pending = pending.slice(-1);
  }
  const own = samplers ?? new StepSamplers(sequence);
  let reads = 0;
  const logits: boolean[] = [];
  logits[pending.length - 1] = true;
  // Settled inside the mapper: an error thrown there would reach the context's shared decode loop.
  let outcome: { value: T } | { error: unknown } | undefined;
  try {
    await s._decodeTokens(
      [...pending],
      logits,
      PRIORITY,
      s._tokenMeter,
      s._contextShift,
      async (batchLogitIndex: number) => {
        const read: Read = async (options, withProbabilities) => {
          const sampler = own.at(reads++);
          sampler.applyConfig(s._resolveSamplerConfig({ temperature: 0, minP: 0, topK: 40, topP: 0.95, ...options }));
          const [token, flat] = await s.context._ctx.sampleToken(batchLogitIndex, sampler, withProbabilities, false);
          let probabilities: Map<Token, number> | undefined;
          if (flat) {
            probabilities = new Map();
            for (let i = 1; i < flat.length; i += 2) probabilities.set(flat[i - 1] as Token, flat[i]!);
          }
          return { token: token === -1 ? null : (token as Token), probabilities };
        };
        try {
          outcome = { value: await readAll(read) };
        } catch (error) {
          outcome = { error };
        }
        return null;
      },
      s._takeIntervalCheckpointIfNeededAfterBatch,
    );
  } finally {
    if (!samplers) own.dispose();
  }
  if (!outcome) throw new Error('node-llama-cpp did not hand back the logits of the decoded step (same-logits.ts)');
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}
