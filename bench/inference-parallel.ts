/**
 * `npm run bench:inference -- --parallel 1,2,4 [--corpus NAME|DIR] [--documents 20] [--max-chars N]
 *  [--window N] [--max-new N] [--mode constrained|free]`: the local engine's batching. For each N it
 * segments the same corpus documents on one loaded model with a context of N sequences, the
 * documents fed to it as a batch is (localDocumentsAtOnce: N at once, their windows sharing the
 * sequences), and prints windows per minute, generated tokens per second, the ratio of each to
 * N = 1, and how many windows decoded differently from N = 1 (batched kernels may round
 * differently on a real-sized model), and how the decodes went (bench/decode-steps.ts). The load average is printed beside every figure.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describeDocument } from '../shared/document/document-info';
import type { SegmentationResult } from '../shared/document/types';
import type { ModelRunMeta } from '../shared/document/model-run-meta';
import type { ProfileInput } from '../shared/profiles/schema';
import type { GpuChoice, InferenceEngine } from '../electron/services/native/engine';
import { localDocumentsAtOnce } from '../electron/services/native/parallel';
import { runModelStrategy } from '../electron/services/strategies/run-model-strategy';
import { runBounded } from '../electron/services/platform/run-bounded';
import { describeDecodes, resetDecodes, watchDecodes } from './decode-steps';
import { loadAverage } from './load';
import { resolveCorpus } from '../electron/corpus/resolve-corpus';

export interface ParallelBench {
  engine: InferenceEngine;
  model: string;
  gpu: GpuChoice;
  threads?: number;
  mode: 'constrained' | 'free';
  sequences: number[];
  corpus: string;
  documents: number;
  maxChars: number;
  windowTokens: number;
  maxNewTokens: number;
}

/** A document cut at a paragraph end before `maxChars`, so every N segments the same text. */
function cut(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const at = text.lastIndexOf('\n\n', maxChars);
  return text.slice(0, at > maxChars / 2 ? at : maxChars);
}

export async function measureParallel(b: ParallelBench): Promise<void> {
  const corpus = resolveCorpus(b.corpus, b.documents);
  const docs = corpus.documents.map((d) => ({ id: d.id, text: cut(d.text, b.maxChars) }));
  const profilesDir = mkdtempSync(join(tmpdir(), 'bench-parallel-'));
  const profile: ProfileInput = {
    name: 'bench-twin-parallel',
    strategy: 'summary',
    model: { merged: { file: b.model } },
    prompt: { format: 'chatml', system: 'You split documents into segments.', template: 'Split this text and summarise each part:\n{{text}}', answerPrefix: '' },
    window: { tokens: b.windowTokens, overlapTokens: Math.floor(b.windowTokens / 16) },
    decoding: { temperature: 0, repeatPenalty: 1.1, repeatPenaltyLastTokens: 64, maxNewTokens: b.maxNewTokens },
    output: { notes: 'summary', noteLabels: ['Summary:'], constrained: { headWords: { min: 3, max: 12 }, headPrefix: '# ', maxNoteChars: 120, scope: 'all' } },
  };
  writeFileSync(join(profilesDir, `${profile.name}.json`), JSON.stringify(profile));
  process.stdout.write(
    `parallel      ${docs.length} documents of ${corpus.manifest.name} (${docs.reduce((n, d) => n + d.text.length, 0)} chars, each cut at ${b.maxChars}), ` +
      `${b.mode}, windows of ${b.windowTokens} tokens, at most ${b.maxNewTokens} new  [${loadAverage()}]\n`,
  );

  let baseline: { windowsPerMinute: number; tokensPerSecond: number; results: SegmentationResult<ModelRunMeta>[] } | null = null;
  watchDecodes();
  for (const n of b.sequences) {
    resetDecodes();
    const started = performance.now();
    const results = await runBounded(docs.length, localDocumentsAtOnce(n), undefined, (i) =>
      runModelStrategy(
        { text: docs[i]!.text, info: describeDocument(`${docs[i]!.id}.txt`, docs[i]!.text), strategy: 'summary', options: { profile: profile.name, mode: b.mode, gpu: b.gpu, threads: b.threads, parallel: n } },
        {},
        { engine: b.engine, profilesDir },
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const windows = results.reduce((k, r) => k + r.meta.window.count, 0);
    const generated = results.reduce((k, r) => k + r.meta.tokens.generated, 0);
    const windowsPerMinute = (windows * 60) / seconds;
    const tokensPerSecond = generated / seconds;
    let line = `N = ${String(n).padEnd(3)}      ${windows} windows, ${generated} tokens generated in ${seconds.toFixed(1)} s: ${windowsPerMinute.toFixed(1)} windows/min, ${tokensPerSecond.toFixed(2)} generated tok/s`;
    if (!baseline) baseline = { windowsPerMinute, tokensPerSecond, results };
    else {
      const outcomes = (r: SegmentationResult<ModelRunMeta>) => r.meta.windows.map((w) => ({ start: w.start, heads: w.heads, generatedTokens: w.generatedTokens, output: w.output }));
      let differing = 0;
      results.forEach((r, i) => {
        const base = outcomes(baseline!.results[i]!);
        outcomes(r).forEach((w, k) => {
          if (!isDeepStrictEqual(w, base[k])) differing++;
        });
      });
      const sameSegmentations = results.filter((r, i) => isDeepStrictEqual(r.segmentation, baseline!.results[i]!.segmentation)).length;
      line +=
        `; ${(windowsPerMinute / baseline.windowsPerMinute).toFixed(2)}x windows/min, ${(tokensPerSecond / baseline.tokensPerSecond).toFixed(2)}x tok/s against N = ${b.sequences[0]}; ` +
        `${differing} of ${windows} windows decoded differently, ${sameSegmentations}/${results.length} segmentations identical`;
    }
    process.stdout.write(`${line}  [${loadAverage()}]\n              ${describeDecodes(n)}\n`);
  }
}
