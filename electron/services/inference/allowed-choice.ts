/**
 * The greedy choice among a few allowed tokens in O(allowed) JavaScript work, with the answer the
 * grammar decoder gives (the allowed token of the highest logit after the repeat penalty, the
 * lowest id among equals), or no answer where that cannot be proven from what node-llama-cpp
 * returns; the caller then decodes the step again under the full -infinity bias (trie-decoder.ts).
 *
 * How: the k allowed tokens get a bias of +LIFT (a TokenBias of k entries), the native repeat
 * penalty is left out of this call, and the sampler chain is asked for its top k with their
 * probabilities (temperature 1, topK k, topP 1; the token the chain then draws is ignored). With
 * the lift the top k are the allowed tokens, in the order of their raw logits; the probabilities
 * (a softmax, monotone in the logit) give that order, and their ratio the gaps.
 *
 * Why the penalty is left out: llama.cpp applies it after the bias and divides a positive logit by
 * it but multiplies a negative one, so a lifted logit would be penalised as if positive. Without it
 * the order of raw logits is exact, and the penalty's effect on it is known without the logits'
 * signs in every case but one: the penalty never raises a logit and is monotone, so
 * - the best token by raw logit wins if it is not penalised (every other is lower, and lower still
 *   after a penalty), or if none of the allowed tokens is unpenalised (then all are penalised alike);
 * - a penalised best with an unpenalised one below it may or may not keep its place: that needs
 *   the logit's sign, which a softmax does not tell. No answer.
 * The order is only trusted where the two best are clearly apart: the lift rounds the logits to
 * the float grid near LIFT, so a gap of less than MARGIN (a few grid steps) gives no answer. So
 * does a top k that is not exactly the allowed set (a logit more than LIFT above the allowed ones).
 */
import { TokenBias, type LlamaContextSequence, type LlamaModel, type Token } from 'node-llama-cpp';
import type { RepeatPenalty } from './repeat-penalty';
import type { TokenBytes } from './token-bytes';

/** Added to each allowed token's logit: far above any logit a model writes (they are within ±100). */
export const LIFT = 256;
/** Four steps of float32's grid on [256, 512): gaps smaller than this could be the lift's rounding. */
export const MARGIN = 4 * 2 ** -15;

/**
 * A bias of +LIFT on each of the given tokens, end tokens included (TokenBias.set() skips those,
 * so its internal map is filled directly: node-llama-cpp 3.21.1 reads the bias only by iterating
 * `_biases`, see getTokenBiasesForAddon; test/inference/allowed-choice.test.ts fails if a later
 * version reads it otherwise).
 */
export function liftOnly(model: LlamaModel, tokens: readonly Token[]): TokenBias {
  const biases = new Map<Token, number>();
  for (const t of tokens) biases.set(t, LIFT);
  return Object.assign(new TokenBias(model.tokenizer), { _biases: biases }) as TokenBias;
}

/** The evaluate options of the lifted call for `count` allowed tokens (no repeat penalty: see above). */
export function liftedSampling(model: LlamaModel, tokens: readonly Token[]) {
  return { temperature: 1, topK: tokens.length, topP: 1, minP: 0, seed: 1, yieldEogToken: true, tokenBias: liftOnly(model, tokens) } as const;
}

/**
 * The grammar's choice among `allowed`, read from the lifted call's top-k probabilities (in the
 * chain's order, highest first), or undefined where it cannot be proven (see the file comment).
 * `penalised` holds the tokens the repeat penalty punishes at this step (empty when it is off).
 */
export function provenChoice(probabilities: ReadonlyMap<Token, number>, allowed: readonly Token[], penalised: ReadonlySet<Token>): Token | undefined {
  if (probabilities.size !== allowed.length) return undefined;
  for (const t of allowed) if (!probabilities.has(t)) return undefined;
  let best: Token | undefined;
  let p0 = -1;
  let p1 = 0;
  for (const [t, p] of probabilities) {
    if (p > p0) {
      p1 = p0;
      p0 = p;
      best = t;
    } else if (p > p1) p1 = p;
  }
  if (best === undefined || !(p0 > 0)) return undefined;
  if (allowed.length > 1 && p1 > 0 && !(Math.log(p0) - Math.log(p1) > MARGIN)) return undefined;
  if (penalised.has(best) && allowed.some((t) => !penalised.has(t))) return undefined;
  return best;
}

/**
 * A bias of -infinity on every token but the allowed ones (and the end tokens when ending is
 * allowed). TokenBias.set() ignores "never" on end tokens and would take 150,000 calls, so its
 * internal map is replaced by an iterable over the vocabulary: node-llama-cpp 3.21.1 reads the
 * bias only by iterating `_biases` (getTokenBiasesForAddon), and the native sampler adds each bias
 * to the token's logit. test/inference/allowed-choice.test.ts fails if a later version reads it
 * otherwise. The fallback of chooseAllowed; bench/trie-bias.ts measures what it costs per step.
 */
export function allowOnly(model: LlamaModel, vocab: TokenBytes, allowed: ReadonlySet<Token>, endAllowed: boolean): TokenBias {
  const pair: [Token, number] = [0 as Token, -Infinity];
  const iterable = {
    [Symbol.iterator]() {
      let t = -1;
      return {
        next(): IteratorResult<[Token, number]> {
          for (t++; t < vocab.size; t++) {
            if (allowed.has(t as Token) || (endAllowed && vocab.eog.has(t as Token))) continue;
            pair[0] = t as Token;
            return { done: false, value: pair };
          }
          return { done: true, value: undefined };
        },
      };
    },
  };
  return Object.assign(new TokenBias(model.tokenizer), { _biases: iterable }) as TokenBias;
}

export interface ChoiceStep {
  model: LlamaModel;
  vocab: TokenBytes;
  sequence: LlamaContextSequence;
  /** Tokens not yet evaluated; the choice is made on the logits after the last of them. */
  pending: readonly Token[];
  /** The decoder's repeat penalty (repeat-penalty.ts), or undefined when off. */
  repeatPenalty: RepeatPenalty | undefined;
}

/**
 * Evaluates `pending` and returns the greedy choice among `allowed` (and the end tokens where
 * `endAllowed`; null when one of them wins), as the grammar decoder would make it. Where the
 * lifted call proves nothing, `pending` is erased from the cache and evaluated again as the same
 * batch (the same logits), under the full -infinity bias and the repeat penalty: `redecoded`.
 */
export async function chooseAllowed(step: ChoiceStep, allowed: ReadonlySet<Token>, endAllowed: boolean): Promise<{ token: Token | null; redecoded: boolean }> {
  const { model, vocab, sequence, pending } = step;
  const candidates = [...allowed];
  if (endAllowed) for (const t of vocab.eog) if (!allowed.has(t)) candidates.push(t);
  const penalised = new Set(step.repeatPenalty?.punishTokens() ?? []);
  const lifted = sequence.evaluateWithMetadata([...pending], { probabilities: true }, liftedSampling(model, candidates));
  let proven: Token | undefined;
  try {
    const next = await lifted.next();
    if (!next.done && next.value.probabilities) proven = provenChoice(next.value.probabilities, candidates, penalised);
  } finally {
    await lifted.return();
  }
  if (proven !== undefined) return { token: vocab.eog.has(proven) ? null : proven, redecoded: false };

  await sequence.eraseContextTokenRanges([{ start: sequence.nextTokenIndex - pending.length, end: sequence.nextTokenIndex }]);
  const iterator = sequence.evaluate([...pending], { temperature: 0, yieldEogToken: true, repeatPenalty: step.repeatPenalty, tokenBias: allowOnly(model, vocab, allowed, endAllowed) });
  try {
    const next = await iterator.next();
    return { token: next.done || vocab.eog.has(next.value) ? null : next.value, redecoded: true };
  } finally {
    await iterator.return();
  }
}
