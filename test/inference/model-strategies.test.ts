/**
 * End to end on the tiny fixture model with real node-llama-cpp: each profile segments a page of
 * Moby-Dick that needs several windows, in constrained and in free mode, on one engine whose base
 * model stays loaded while the adapters change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { assertValidSegmentation, toSegments } from '../../shared/document/segmentation';
import type { SegmentationResult } from '../../shared/document/types';
import type { ModelRunMeta, WindowRecord } from '../../shared/document/model-run-meta';
import { sentenceStarts } from '../../shared/text/sentences';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import type { ModelRunProgress } from '../../electron/services/inference/plan/progress';
import { useTinyEngine } from './tiny-engine';
import { fixtureModelsDir, mobyDickOpening } from './tiny-profiles';

// One thread: the tiny model needs no more, and on a busy 2-core machine llama.cpp's threads
// spin-wait on each other (a token then takes seconds instead of milliseconds).
const THREADS = 1;

const text = mobyDickOpening();
const info = describeDocument('moby-dick-opening.txt', text);
const starts = new Set(sentenceStarts(text));
const tiny = useTinyEngine();
/** The engine's stage changes over the whole file (load progress repeats the current stage). */
const stages: string[] = [];
beforeAll(() => {
  tiny.engine.onState((state) => {
    if (stages.at(-1) !== state.stage) stages.push(state.stage);
  });
});

function run(strategy: 'simple' | 'topic' | 'summary', mode: 'constrained' | 'free', options: Record<string, unknown> = {}, signal?: AbortSignal, onProgress?: (p: unknown) => void) {
  return runModelStrategy(
    { text, info, strategy, options: { profile: `tiny-${strategy}`, mode, gpu: 'off', threads: THREADS, ...options } as never },
    { signal, onProgress },
    { engine: tiny.engine, profilesDir: tiny.profilesDir, modelsDir: fixtureModelsDir },
  );
}

function windowsOf(result: SegmentationResult<ModelRunMeta>): WindowRecord[] {
  return result.meta.windows;
}


describe.each(['simple', 'topic', 'summary'] as const)('%s profile on the tiny model', (strategy) => {
  it('constrained: every head lands exactly at a sentence start, with a note when the profile has notes', async () => {
    const progress: ModelRunProgress[] = [];
    const result = await run(strategy, 'constrained', {}, undefined, (p) => progress.push(p as ModelRunProgress));
    // Progress: windows and tokens only grow, and the last event says all is done.
    const generating = progress.filter((p) => p.stage !== 'loading');
    expect(generating.length).toBeGreaterThan(1);
    for (let i = 1; i < generating.length; i++) {
      expect(generating[i]!.windowsDone).toBeGreaterThanOrEqual(generating[i - 1]!.windowsDone);
      expect(generating[i]!.tokensIn).toBeGreaterThanOrEqual(generating[i - 1]!.tokensIn);
      expect(generating[i]!.tokensOut).toBeGreaterThanOrEqual(generating[i - 1]!.tokensOut);
    }
    expect(generating.at(-1)).toMatchObject({ stage: 'done', windowsDone: generating.at(-1)!.windowsTotal, etaSeconds: 0 });
    expect(generating.at(-1)!.tokensPerSecond).toBeGreaterThan(0);
    expect(generating.at(-1)!.tokensIn).toBe(result.meta.tokens.prompt);
    assertValidSegmentation(text, result.segmentation);
    expect(result.meta.window.count).toBeGreaterThan(1);
    expect(result.warnings.filter((w) => w.code === 'head-not-found')).toEqual([]);
    const windows = windowsOf(result);
    for (const w of windows) expect(w.placed).toBe(w.heads);
    // Greedy decoding on the seeded fixture is deterministic: each profile writes several heads.
    expect(windows.reduce((n, w) => n + w.heads, 0)).toBeGreaterThan(1);
    expect(result.segmentation.boundaries.length).toBeGreaterThan(0);
    for (const b of result.segmentation.boundaries) expect(starts.has(b)).toBe(true);
    if (strategy !== 'simple') {
      for (const note of result.segmentation.notes) expect(note[strategy]?.trim()).toBeTruthy();
      expect(result.warnings.filter((w) => w.code === 'note-missing')).toEqual([]);
    }
    expect(result.meta).toMatchObject({ kind: 'model', mode: 'constrained', backend: 'cpu', profile: { name: `tiny-${strategy}` } });
    const { files } = result.meta;
    expect(files.model.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(files.adapter?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(result.meta.timingsMs)).toEqual(['check', 'load', 'tokenize', 'generate', 'locate']);
  });

  it('free: keeps the raw output, turns unplaceable heads into warnings and loses no text', async () => {
    const result = await run(strategy, 'free');
    assertValidSegmentation(text, result.segmentation);
    expect(toSegments(text, result.segmentation).map((s) => s.text).join('')).toBe(text);
    const { windows } = result.meta;
    for (const w of windows) expect(typeof w.output).toBe('string');
    const heads = windows.reduce((n, w) => n + w.heads, 0);
    const placed = windows.reduce((n, w) => n + w.placed, 0);
    const unplaced = result.warnings.filter((w) => w.code === 'head-not-found' || w.code === 'duplicate-head');
    // The random model writes gibberish: its heads cannot be placed, and each one is reported.
    expect(heads).toBeGreaterThan(0);
    expect(unplaced.length).toBeGreaterThan(0);
    expect(placed + unplaced.length).toBe(heads);
  });
});

describe('the engine', () => {
  it('swaps adapters without reloading the base model', () => {
    // The runs above, in order: each profile constrained, then free, each with its own adapter.
    expect(tiny.engine.modelLoads).toBe(1);
    expect(stages.filter((stage) => stage === 'loading-model')).toHaveLength(1);
    expect(tiny.engine.contextCreations).toBe(3);
    expect(stages.filter((stage) => stage === 'creating-context')).toHaveLength(3);
    // The base model loads before the first context and never again.
    expect(stages.indexOf('loading-model')).toBeLessThan(stages.indexOf('creating-context'));
  });

  it('cancels mid-generation with an AbortError, frees the context and stays usable', async () => {
    const controller = new AbortController();
    const progress: { tokensOut: number; windowsDone: number; windowsTotal: number }[] = [];
    let outAfterFirstWindow: number | null = null;
    const pending = run('summary', 'free', {}, controller.signal, (p) => {
      const q = p as { tokensOut: number; windowsDone: number; windowsTotal: number };
      progress.push(q);
      if (q.windowsDone === 1 && outAfterFirstWindow === null) outAfterFirstWindow = q.tokensOut;
      // Abort while the second window is generating.
      if (outAfterFirstWindow !== null && q.tokensOut > outAfterFirstWindow && !controller.signal.aborted) controller.abort();
    });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(controller.signal.aborted).toBe(true);
    const total = Math.max(...progress.map((p) => p.windowsTotal));
    expect(progress.at(-1)!.windowsDone).toBeLessThan(total);
    expect(tiny.engine.state.stage).toBe('idle');
    const after = await run('simple', 'free');
    assertValidSegmentation(text, after.segmentation);
    expect(tiny.engine.modelLoads).toBe(1);
  });
});
