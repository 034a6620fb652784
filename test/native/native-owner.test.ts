/**
 * The native owner keeps what it holds true: vocab-only tokenizers are leased, the idle ones beyond
 * the most recently used three are disposed (never one a caller holds), and the state the renderer
 * gets names exactly what is loaded. The engine's state follows a model disposed under it. Real
 * GGUF fixtures through node-llama-cpp, nothing mocked.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InferenceEngine } from '../../electron/services/native/engine';
import { nativeState, onNativeState } from '../../electron/services/native/state';
import { disposeVocabModels, leaseVocab } from '../../electron/services/native/vocab-models';
import { requireFixtures, TINY_MODEL } from '../models/paths';

requireFixtures();
const dir = mkdtempSync(join(tmpdir(), 'native-owner-'));
/** Five paths to the same vocabulary: five tokenizers as far as the owner knows. */
const files = [1, 2, 3, 4, 5].map((n) => {
  const file = join(dir, `vocab-${n}.gguf`);
  copyFileSync(TINY_MODEL, file);
  return file;
});

afterAll(async () => {
  await disposeVocabModels();
});

describe('vocab-only tokenizers', () => {
  it('keeps the three most recently used idle ones, never disposes a held one, and says so in the state', async () => {
    const held = await leaseVocab(files[0]!);
    const expected = held.tokenizer.tokenize('Call me Ishmael.');
    const seen: string[][] = [];
    const stop = onNativeState((state) => seen.push(state.tokenizers));
    for (const file of files.slice(1)) (await leaseVocab(file)).release();
    stop();
    // Held: vocab-1; idle, most recent first: 5, 4, 3; vocab-2 was disposed when vocab-5 came.
    expect(nativeState().tokenizers.sort()).toEqual([files[0], files[2], files[3], files[4]].sort());
    expect(seen.at(-1)?.sort()).toEqual(nativeState().tokenizers.sort());
    expect(held.tokenizer.tokenize('Call me Ishmael.')).toEqual(expected);
    held.release();
    // Released, it is the most recent idle one: vocab-3 goes.
    expect(nativeState().tokenizers.sort()).toEqual([files[0], files[3], files[4]].sort());
    // A lease of a kept one gives the same tokens.
    const again = await leaseVocab(files[0]!);
    expect(again.tokenizer.tokenize('Call me Ishmael.')).toEqual(expected);
    again.release();
    await disposeVocabModels();
    expect(nativeState().tokenizers).toEqual([]);
  }, 300_000);
});

describe('the engine state', () => {
  it('names the backend, model and context while a run holds them, and follows a dispose', async () => {
    const engine = new InferenceEngine();
    try {
      expect(engine.state).toMatchObject({ backend: null, model: null, context: null });
      const lease = await engine.lease({ gpu: 'off', modelPath: TINY_MODEL }, () => ({ contextSize: 256, batchSize: 256, threads: 1, sequences: 2 }));
      expect(engine.state).toMatchObject({ stage: 'ready', backend: { backend: 'cpu', requested: 'off' }, model: { path: TINY_MODEL }, context: { adapterPath: null, sequences: 2 } });
      expect(engine.state.context?.contextSize).toBeGreaterThanOrEqual(256);
      // Serializable: what goes to the renderer is plain data.
      expect(JSON.parse(JSON.stringify(engine.state))).toEqual(engine.state);
      const model = lease.model;
      await lease.leave();
      // Disposed by someone else: the dispose listeners clear the model and its context.
      await model.dispose();
      expect(engine.state).toMatchObject({ model: null, context: null });
      // The engine loads it again for the next run.
      const next = await engine.lease({ gpu: 'off', modelPath: TINY_MODEL }, () => ({ contextSize: 256, batchSize: 256, threads: 1, sequences: 1 }));
      expect(engine.modelLoads).toBe(2);
      await next.leave();
    } finally {
      await engine.dispose();
    }
    expect(engine.state).toMatchObject({ backend: null, model: null, context: null });
  }, 300_000);
});
