/**
 * One token of a note line, chosen as llama.cpp's grammar sampler chooses it, without its match
 * of the whole vocabulary (llama_grammar_apply_impl, 151,936 token pieces for Qwen2) at the steps
 * where the grammar refuses the model's favourite.
 *
 * The grammar's choice is the allowed token of the highest logit after the bias and the repeat
 * penalty (the lowest id among equals). node-llama-cpp's native sampler (AddonSampler::sample)
 * finds it in two ways: the chain's greedy token, checked alone against the grammar (cheap), and
 * where the grammar refuses that one, the grammar over every token, then the chain again. Here,
 * on the logits of one decode (same-logits.ts):
 *
 * 1. greedy: the chain's greedy token (the constant bias, note-line-bias.ts, and the penalty),
 *    checked alone against the grammar: the native fast path itself;
 * 2. top k: where the grammar refuses it, the chain's top TOP_K tokens in order of their logits
 *    after the bias and the penalty (temperature 1, top-p 1, so the softmax keeps the order); the
 *    first the grammar allows is its choice, when its probability is strictly above the next
 *    one's (a softmax is monotone, so strictly above means a strictly higher logit: no tie, no
 *    token outside the list above it). Where a note line is refused (the first character after a
 *    label that ends in a space, a token longer than what is left of the length limit, an open
 *    UTF-8 sequence), some of the model's next favourites fit;
 * 3. grammar: where neither proves it, the same logits read with the grammar, as before.
 *
 * The grammar state is advanced by the chosen token (by node-llama-cpp's sampler in way 3, here in
 * ways 1 and 2; never by an end token, as node-llama-cpp does). The single-token check is
 * node-llama-cpp's own `canBeNextTokenForGrammarEvaluationState` on its internal
 * `_bindings.AddonSampler` (the call its sampler's fast path makes in native code), pinned by
 * test/inference/note-line-bias.test.ts and note-step.test.ts.
 */
import type { LlamaContextSequence, LlamaContextSequenceRepeatPenalty, LlamaGrammarEvaluationState, LlamaModel, Token, TokenBias } from 'node-llama-cpp';
import { decodeAndRead, type StepSamplers } from './same-logits';

/** How many of the chain's best tokens way 2 looks through: a sampling costs the same for any k. */
export const TOP_K = 128;

interface GrammarBindings {
  canBeNextTokenForGrammarEvaluationState(state: unknown, token: Token): boolean;
  acceptGrammarEvaluationStateToken(state: unknown, token: Token): void;
}

function grammarBindings(model: LlamaModel): GrammarBindings {
  const bindings = (model as unknown as { _llama?: { _bindings?: { AddonSampler?: Partial<GrammarBindings> } } })._llama?._bindings?.AddonSampler;
  if (typeof bindings?.canBeNextTokenForGrammarEvaluationState !== 'function' || typeof bindings.acceptGrammarEvaluationStateToken !== 'function')
    throw new Error("node-llama-cpp changed its internals (_bindings.AddonSampler's grammar checks): the trie decoder's note lines need 3.21.1's (note-step.ts)");
  return bindings as GrammarBindings;
}

export interface NoteStep {
  model: LlamaModel;
  sequence: LlamaContextSequence;
  /** Tokens not yet evaluated; the choice is made on the logits after the last of them. */
  pending: readonly Token[];
  grammarEvaluationState: LlamaGrammarEvaluationState;
  repeatPenalty: LlamaContextSequenceRepeatPenalty | undefined;
  /** The constant bias against tokens no note line allows (note-line-bias.ts), if any. */
  tokenBias: TokenBias | undefined;
  isEog: (token: Token) => boolean;
  /** Decode the pending tokens one per step (allowed-choice.ts, ChoiceStep.oneByOne). */
  oneByOne?: boolean;
  /** The decoder's native samplers, kept across its steps (same-logits.ts); a step's own where absent. */
  samplers?: StepSamplers;
}

export type NoteStepWay = 'greedy' | 'top-k' | 'grammar';

/** Evaluates `pending` and returns the grammar's choice (null where the chain left none) and which way found it. */
export async function noteStep(step: NoteStep): Promise<{ token: Token | null; way: NoteStepWay }> {
  const { model, sequence, pending, grammarEvaluationState, repeatPenalty, tokenBias } = step;
  const grammar = grammarBindings(model);
  const state = (grammarEvaluationState as unknown as { _state: unknown })._state;
  const allows = (t: Token) => grammar.canBeNextTokenForGrammarEvaluationState(state, t);
  const bias = tokenBias ? { tokenBias } : {};
  const accept = (token: Token, way: NoteStepWay) => {
    if (!step.isEog(token)) grammar.acceptGrammarEvaluationStateToken(state, token);
    return { token, way };
  };
  return decodeAndRead(sequence, pending, async (read) => {
    const greedy = await read({ temperature: 0, repeatPenalty, ...bias }, false);
    if (greedy.token !== null && allows(greedy.token)) return accept(greedy.token, 'greedy');

    const top = await read({ temperature: 1, topK: TOP_K, topP: 1, minP: 0, seed: 1, repeatPenalty, ...bias }, true);
    const ranked = [...(top.probabilities ?? [])];
    const at = ranked.findIndex(([t]) => allows(t));
    if (at >= 0) {
      const next = ranked[at + 1];
      const complete = ranked.length < TOP_K; // nothing left out of the list
      if ((next !== undefined && ranked[at]![1] > next[1]) || (next === undefined && complete)) return accept(ranked[at]![0], 'top-k');
    }

    // node-llama-cpp's sampler advances the grammar state by the token itself here.
    const full = await read({ temperature: 0, repeatPenalty, ...bias, grammarEvaluationState }, false);
    return { token: full.token, way: 'grammar' as const };
  }, step.oneByOne, step.samplers);
}
