/**
 * The remote backend against a REAL llama-server (built by `npm run server:build` from the llama.cpp
 * source node-llama-cpp ships) gives the same segmentation as the local engine in free mode: greedy, the same
 * boundaries, notes and window outputs, with windows going over the server's 2 slots at once. The
 * server runs the tiny fixture model with the three fixture adapters loaded unapplied; each request
 * picks its own.
 *
 * topic and summary in free mode are the hard case: the random model writes byte tokens that are not
 * UTF-8 (the window outputs hold U+FFFD), which llama-server's own chat-message parse rejects unless
 * the request turns it off (ACCEPT_ANY_OUTPUT_PARSER); the ids come back and are detokenized locally.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { assertValidSegmentation } from '../../shared/document/segmentation';
import type { SegmentationResult } from '../../shared/document/types';
import type { ModelRunMeta } from '../../shared/document/model-run-meta';
import { InferenceEngine } from '../../electron/services/native/engine';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import { fixtureModelsDir, mobyDickOpening, writeTinyProfiles } from '../inference/tiny-profiles';
import { serverSkipReason, startLlamaServer, type RunningServer } from '../support/llama-server';

const skip = serverSkipReason();
if (skip) console.warn(`skipping the llama-server tests: ${skip}`);

const text = mobyDickOpening();
const info = describeDocument('moby-dick-opening.txt', text);

describe.skipIf(skip !== null)(`remote backend = local engine on a real llama-server${skip ? ` (skipped: ${skip})` : ''}`, () => {
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

  function run(strategy: 'simple' | 'topic' | 'summary', mode: 'constrained' | 'free', remote: boolean): Promise<SegmentationResult<ModelRunMeta>> {
    const options = remote ? { profile: `tiny-${strategy}`, mode, backend: 'remote' } : { profile: `tiny-${strategy}`, mode, gpu: 'off', threads: 1 };
    const settings = remote ? { remote: { endpoints: [server.url] } } : {};
    return runModelStrategy({ text, info, strategy, options: options as never, settings }, {}, { engine, profilesDir, modelsDir: fixtureModelsDir });
  }

  // Free mode; constrained decoding on the server is compared with both local decoders, window by
  // window, on real documents (test/inference/real-documents.ts).
  const EQUAL = [
    ['simple', 'free'],
    ['topic', 'free'],
    ['summary', 'free'],
  ] as const;
  describe.each(EQUAL)('%s', (strategy, mode) => {
    it(`${mode}: same offsets, notes and window outputs`, async () => {
      const local = await run(strategy, mode, false);
      const remote = await run(strategy, mode, true);
      assertValidSegmentation(text, remote.segmentation);
      expect(remote.meta.window.count).toBeGreaterThan(1);
      expect(remote.segmentation).toEqual(local.segmentation);
      const outputs = (r: SegmentationResult<ModelRunMeta>) => r.meta.windows.map((w) => ({ output: w.output, heads: w.heads, start: w.start, end: w.end, promptTokens: w.promptTokens }));
      expect(outputs(remote)).toEqual(outputs(local));
      expect(remote.warnings).toEqual(local.warnings);
      // Not an empty agreement: the model wrote heads in both.
      expect(outputs(remote).reduce((n, w) => n + w.heads, 0)).toBeGreaterThan(0);
      // The free topic/summary runs include output bytes that are not UTF-8 (what made the server fail).
      if (mode === 'free' && strategy !== 'simple') expect(outputs(remote).some((w) => w.output?.includes('\uFFFD'))).toBe(true);

      expect(remote.meta.backend).toBe('remote');
      const [served] = remote.meta.backend === 'remote' ? remote.meta.servers : [];
      expect(served).toMatchObject({ endpoint: server.url, kind: 'llama-server' });
      expect(served!.build).toBeTruthy();
      // The profile's adapter, by the id llama-server gave the file (simple 0, topic 1, summary 2).
      expect(served!.adapter).toBe(['simple', 'topic', 'summary'].indexOf(strategy));
      expect(served!.windows).toBe(remote.meta.window.count);
    });
  });
});
