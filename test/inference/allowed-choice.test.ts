/**
 * The choice among allowed tokens (allowed-choice.ts) on the tiny fixture model with real
 * node-llama-cpp: at many steps, with allowed sets that mix tokens the repeat penalty punishes and
 * tokens it does not, chooseAllowed gives the token that the full -infinity bias with the native
 * penalty gives (what the grammar's sampler computes), whichever way it took (one lifted reading,
 * a second one with the penalty on, or the full bias). It also pins the node-llama-cpp 3.21.1
 * internals both ways rely on: a TokenBias is read by iterating its `_biases` (a Map of k lifted
 * entries, or an iterable over the vocabulary), and a lifted call returns exactly the lifted tokens
 * as its top k. A later version that reads the bias otherwise fails here, loudly.
 */
import { describe, expect, it } from 'vitest';
import type { Token } from 'node-llama-cpp';
import { allowOnly, chooseAllowed, liftedSampling, provenChoice, resolvedChoice } from '../../electron/services/inference/completers/local/allowed-choice';
import { repeatPenaltyOver } from '../../electron/services/inference/completers/local/repeat-penalty';
import { mobyDickOpening } from './tiny-profiles';
import { allowedAtStep, greedyUnderFullBias, useTinyModel } from './tiny-model';

const tiny = useTinyModel();

const decoding = { repeatPenalty: 1.1, repeatPenaltyLastTokens: 64 } as never;

describe('node-llama-cpp 3.21.1 internals the choice relies on', () => {
  it('reads a TokenBias through `_biases`: a lifted call returns the lifted tokens as its top k, the full bias keeps greedy among the allowed', async () => {
    const sequence = tiny.context.getSequence();
    try {
      const prompt = tiny.model.tokenize('The harbour master wrote an entry about the whale.');
      await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -1));
      const allowed = [...new Set(tiny.model.tokenize(' Ishmael drizzly coffin'))];
      const lifted = sequence.evaluateWithMetadata([prompt.at(-1)!], { probabilities: true }, liftedSampling(tiny.model, allowed));
      const next = await lifted.next();
      await lifted.return();
      expect(next.done).toBe(false);
      expect([...next.value!.probabilities!.keys()].sort()).toEqual([...allowed].sort());

      await sequence.eraseContextTokenRanges([{ start: prompt.length - 1, end: prompt.length }]);
      const full = sequence.evaluate([prompt.at(-1)!], { temperature: 0, tokenBias: allowOnly(tiny.model, tiny.vocab, new Set(allowed), false) });
      const token = (await full.next()).value;
      await full.return();
      expect(allowed).toContain(token);
    } finally {
      sequence.dispose();
    }
  });
});

describe('chooseAllowed', () => {
  it('gives the full bias’s choice under the repeat penalty at every step, by whichever way it went', async () => {
    const words = mobyDickOpening(1200).split(/\s+/).filter(Boolean);
    const prompt = tiny.model.tokenize(mobyDickOpening(300));
    const sequence = tiny.context.getSequence();
    const ways = { lifted: 0, twice: 0, full: 0 };
    try {
      await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -1));
      const generated: Token[] = [];
      const repeatPenalty = repeatPenaltyOver(decoding, prompt, generated)!;
      let pending: Token[] = [prompt.at(-1)!];
      for (let step = 0; step < 30; step++) {
        const { allowed, endAllowed } = allowedAtStep(tiny.model, words, step, repeatPenalty.punishTokens());

        const start = sequence.nextTokenIndex;
        const chosen = await chooseAllowed({ model: tiny.model, vocab: tiny.vocab, sequence, pending, repeatPenalty }, allowed, endAllowed);
        ways[chosen.fullBias ? 'full' : chosen.readTwice ? 'twice' : 'lifted']++;

        // The reference: the same tokens decoded again, under the full bias and the native penalty.
        expect(chosen.token).toBe(await greedyUnderFullBias(tiny, sequence, { start, pending }, allowed, endAllowed, repeatPenalty));

        const next = chosen.token ?? [...allowed][0]!;
        generated.push(next);
        pending = [next];
      }
    } finally {
      sequence.dispose();
    }
    // Each way ran, so each was compared.
    expect(ways.lifted).toBeGreaterThan(0);
    expect(ways.twice).toBeGreaterThan(0);
  }, 600_000);
});

describe('provenChoice and resolvedChoice', () => {
  const A = 1 as Token;
  const B = 2 as Token;
  const probs = (entries: [Token, number][]) => new Map(entries);

  it('take the best by raw logit where the penalty cannot change it, and refuse near ties and foreign top k', () => {
    expect(provenChoice(probs([[A, 0.7], [B, 0.3]]), [A, B], new Set())).toBe(A);
    expect(provenChoice(probs([[A, 0.7], [B, 0.3]]), [A, B], new Set([B]))).toBe(A);
    expect(provenChoice(probs([[A, 0.7], [B, 0.3]]), [A, B], new Set([A, B]))).toBe(A);
    expect(provenChoice(probs([[A, 0.7], [B, 0.3]]), [A, B], new Set([A]))).toBeUndefined();
    expect(provenChoice(probs([[A, 0.5000001], [B, 0.4999999]]), [A, B], new Set())).toBeUndefined();
    expect(provenChoice(probs([[A, 0.7], [3 as Token, 0.3]]), [A, B], new Set())).toBeUndefined();
  });

  it('solve for the logits from the two readings, as the penalty computes them', () => {
    // Raw logits lA (penalised) and lB; the second reading lifts both by 256 and divides A's by 1.1.
    const readings = (lA: number, lB: number) => {
      const soft = (a: number, b: number) => probs([[A, 1 / (1 + Math.exp(b - a))], [B, 1 / (1 + Math.exp(a - b))]]);
      return [soft(lA, lB), soft((lA + 256) / 1.1, lB + 256)] as const;
    };
    // 5 / 1.1 = 4.55 > 4.5: A keeps its place; -1 * 1.1 = -1.1 < -1.05: B wins though below A raw.
    expect(resolvedChoice(...readings(5, 4.5), [A, B], new Set([A]), 1.1)).toBe(A);
    expect(resolvedChoice(...readings(5, 4.6), [A, B], new Set([A]), 1.1)).toBe(B);
    expect(resolvedChoice(...readings(-1, -1.05), [A, B], new Set([A]), 1.1)).toBe(B);
    expect(resolvedChoice(...readings(-1, -1.2), [A, B], new Set([A]), 1.1)).toBe(A);
    // A logit at zero (its sign unknown) or a lead within the error: no answer.
    expect(resolvedChoice(...readings(0.001, -0.5), [A, B], new Set([A]), 1.1)).toBeUndefined();
    expect(resolvedChoice(...readings(5, 5 / 1.1 - 0.001), [A, B], new Set([A]), 1.1)).toBeUndefined();
  });
});
