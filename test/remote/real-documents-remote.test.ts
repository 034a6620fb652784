/**
 * One answer per document on a REAL llama-server too: on real documents (long Markdown, a book
 * chapter, German and Chinese text), a remote run (the server decodes the window's GBNF grammar,
 * 2 slots, windows at once) gives the segmentation, warnings and per-window head and token counts
 * of the local trie decoder, for every strategy, on the fixture models; and its meta names the
 * decoder that really ran there, the grammar (it recorded "trie", the decoder asked for, before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { runModelStrategy } from '../../electron/services/inference/run-model-strategy';
import { InferenceEngine } from '../../electron/services/inference/engine';
import { realDocuments, windowsOf } from '../inference/real-documents';
import { fixtureModelsDir, writeTinyProfiles } from '../inference/tiny-profiles';
import { serverSkipReason, startLlamaServer, type RunningServer } from '../support/llama-server';

const skip = serverSkipReason();
if (skip) console.warn(`skipping the llama-server tests: ${skip}`);
const STRATEGIES = ['simple', 'topic', 'summary'] as const;

describe.skipIf(skip !== null)(`remote = local trie on real documents${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let server: RunningServer;
  let engine: InferenceEngine;
  let profilesDir: string;
  beforeAll(async () => {
    server = await startLlamaServer({ parallel: 2 });
    engine = new InferenceEngine();
    profilesDir = writeTinyProfiles();
  });
  afterAll(async () => {
    await server?.kill();
    await engine?.dispose();
  });

  describe.each(realDocuments())('$name', (doc) => {
    const info = describeDocument(doc.name, doc.text);
    const run = (strategy: (typeof STRATEGIES)[number], remote: boolean) =>
      runModelStrategy(
        {
          text: doc.text,
          info,
          strategy,
          options: remote
            ? { profile: `tiny-${strategy}`, mode: 'constrained', backend: 'remote', windowTokens: doc.windowTokens }
            : { profile: `tiny-${strategy}`, mode: 'constrained', gpu: 'off', threads: 1, decoder: 'trie', windowTokens: doc.windowTokens },
          settings: remote ? { remote: { endpoints: [server.url] } } : {},
        },
        {},
        { engine, profilesDir, modelsDir: fixtureModelsDir },
      );

    it.each(STRATEGIES)('%s: the server gives the local trie decoder’s segmentation', { timeout: 1_200_000 }, async (strategy) => {
      const local = await run(strategy, false);
      const remote = await run(strategy, true);
      expect(local.meta.decoder).toBe('trie');
      expect(remote.meta).toMatchObject({ backend: 'remote', decoder: 'grammar', decoderAsked: 'trie' });
      expect(remote.segmentation).toEqual(local.segmentation);
      expect(remote.warnings).toEqual(local.warnings);
      expect(windowsOf(remote)).toEqual(windowsOf(local));
      expect(windowsOf(local).reduce((n, w) => n + w.heads, 0)).toBeGreaterThan(0);
    });
  });
});
