/**
 * same-logits.ts on the tiny fixture model with real node-llama-cpp: one decode step read several
 * times, each reading with its own sampler settings, gives what a separate `evaluate` /
 * `evaluateWithMetadata` call with those settings gives on the same tokens (the step decoded again
 * for each), and leaves the sequence where an evaluate step leaves it. It pins the node-llama-cpp
 * 3.21.1 internals the readings use (`LlamaContextSequence._decodeTokens`, `_resolveSamplerConfig`,
 * `_contextShift`, `LlamaContext._ctx.sampleToken`, `_bindings.AddonSampler`): a later version that
 * names or reads them otherwise fails here, loudly.
 */
import { describe, expect, it } from 'vitest';
import type { LlamaContextSequence, Token } from 'node-llama-cpp';
import { assertInternals, decodeAndRead, StepSamplers, type ReadOptions } from '../../electron/services/inference/completers/local/same-logits';
import { allowOnly, liftedSampling } from '../../electron/services/inference/completers/local/allowed-choice';
import { repeatPenaltyOver } from '../../electron/services/inference/completers/local/repeat-penalty';
import { mobyDickOpening } from './tiny-profiles';
import { useTinyModel } from './tiny-model';

const tiny = useTinyModel();

/** One evaluateWithMetadata step on `pending` (the public path), then the tokens erased again. */
async function publicReading(sequence: LlamaContextSequence, pending: Token[], options: ReadOptions, probabilities: boolean) {
  const start = sequence.nextTokenIndex;
  const iterator = sequence.evaluateWithMetadata(pending, { probabilities: probabilities as true }, { ...options, yieldEogToken: true });
  const next = await iterator.next();
  await iterator.return();
  await sequence.eraseContextTokenRanges([{ start, end: sequence.nextTokenIndex }]);
  return next.done ? { token: null } : { token: next.value.token, probabilities: next.value.probabilities };
}

describe('node-llama-cpp 3.21.1 internals the same-logits readings rely on', () => {
  it('are there', () => {
    const sequence = tiny.context.getSequence();
    try {
      expect(() => assertInternals(sequence)).not.toThrow();
    } finally {
      sequence.dispose();
    }
  });

  // Kept samplers (the trie decoder's StepSamplers) are reconfigured each step: the ways after the
  // first come in another order every step, so a sampler reads with each configuration after each
  // other, the repeat penalty's history one token longer each time.
  it.each(['made for each step', 'kept across steps'])('give, read several times on one decode (samplers %s), what separate evaluate calls give, and leave the sequence as an evaluate step does', async (samplers) => {
    const sequence = tiny.context.getSequence();
    const kept = samplers === 'kept across steps' ? new StepSamplers(sequence) : undefined;
    try {
      const prompt = tiny.model.tokenize(mobyDickOpening(300));
      const generated: Token[] = [];
      const repeatPenalty = repeatPenaltyOver({ repeatPenalty: 1.1, repeatPenaltyLastTokens: 64 } as never, prompt, generated)!;
      await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -2));
      // Two pending tokens, as where forced tokens wait for the next choice.
      let pending: Token[] = prompt.slice(-2);
      for (let step = 0; step < 6; step++) {
        const allowed = [...new Set([...tiny.model.tokenize(' Ishmael whale coffin'), ...repeatPenalty.punishTokens().slice(-2)])];
        const greedy: [ReadOptions, boolean] = [{ temperature: 0, repeatPenalty }, false];
        const others: [ReadOptions, boolean][] = [
          [liftedSampling(tiny.model, allowed), true],
          [{ ...liftedSampling(tiny.model, allowed), repeatPenalty }, true],
          [{ temperature: 0, repeatPenalty, tokenBias: allowOnly(tiny.model, tiny.vocab, new Set(allowed), false) }, false],
        ];
        const ways = [greedy, ...others.slice(step % 3), ...others.slice(0, step % 3)];
        const expected = [];
        for (const [options, probabilities] of ways) expected.push(await publicReading(sequence, pending, options, probabilities));

        const before = sequence.nextTokenIndex;
        const readings = await decodeAndRead(sequence, pending, async (read) => {
          const out = [];
          for (const [options, probabilities] of ways) out.push(await read(options, probabilities));
          return out;
        }, false, kept);
        // Greedy readings give the same token; a draw at temperature 1 follows its sampler's random
        // state, which a kept sampler carries on (the decoders read only its probabilities).
        const greedyTokens = (rs: { token: Token | null }[]) => rs.map((r, i) => (ways[i]![0].temperature === 0 ? r.token : 'drawn'));
        expect(greedyTokens(readings)).toEqual(greedyTokens(expected));
        for (const [i, r] of readings.entries()) {
          if (!ways[i]![1]) continue;
          expect([...r.probabilities!.keys()]).toEqual([...expected[i]!.probabilities!.keys()]);
          for (const [t, p] of r.probabilities!) expect(p).toBe(expected[i]!.probabilities!.get(t));
        }
        // The pending tokens are in the cache, as after an evaluate step.
        expect(sequence.nextTokenIndex).toBe(before + pending.length);
        expect(sequence.contextTokens.slice(-pending.length)).toEqual(pending);

        const next = readings[0]!.token!;
        generated.push(next);
        pending = [next];
      }
    } finally {
      kept?.dispose();
      sequence.dispose();
    }
  }, 120_000);

  it('with oneByOne, gives the logits of one step per token (as the grammar decoder evaluates them), not of one batch', async () => {
    const sequence = tiny.context.getSequence();
    try {
      const prompt = tiny.model.tokenize(mobyDickOpening(300));
      await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -3));
      const pending = prompt.slice(-3);
      const start = sequence.nextTokenIndex;
      // The reference: each token evaluated in a step of its own, sampled after each (the grammar decoder's way).
      const iterator = sequence.evaluateWithMetadata([pending[0]!], { probabilities: true }, { temperature: 1, topK: 20, topP: 1, minP: 0, seed: 1 });
      let next = await iterator.next();
      next = await iterator.next(pending[1]!);
      next = await iterator.next(pending[2]!);
      await iterator.return();
      const expected = next.value!.probabilities!;
      await sequence.eraseContextTokenRanges([{ start, end: sequence.nextTokenIndex }]);

      const got = await decodeAndRead(sequence, pending, async (read) => (await read({ temperature: 1, topK: 20, topP: 1, minP: 0, seed: 1 }, true)).probabilities!, true);
      expect([...got.keys()]).toEqual([...expected.keys()]);
      for (const [t, p] of got) expect(p).toBe(expected.get(t));
      expect(sequence.nextTokenIndex).toBe(start + pending.length);
      expect(sequence.contextTokens.slice(-pending.length)).toEqual(pending);
    } finally {
      sequence.dispose();
    }
  });

  it('passes an error thrown while reading to the caller and leaves the context usable', async () => {
    const sequence = tiny.context.getSequence();
    try {
      const prompt = tiny.model.tokenize('The harbour master wrote an entry about the whale.');
      await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -1));
      await expect(
        decodeAndRead(sequence, [prompt.at(-1)!], async () => {
          throw new Error('reader failed');
        }),
      ).rejects.toThrow('reader failed');
      const token = await decodeAndRead(sequence, tiny.model.tokenize(' The'), async (read) => (await read({ temperature: 0 }, false)).token);
      expect(token).not.toBeNull();
    } finally {
      sequence.dispose();
    }
  });
});
