/**
 * REGRESSION VALUES, not truths: the figures below were computed once (with the code of this
 * commit) by running every model-free strategy over the committed sample corpora, and pinned.
 * A change here means a strategy, a metric, the question generator or BM25 changed behaviour:
 * if the change is intended, re-pin from the printed diff and say why in the commit message.
 */
import { describe, expect, it } from 'vitest';
import { RULE_STRATEGIES } from '../../shared/strategies';
import { resolveCorpus } from '../../electron/corpus/resolve-corpus';
import { measureStrategy, type StrategyRunner } from '../quality/run-quality';
import type { StrategyFigures } from '../quality/types';

const SAMPLE = 'test/fixtures/corpus-sample';

function pureRunner(name: string): StrategyRunner {
  const strategy = RULE_STRATEGIES.find((s) => s.name === name)!;
  return {
    kind: 'rules',
    run: async ({ text, info }) => {
      const { segmentation, warnings } = strategy.segment(text, {});
      return { document: info, strategy: name, segmentation, warnings, meta: {} };
    },
  };
}

/** Everything but the wall-clock time, rounded so that float noise cannot matter. */
function pinned(f: StrategyFigures) {
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    segments: f.segments,
    pk: r(f.pk),
    windowDiff: r(f.windowDiff),
    f1: r(f.f1),
    embeddingBytes: f.embeddingBytes,
    top1: r(f.retrieval.top1),
    top3: r(f.retrieval.top3),
    rougeL: r(f.retrieval.rougeL),
  };
}

const EXPECTED: Record<string, Record<string, ReturnType<typeof pinned>>> = {
  'novel': {
    'structural': { segments: 36, pk: 0.703378, windowDiff: 1, f1: 0.111111, embeddingBytes: 147456, top1: 0.875, top3: 1, rougeL: 0.221905 },
    'sentence-rules': { segments: 210, pk: 0.703378, windowDiff: 1, f1: 0.019048, embeddingBytes: 860160, top1: 0.875, top3: 1, rougeL: 0.892442 },
    'texttiling': { segments: 15, pk: 0.649953, windowDiff: 0.865118, f1: 0.133333, embeddingBytes: 61440, top1: 1, top3: 1, rougeL: 0.16031 },
    'c99': { segments: 18, pk: 0.508282, windowDiff: 0.756525, f1: 0.111111, embeddingBytes: 73728, top1: 0.875, top3: 1, rougeL: 0.137216 },
  },
  'speeches': {
    'structural': { segments: 18, pk: 0.469008, windowDiff: 0.480212, f1: 0.04878, embeddingBytes: 73728, top1: 1, top3: 1, rougeL: 0.181923 },
    'sentence-rules': { segments: 187, pk: 0.560081, windowDiff: 0.992191, f1: 0.247619, embeddingBytes: 765952, top1: 0.5, top3: 1, rougeL: 0.576076 },
    'texttiling': { segments: 24, pk: 0.432829, windowDiff: 0.453495, f1: 0.12766, embeddingBytes: 98304, top1: 0.916667, top3: 1, rougeL: 0.185665 },
    'c99': { segments: 30, pk: 0.228626, windowDiff: 0.299747, f1: 0.45283, embeddingBytes: 122880, top1: 1, top3: 1, rougeL: 0.285571 },
  },
  'tech-docs': {
    'structural': { segments: 71, pk: 0.323294, windowDiff: 0.42583, f1: 0.238532, embeddingBytes: 290816, top1: 0.916667, top3: 1, rougeL: 0.514195 },
    'sentence-rules': { segments: 657, pk: 0.597998, windowDiff: 0.946462, f1: 0.117986, embeddingBytes: 2691072, top1: 0.25, top3: 0.666667, rougeL: 0.404388 },
    'texttiling': { segments: 32, pk: 0.355757, windowDiff: 0.41053, f1: 0.114286, embeddingBytes: 131072, top1: 0.583333, top3: 1, rougeL: 0.209433 },
    'c99': { segments: 129, pk: 0.389493, windowDiff: 0.590535, f1: 0.143713, embeddingBytes: 528384, top1: 0.916667, top3: 1, rougeL: 0.371685 },
  },
};

describe.each(['novel', 'speeches', 'tech-docs'])('sample corpus %s', (corpusName) => {
  const corpus = resolveCorpus(`${SAMPLE}/${corpusName}`);
  const settings = { tolerance: 0, questionsPerDocument: 4, questionSeed: corpus.manifest.seed };

  it('gold against itself scores perfectly', async () => {
    const gold: StrategyRunner = {
      kind: 'rules',
      run: async ({ text, info }) => {
        const doc = corpus.documents.find((d) => d.text === text)!;
        return { document: info, strategy: 'gold', segmentation: { boundaries: doc.boundaries, notes: [{}, ...doc.boundaries.map(() => ({}))] }, warnings: [], meta: {} };
      },
    };
    const f = await measureStrategy(corpus, 'gold', gold, settings);
    expect([f.pk, f.windowDiff, f.f1, f.precision, f.recall]).toEqual([0, 0, 1, 1, 1]);
  });

  it.each(RULE_STRATEGIES.map((s) => s.name))('%s matches the pinned figures', async (strategy) => {
    const f = await measureStrategy(corpus, strategy, pureRunner(strategy), settings);
    expect(pinned(f)).toEqual(EXPECTED[corpusName]?.[strategy]);
  });
});
