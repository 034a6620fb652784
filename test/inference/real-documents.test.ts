/**
 * One answer per document, whichever path decodes it: on real documents (long Markdown, a book
 * chapter, German and Chinese text), constrained decoding with the local token trie, the local
 * GBNF grammar and a REAL llama-server (which decodes the window's grammar, 2 slots, windows at
 * once) give the same segmentation (offsets and notes), warnings, and per-window heads, token
 * counts and stops, for every strategy, on the fixture models; the remote meta names the decoder
 * that really ran there (the grammar). The trie once counted only its output in the repeat
 * penalty; on llama.cpp's function-calling page that made it end windows the grammar wrote heads
 * in (18 against 21 topic segments), which the fixtures' own text did not show.
 *
 * The trie runs once per document and strategy and is compared with both other paths; the local
 * grammar and the server decode at the same time (the server is its own process), so the file
 * costs about one trie run plus the slower of the other two.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { runModelStrategy } from '../../electron/services/inference/run-model-strategy';
import { serverSkipReason, startLlamaServer, type RunningServer } from '../support/llama-server';
import { realDocuments, windowsOf } from './real-documents';
import { useTinyEngine } from './tiny-engine';
import { fixtureModelsDir } from './tiny-profiles';

const tiny = useTinyEngine();
const skip = serverSkipReason();
if (skip) console.warn(`comparing the local decoders only: ${skip}`);
let server: RunningServer | undefined;
beforeAll(async () => {
  if (!skip) server = await startLlamaServer({ parallel: 2 });
});
afterAll(async () => {
  await server?.kill();
});

const STRATEGIES = ['simple', 'topic', 'summary'] as const;
type Path = 'trie' | 'grammar' | 'remote';

describe.each(realDocuments())('$name', (doc) => {
  const info = describeDocument(doc.name, doc.text);
  const run = (strategy: (typeof STRATEGIES)[number], path: Path) =>
    runModelStrategy(
      {
        text: doc.text,
        info,
        strategy,
        options:
          path === 'remote'
            ? { profile: `tiny-${strategy}`, mode: 'constrained', backend: 'remote', windowTokens: doc.windowTokens }
            : { profile: `tiny-${strategy}`, mode: 'constrained', gpu: 'off', threads: 1, decoder: path, windowTokens: doc.windowTokens },
        settings: path === 'remote' ? { remote: { endpoints: [server!.url] } } : {},
      },
      {},
      { engine: tiny.engine, profilesDir: tiny.profilesDir, modelsDir: fixtureModelsDir },
    );

  it.each(STRATEGIES)(`%s: the trie decoder, the grammar${skip ? '' : ' and llama-server'} give the same segmentation`, { timeout: 1_200_000 }, async (strategy) => {
    const trie = await run(strategy, 'trie');
    const [grammar, remote] = await Promise.all([run(strategy, 'grammar'), server ? run(strategy, 'remote') : undefined]);
    expect(trie.meta.decoder).toBe('trie');
    expect((trie.meta.window as { count: number }).count).toBeGreaterThan(1);
    // Not an empty agreement: the model wrote heads.
    expect(windowsOf(trie).reduce((n, w) => n + w.heads, 0)).toBeGreaterThan(0);

    expect(grammar.meta.decoder).toBe('grammar');
    expect(grammar.segmentation).toEqual(trie.segmentation);
    expect(grammar.warnings).toEqual(trie.warnings);
    expect(windowsOf(grammar)).toEqual(windowsOf(trie));

    if (!remote) return;
    expect(remote.meta).toMatchObject({ backend: 'remote', decoder: 'grammar', decoderAsked: 'trie' });
    expect(remote.segmentation).toEqual(trie.segmentation);
    expect(remote.warnings).toEqual(trie.warnings);
    expect(windowsOf(remote)).toEqual(windowsOf(trie));
  });
});
