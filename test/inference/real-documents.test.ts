/**
 * One answer per document, whichever local decoder runs it: on real documents (long Markdown, a
 * book chapter, German and Chinese text), constrained decoding with the token trie gives the
 * segmentation (offsets and notes), the window outputs and the generated token counts of the
 * GBNF grammar, for every strategy, on the fixture models. The trie once counted only its output
 * in the repeat penalty; on llama.cpp's function-calling page that made it end windows the
 * grammar wrote heads in (18 against 21 topic segments), which the fixtures' own text did not show.
 * The remote path is compared in test/remote/real-documents-remote.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { runModelStrategy } from '../../electron/services/inference/run-model-strategy';
import { realDocuments, windowsOf } from './real-documents';
import { useTinyEngine } from './tiny-engine';
import { fixtureModelsDir } from './tiny-profiles';

const tiny = useTinyEngine();

const STRATEGIES = ['simple', 'topic', 'summary'] as const;

describe.each(realDocuments())('$name', (doc) => {
  const info = describeDocument(doc.name, doc.text);
  const run = (strategy: (typeof STRATEGIES)[number], decoder: 'trie' | 'grammar') =>
    runModelStrategy(
      { text: doc.text, info, strategy, options: { profile: `tiny-${strategy}`, mode: 'constrained', gpu: 'off', threads: 1, decoder, windowTokens: doc.windowTokens } },
      {},
      { engine: tiny.engine, profilesDir: tiny.profilesDir, modelsDir: fixtureModelsDir },
    );

  it.each(STRATEGIES)('%s: the trie decoder and the grammar give the same segmentation', { timeout: 1_200_000 }, async (strategy) => {
    const trie = await run(strategy, 'trie');
    const grammar = await run(strategy, 'grammar');
    expect(trie.meta.decoder).toBe('trie');
    expect(grammar.meta.decoder).toBe('grammar');
    expect((trie.meta.window as { count: number }).count).toBeGreaterThan(1);
    expect(trie.segmentation).toEqual(grammar.segmentation);
    expect(trie.warnings).toEqual(grammar.warnings);
    expect(windowsOf(trie)).toEqual(windowsOf(grammar));
    // Not an empty agreement: the model wrote heads.
    expect(windowsOf(trie).reduce((n, w) => n + w.heads, 0)).toBeGreaterThan(0);
  });
});
