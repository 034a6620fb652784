/**
 * The retrieval test's dense scores, through the workbench service with the generated embedding
 * GGUF (real embeddings through node-llama-cpp, not mocked): a chunk whose text is the question
 * scores a cosine of 1 and comes first; asking again embeds only the question and chunks not seen
 * yet; without an embedding model the answer is `model: null` (BM25 only).
 */
import { describe, expect, it } from 'vitest';
import { TINY_EMBED_MODEL } from '../../../test/models/paths';
import { scratchDir } from '../../../test/support/scratch-dir';
import { createWorkbenchService } from '../workbench/service';
import { DenseScorer } from './dense-scores';

const CHUNKS = ['Ships sail the sea and whales swim near them.', 'Taxes fund the budget of the state.', 'Seeds grow in soil; flowers bloom in spring.'];
const TEXT = CHUNKS.join('\n\n');
const RANGES: [number, number][] = [];
for (let i = 0, start = 0; i < CHUNKS.length; i++) {
  RANGES.push([start, start + CHUNKS[i]!.length]);
  start += CHUNKS[i]!.length + 2;
}

describe('dense scores', () => {
  it('scores each chunk by cosine with the question, through the service', async () => {
    const service = createWorkbenchService({ resourcesDir: 'resources', embeddingModel: TINY_EMBED_MODEL, settings: { threads: 1 } } as never);
    try {
      const doc = await service.request('openDocument', { name: 'three.txt', dataBase64: Buffer.from(TEXT).toString('base64') });
      const answer = await service.request('denseScores', { documentId: doc.id, question: CHUNKS[1]!, ranges: RANGES });
      expect(answer.model).toBe('tiny-qwen2-embed.gguf');
      expect(answer.scores).toHaveLength(3);
      for (const score of answer.scores) expect(Math.abs(score)).toBeLessThanOrEqual(1 + 1e-6);
      // The same tokens give the same vector: the chunk that is the question scores 1 and is best.
      expect(answer.scores[1]).toBeCloseTo(1, 5);
      expect(Math.max(...answer.scores)).toBe(answer.scores[1]);
      expect((await service.request('denseScores', { documentId: doc.id, question: '   ', ranges: RANGES })).scores).toEqual([]);
      await expect(service.request('denseScores', { documentId: doc.id, question: 'x', ranges: [[0, TEXT.length + 1]] })).rejects.toMatchObject({ code: 'invalid-params' });
    } finally {
      await service.dispose();
    }
  }, 120_000);

  it('answers model null without an embedding model', async () => {
    // No model named, and none installed in an empty models folder.
    const service = createWorkbenchService({ resourcesDir: 'resources', embeddingModel: null, modelsDir: scratchDir('dense-none-') } as never);
    try {
      const doc = await service.request('openDocument', { name: 'three.txt', dataBase64: Buffer.from(TEXT).toString('base64') });
      expect(await service.request('denseScores', { documentId: doc.id, question: 'taxes', ranges: RANGES })).toEqual({ model: null, scores: [] });
    } finally {
      await service.dispose();
    }
  });

  it('embeds each chunk once per document: later questions embed only what is new', async () => {
    const scorer = new DenseScorer();
    const ask = (question: string, ranges = RANGES) => scorer.scores({ modelFile: TINY_EMBED_MODEL, documentId: 'd1', text: TEXT, ranges, question, threads: 1 });
    const first = await ask('whales and ships');
    expect(scorer.embeddedChunks).toBe(3);
    const again = await ask('whales and ships');
    expect(again).toEqual(first);
    await ask('the state budget');
    expect(scorer.embeddedChunks).toBe(3);
    // A moved boundary: the two changed chunks are embedded, the unchanged one is not.
    const moved: [number, number][] = [RANGES[0]!, [RANGES[1]![0], RANGES[2]![0] + 5], [RANGES[2]![0] + 5, RANGES[2]![1]]];
    await ask('the state budget', moved);
    expect(scorer.embeddedChunks).toBe(5);
  }, 120_000);

  it('scores a chunk longer than the model embeds (its start, cut to the context with the added tokens)', async () => {
    // Thousands of tokens: once refused whole ("longer than the usable context size"), failing
    // every chunk asked with it, so a kept segmentation of long chunks never showed dense hits.
    const long = `${CHUNKS[0]} ${'The whale swam far beyond the ship into the cold sea. '.repeat(400)}`;
    const text = `${long}\n\n${CHUNKS[1]}`;
    const ranges: [number, number][] = [
      [0, long.length],
      [long.length + 2, text.length],
    ];
    const scores = await new DenseScorer().scores({ modelFile: TINY_EMBED_MODEL, documentId: 'long', text, ranges, question: CHUNKS[1]!, threads: 1 });
    expect(scores).toHaveLength(2);
    for (const score of scores) expect(Number.isFinite(score) && Math.abs(score) <= 1 + 1e-6).toBe(true);
    expect(scores[1]).toBeCloseTo(1, 5);
  }, 120_000);
});
