/**
 * The learned strategy's embedding model is loaded once per process while documents keep coming
 * (a batch run), not once per document; the vectors are those of a freshly loaded model. Real
 * embeddings from the generated tiny GGUF through node-llama-cpp, not mocked.
 */
import { describe, expect, it } from 'vitest';
import { TINY_EMBED_MODEL } from '../../../test/models/paths';
import { embedText, loadedEmbeddingModels, openEmbedder } from './embeddings';

const DOCS = ['Ships sail the sea. Whales swim near the ships.', 'Taxes fund the budget. The state needs taxes.', 'Seeds grow in soil. Flowers bloom in spring.'];

describe('embedText', () => {
  it('loads the model once for many documents, also when they come at once', async () => {
    expect(loadedEmbeddingModels()).toBe(0);
    const one = await embedText(TINY_EMBED_MODEL, DOCS[0] as string, { threads: 1 });
    expect(loadedEmbeddingModels()).toBe(1);
    const rest = await Promise.all(DOCS.slice(1).map((text) => embedText(TINY_EMBED_MODEL, text, { threads: 1 })));
    expect(loadedEmbeddingModels()).toBe(1);
    expect([one, ...rest].map((e) => e.unitVectors.length)).toEqual([2, 2, 2]);

    const fresh = await openEmbedder(TINY_EMBED_MODEL, { threads: 1 });
    try {
      expect((await fresh.embed(DOCS[1] as string)).unitVectors).toEqual(rest[0]?.unitVectors);
    } finally {
      await fresh.dispose();
    }
  }, 120_000);
});
