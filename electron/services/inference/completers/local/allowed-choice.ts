/**
 * The greedy choice among a few allowed tokens in O(allowed) JavaScript work, with the answer the
 * grammar decoder gives (the allowed token of the highest logit after the repeat penalty, the
 * lowest id among equals), or no answer where that cannot be proven from what node-llama-cpp
 * returns; the same logits are then read under the full -infinity bias (chooseAllowed).
 *
 * How: the k allowed tokens get a bias of +LIFT (a TokenBias of k entries), and the sampler
 * chain is asked for its top k with their probabilities (temperature 1, topK k, topP 1; the token the chain then draws is ignored). With
 * the lift the top k are the allowed tokens, in the order of their raw logits; the probabilities
 * (a softmax, monotone in the logit) give that order, and their ratio the gaps.
 *
 * Why the penalty is left out where all allowed tokens are penalised alike: llama.cpp applies it
 * after the bias and divides a positive logit by it but multiplies a negative one, so a lifted
 * logit would be penalised as if positive. Without it the order of raw logits is exact, and the
 * penalty keeps it among tokens it treats alike. Where penalised and unpenalised tokens are mixed,
 * the reading is taken with the penalty on (penalisedReadingChoice): the unpenalised winners are
 * settled by it; a penalised winner needs its logit's sign, which a softmax does not tell, so the
 * same logits are read the other way (resolvedChoice; no second decode: same-logits.ts), and the
 * two readings give the logits' level.
 * The order is only trusted where the two best are clearly apart: the lift rounds the logits to
 * the float grid near LIFT, so a gap of less than MARGIN (a few grid steps) gives no answer. So
 * does a top k that is not exactly the allowed set (a logit more than LIFT above the allowed ones).
 */
import { TokenBias, type LlamaContextSequence, type LlamaModel, type Token } from 'node-llama-cpp';
import type { RepeatPenalty } from './repeat-penalty';
import type { TokenBytes } from './token-bytes';
import { decodeAndRead, type StepSamplers } from './same-logits';

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

/**
 * The grammar's choice from a lifted reading with the native penalty on, where the allowed set
 * mixes penalised and unpenalised tokens, or undefined. There a penalised token reads
 * (l + LIFT) / penalty and an unpenalised one l + LIFT: each group in the order of its raw logits,
 * and between the groups l_p / penalty - l_u. The penalty never makes a logit higher than
 * l / penalty, so the best unpenalised token wins where that is below zero for every penalised one;
 * where it is not, the winner depends on a sign (resolvedChoice).
 */
export function penalisedReadingChoice(probabilities: ReadonlyMap<Token, number>, allowed: readonly Token[], penalised: ReadonlySet<Token>, penalty: number): Token | undefined {
  if (probabilities.size !== allowed.length || !allowed.every((t) => probabilities.has(t))) return undefined;
  const value = (t: Token) => Math.log(probabilities.get(t)!);
  let best: Token | undefined;
  let next = -Infinity;
  for (const t of allowed) {
    if (penalised.has(t)) continue;
    if (best === undefined || value(t) > value(best)) {
      if (best !== undefined) next = value(best);
      best = t;
    } else next = Math.max(next, value(t));
  }
  if (best === undefined || !Number.isFinite(value(best)) || !(value(best) - next > MARGIN)) return undefined;
  const shift = LIFT * (1 - 1 / penalty);
  for (const t of allowed) if (penalised.has(t) && !(value(t) - value(best) + shift < -2 * MARGIN)) return undefined;
  return best;
}

/** How far the logits read back from two lifted calls may be off: the lift's rounding (ulp 2^-15 near LIFT), times 11 from solving for the level. */
export const LEVEL_ERROR = 0.005;

/**
 * The grammar's choice where the first lifted call left it open (a penalised token best by raw
 * logit, an unpenalised one below), from a second lifted call on the same logits with the native
 * repeat penalty on. The first gives the raw differences l_t - l_0; the second (l_t + LIFT) / r_t
 * with r_t the penalty for penalised tokens and 1 for the others, so one penalised and one
 * unpenalised token together give the level: l_0 itself, hence every logit, its sign and its
 * penalised value, as the grammar's sampler computes them. Undefined where a sign or the winner's
 * lead is within LEVEL_ERROR (then only the full bias decides).
 */
export function resolvedChoice(
  raw: ReadonlyMap<Token, number>,
  penalisedCall: ReadonlyMap<Token, number>,
  allowed: readonly Token[],
  penalised: ReadonlySet<Token>,
  penalty: number,
): Token | undefined {
  if (penalisedCall.size !== allowed.length || !allowed.every((t) => penalisedCall.has(t) && raw.has(t))) return undefined;
  const ref = allowed.find((t) => penalised.has(t) && raw.get(t)! > 0 && penalisedCall.get(t)! > 0);
  const other = allowed.find((t) => !penalised.has(t) && raw.get(t)! > 0 && penalisedCall.get(t)! > 0);
  if (ref === undefined || other === undefined) return undefined;
  const rawDiff = (t: Token) => Math.log(raw.get(t)!) - Math.log(raw.get(ref)!);
  // other's second-call value minus ref's: (l_o + LIFT) - (l_ref + LIFT) / penalty, with l_o = l_ref + rawDiff(other).
  const y = Math.log(penalisedCall.get(other)!) - Math.log(penalisedCall.get(ref)!);
  const level = (y - rawDiff(other) - LIFT * (1 - 1 / penalty)) / (1 - 1 / penalty);
  let best: Token | undefined;
  let first = -Infinity;
  let second = -Infinity;
  for (const t of allowed) {
    const l = level + rawDiff(t);
    if (penalised.has(t) && Number.isFinite(l) && Math.abs(l) < LEVEL_ERROR) return undefined;
    const value = !penalised.has(t) ? l : l <= 0 ? l * penalty : l / penalty;
    if (value > first) {
      second = first;
      first = value;
      best = t;
    } else if (value > second) second = value;
  }
  return first - second > 2 * LEVEL_ERROR ? best : undefined;
}

/**
 * The probabilities of a lifted reading as the softmax over exactly the allowed tokens (the +LIFT
 * cancels in it; what falls outside the top k is renormalised away), or undefined where the
 * reading does not hold every allowed token.
 */
export function allowedSoftmax(reading: ReadonlyMap<Token, number>, allowed: readonly Token[]): ReadonlyMap<Token, number> | undefined {
  let sum = 0;
  for (const t of allowed) {
    const p = reading.get(t);
    if (p === undefined || !Number.isFinite(p)) return undefined;
    sum += p;
  }
  if (!(sum > 0)) return undefined;
  return new Map(allowed.map((t) => [t, reading.get(t)! / sum]));
}

export interface ChoiceStep {
  model: LlamaModel;
  vocab: TokenBytes;
  sequence: LlamaContextSequence;
  /** Tokens not yet evaluated; the choice is made on the logits after the last of them. */
  pending: readonly Token[];
  /** The decoder's repeat penalty (repeat-penalty.ts), or undefined when off. */
  repeatPenalty: RepeatPenalty | undefined;
  /**
   * Decode the pending tokens one per step, not as one batch (trie-decoder.ts: on a CPU, where a
   * batch of two costs more than two steps, and the logits are then the grammar decoder's).
   */
  oneByOne?: boolean;
  /** The decoder's native samplers, kept across its steps (same-logits.ts); a step's own where absent. */
  samplers?: StepSamplers;
}

/**
 * Evaluates `pending` and returns the greedy choice among `allowed` (and the end tokens where
 * `endAllowed`; null when one of them wins), as the grammar decoder would make it. Every reading
 * is taken on the logits of that one decode (same-logits.ts): where the lifted reading proves
 * nothing, the same logits are read the other way (`readTwice`: with or without the penalty,
 * resolvedChoice), and where that too leaves it open, once more under the full -infinity bias and
 * the repeat penalty (`fullBias`: O(vocabulary) on the JavaScript thread, as every chosen token
 * cost before). With `wantProbabilities`, the answer also holds the softmax over the allowed
 * tokens' raw logits, without the repeat penalty (the model's own preference among them;
 * allowedSoftmax), from the unpenalised reading: a mixed step then takes that reading first (one
 * reading where an unpenalised token is best by raw logit, else the penalised one after it); none
 * where no reading held the allowed set.
 */
export async function chooseAllowed(
  step: ChoiceStep,
  allowed: ReadonlySet<Token>,
  endAllowed: boolean,
  wantProbabilities = false,
): Promise<{ token: Token | null; readTwice: boolean; fullBias: boolean; probabilities?: ReadonlyMap<Token, number> }> {
  const { model, vocab, sequence, pending } = step;
  const candidates = [...allowed];
  if (endAllowed) for (const t of vocab.eog) if (!allowed.has(t)) candidates.push(t);
  const penalised = new Set(step.repeatPenalty?.punishTokens() ?? []);
  const penalty = step.repeatPenalty ? Math.fround(step.repeatPenalty.penalty) : 1;
  // Penalised and unpenalised tokens together: read with the penalty on first (it settles every case the
  // unpenalised token wins); otherwise the raw order settles it.
  const mixed = step.repeatPenalty !== undefined && candidates.some((t) => penalised.has(t)) && candidates.some((t) => !penalised.has(t));

  return decodeAndRead(sequence, pending, async (sample) => {
    const read = async (withPenalty: boolean): Promise<ReadonlyMap<Token, number> | undefined> => {
      const options = withPenalty ? { ...liftedSampling(model, candidates), repeatPenalty: step.repeatPenalty } : liftedSampling(model, candidates);
      return (await sample(options, true)).probabilities;
    };
    // The reading without the penalty, where one was taken: the softmax over the allowed tokens' raw logits.
    let raw: ReadonlyMap<Token, number> | undefined;
    const probabilities = () => (wantProbabilities && raw ? allowedSoftmax(raw, candidates) : undefined);
    const answer = (t: Token, readTwice: boolean) => ({ token: vocab.eog.has(t) ? null : t, readTwice, fullBias: false, probabilities: probabilities() });

    // Where the caller wants the probabilities, a mixed step is read without the penalty first: an
    // unpenalised best by raw logit wins under the penalty too (it only lowers penalised logits), so
    // provenChoice settles it from that one reading; otherwise the penalised reading follows.
    const rawFirst = mixed && wantProbabilities;
    const first = await read(mixed && !rawFirst);
    if (!mixed || rawFirst) raw = first;
    const proven = first && (mixed && !rawFirst ? penalisedReadingChoice(first, candidates, penalised, penalty) : provenChoice(first, candidates, penalised));
    if (proven !== undefined) return answer(proven, false);

    // Open because of the penalty: the same logits read the other way give the logits' level.
    if (first && mixed) {
      const second = await read(rawFirst);
      if (rawFirst) {
        const resolved = second && (penalisedReadingChoice(second, candidates, penalised, penalty) ?? resolvedChoice(first, second, candidates, penalised, penalty));
        if (resolved !== undefined) return answer(resolved, true);
      } else {
        raw = second;
        const resolved = raw && resolvedChoice(raw, first, candidates, penalised, penalty);
        if (resolved !== undefined) return answer(resolved, true);
      }
    }

    const full = await sample({ temperature: 0, repeatPenalty: step.repeatPenalty, tokenBias: allowOnly(model, vocab, allowed, endAllowed) }, false);
    return { token: full.token === null || vocab.eog.has(full.token) ? null : full.token, readTwice: true, fullBias: true, probabilities: probabilities() };
  }, step.oneByOne, step.samplers);
}
