/**
 * The model strategies' confidence (trie-decoder.ts, docs/core-strategies.md) on the tiny fixture
 * model with real node-llama-cpp: the probabilities chooseAllowed hands back are the softmax over
 * the allowed tokens' raw logits (checked against a reading under the full -infinity bias, no
 * lift), also where the choice was proven on the penalised reading; the head trie says which
 * candidates a token keeps open; and a whole run carries a confidence on the trie's boundaries only.
 */
import { describe, expect, it } from 'vitest';
import type { Token } from 'node-llama-cpp';
import { describeDocument } from '../../shared/document/document-info';
import { headCandidates } from '../../shared/profiles/constrained';
import { allowOnly, chooseAllowed } from '../../electron/services/inference/completers/local/allowed-choice';
import { HeadTrie } from '../../electron/services/inference/completers/local/head-trie';
import { repeatPenaltyOver } from '../../electron/services/inference/completers/local/repeat-penalty';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import { segmentationWithoutConfidence } from '../support/without-confidence';
import { useTinyEngine } from './tiny-engine';
import { fixtureModelsDir, mobyDickOpening } from './tiny-profiles';
import { allowedAtStep, greedyUnderFullBias, useTinyModel } from './tiny-model';

const tiny = useTinyModel();

describe('chooseAllowed with probabilities', () => {
  it('gives the softmax over the allowed tokens’ raw logits, and the same choice as without them', async () => {
    const words = mobyDickOpening(1200).split(/\s+/).filter(Boolean);
    const prompt = tiny.model.tokenize(mobyDickOpening(300));
    const sequence = tiny.context.getSequence();
    const ways = { unpenalised: 0, mixed: 0 };
    try {
      await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -1));
      const generated: Token[] = [];
      const repeatPenalty = repeatPenaltyOver({ repeatPenalty: 1.1, repeatPenaltyLastTokens: 64 } as never, prompt, generated)!;
      let pending: Token[] = [prompt.at(-1)!];
      for (let step = 0; step < 24; step++) {
        const { allowed, endAllowed } = allowedAtStep(tiny.model, words, step, repeatPenalty.punishTokens());
        const candidates = [...allowed, ...(endAllowed ? [...tiny.vocab.eog].filter((t) => !allowed.has(t)) : [])];
        const punished = new Set(repeatPenalty.punishTokens());
        ways[candidates.some((t) => punished.has(t)) && candidates.some((t) => !punished.has(t)) ? 'mixed' : 'unpenalised']++;

        const start = sequence.nextTokenIndex;
        const chosen = await chooseAllowed({ model: tiny.model, vocab: tiny.vocab, sequence, pending, repeatPenalty }, allowed, endAllowed, true);
        expect(chosen.probabilities).toBeDefined();
        const probabilities = chosen.probabilities!;
        expect([...probabilities.keys()].sort()).toEqual([...candidates].sort());

        // The reference: the same tokens evaluated again with every other token at -infinity, no lift, no penalty.
        await sequence.eraseContextTokenRanges([{ start, end: sequence.nextTokenIndex }]);
        const reference = sequence.evaluateWithMetadata(pending, { probabilities: true }, {
          temperature: 1,
          topK: candidates.length,
          topP: 1,
          minP: 0,
          seed: 1,
          yieldEogToken: true,
          tokenBias: allowOnly(tiny.model, tiny.vocab, allowed, endAllowed),
        });
        const expected = (await reference.next()).value!.probabilities!;
        await reference.return();
        let sum = 0;
        for (const t of candidates) sum += expected.get(t) ?? 0;
        for (const t of candidates) expect(Math.abs(probabilities.get(t)! - (expected.get(t) ?? 0) / sum)).toBeLessThan(1e-3);

        // Asking for the probabilities never changes the choice: the full bias under the penalty gives it.
        expect(chosen.token).toBe(await greedyUnderFullBias(tiny, sequence, { start, pending }, allowed, endAllowed, repeatPenalty));

        const next = chosen.token ?? [...allowed][0]!;
        generated.push(next);
        pending = [next];
      }
    } finally {
      sequence.dispose();
    }
    // Both kinds of step ran: the mixed one reads the unpenalised probabilities separately.
    expect(ways.unpenalised).toBeGreaterThan(0);
    expect(ways.mixed).toBeGreaterThan(0);
  }, 600_000);
});

describe('HeadTrie.keepsOpen', () => {
  it('says which candidates a token leads to', () => {
    const text = 'The whale swam far. The ship sailed on. A storm came.';
    const starts = [0, text.indexOf('The ship'), text.indexOf('A storm')];
    const candidates = headCandidates(text, starts, { min: 2, max: 3 });
    expect(candidates.map((c) => c.offset)).toEqual(starts);
    const trie = new HeadTrie(candidates, '', tiny.vocab);
    const [the] = tiny.model.tokenize('The');
    const [a] = tiny.model.tokenize('A');
    expect([0, 1, 2].map((k) => trie.keepsOpen(trie.root, the!, k))).toEqual([true, true, false]);
    expect([0, 1, 2].map((k) => trie.keepsOpen(trie.root, a!, k))).toEqual([false, false, true]);
    // After "The", " whale" leads to the first sentence only, " ship" to the second.
    const afterThe = trie.advance(trie.root, the!);
    const [whale] = tiny.model.tokenize(' whale');
    const [ship] = tiny.model.tokenize(' ship');
    expect([0, 1].map((k) => trie.keepsOpen(afterThe, whale!, k))).toEqual([true, false]);
    expect([0, 1].map((k) => trie.keepsOpen(afterThe, ship!, k))).toEqual([false, true]);
    // A token no line continues with keeps nothing open.
    expect(trie.keepsOpen(afterThe, a!, 0)).toBe(false);
  });
});

describe('a model run', () => {
  const tinyEngine = useTinyEngine();
  const text = mobyDickOpening(2400);
  const info = describeDocument('moby-dick-opening.txt', text);
  const run = (decoder: 'trie' | 'grammar') =>
    runModelStrategy(
      { text, info, strategy: 'simple', options: { profile: 'tiny-simple', mode: 'constrained', gpu: 'off', threads: 1, decoder } as never },
      {},
      { engine: tinyEngine.engine, profilesDir: tinyEngine.profilesDir, modelsDir: fixtureModelsDir },
    );

  it('carries the trie’s confidence on its boundaries, in [0, 1], none on the first segment; the grammar none', async () => {
    const trie = await run('trie');
    const grammar = await run('grammar');
    const values = trie.segmentation.notes.map((n) => n.confidence);
    expect(values[0]).toBeUndefined();
    const given = values.filter((c): c is number => c !== undefined);
    expect(given.length).toBeGreaterThan(0);
    for (const c of given) {
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThanOrEqual(1);
      expect(Math.round(c * 1e4) / 1e4).toBe(c);
    }
    expect(grammar.segmentation.notes.every((n) => n.confidence === undefined)).toBe(true);
    expect(grammar.segmentation).toEqual(segmentationWithoutConfidence(trie.segmentation));
  }, 600_000);
});
