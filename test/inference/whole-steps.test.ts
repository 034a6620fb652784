/**
 * whole-steps.ts on the tiny fixture with real node-llama-cpp: four sequences generating at once
 * share each decode step only when their after-batch action waits for the rest of the batch.
 * Without it node-llama-cpp 3.21.1 decodes N-1 rows a step (the sequence sampled last misses the
 * batch); the test pins that too, so a later version that batches otherwise fails here, loudly,
 * and whole-steps.ts can be dropped or changed. And a window that erases its sequence's old tokens
 * gets the context's lock while another window generates, instead of after it. Which tokens come out is not compared: on the
 * tiny model's near-flat logits, rows decoded in other batches round differently (docs/inference.md,
 * --parallel is not bit-identical), between two runs with whole steps too.
 */
import { describe, expect, it } from 'vitest';
import { getLlama, type LlamaContext, type LlamaContextSequence, type Token } from 'node-llama-cpp';
import { betweenSteps, eraseBetweenSteps, joinWholeSteps } from '../../electron/services/native/whole-steps';
import { tinyModelPath } from './tiny-profiles';

const SEQUENCES = 4;
const NEW_TOKENS = 12;

/** Rows of every llama_decode the context makes, through its native context (3.21.1 internals). */
function countRows(context: LlamaContext): number[] {
  const rows: number[] = [];
  const c = context as unknown as { _ctx: { initBatch(n: number): unknown; addToBatch(...a: unknown[]): unknown; decodeBatch(): Promise<unknown> } };
  const real = c._ctx;
  let current = 0;
  c._ctx = new Proxy(real, {
    get: (target, key) => {
      if (key === 'initBatch') return (n: number) => ((current = 0), target.initBatch(n));
      if (key === 'addToBatch') return (...a: unknown[]) => ((current += (a[2] as Uint32Array).length), target.addToBatch(...a));
      if (key === 'decodeBatch') return () => (rows.push(current), target.decodeBatch());
      const value = (target as unknown as Record<string | symbol, unknown>)[key];
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return rows;
}

async function generate(sequence: LlamaContextSequence, prompt: Token[]): Promise<Token[]> {
  const out: Token[] = [];
  for await (const token of sequence.evaluate(prompt, { temperature: 0, repeatPenalty: { penalty: 1.1, punishTokens: () => out.slice(-64) } })) {
    out.push(token);
    if (out.length >= NEW_TOKENS) break;
  }
  return out;
}

async function run(whole: boolean): Promise<{ rows: number[]; outputs: Token[][] }> {
  const llama = await getLlama({ gpu: false });
  const model = await llama.loadModel({ modelPath: tinyModelPath });
  const context = await model.createContext({ contextSize: 256, sequences: SEQUENCES, threads: 1 });
  try {
    const sequences = Array.from({ length: SEQUENCES }, () => (whole ? joinWholeSteps(context.getSequence()) : context.getSequence()));
    const prompts = ['Call me Ishmael.', 'Some years ago,', 'never mind how long', 'having little or no money'].map((t) => model.tokenize(t));
    // The prompts are decoded first, together, so that generation starts in step.
    await Promise.all(sequences.map((s, i) => s.evaluateWithoutGeneratingNewTokens(prompts[i]!.slice(0, -1))));
    const rows = countRows(context);
    const outputs = await Promise.all(sequences.map((s, i) => generate(s, [prompts[i]!.at(-1)!])));
    return { rows, outputs };
  } finally {
    await context.dispose();
    await model.dispose();
  }
}

describe('joinWholeSteps', () => {
  it('lets every sequence in flight share each decode step', async () => {
    const plain = await run(false);
    const whole = await run(true);
    const generated = SEQUENCES * NEW_TOKENS;
    // node-llama-cpp alone: fewer rows per step than sequences, so more steps than tokens per sequence.
    expect(plain.rows.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(generated - SEQUENCES);
    expect(plain.rows.length).toBeGreaterThan(NEW_TOKENS);
    // With whole steps: one decode per generated token position, all four sequences in each.
    expect(whole.rows.filter((r) => r === SEQUENCES).length).toBeGreaterThanOrEqual(NEW_TOKENS - 1);
    expect(whole.rows.length).toBeLessThanOrEqual(NEW_TOKENS);
    expect(whole.outputs.map((o) => o.length)).toEqual(plain.outputs.map((o) => o.length));
  });
});

/** How many tokens sequence A had generated when B's erase of its old tokens was done, and in all. */
async function eraseWhileGenerating(gated: boolean): Promise<{ doneAfter: number; total: number }> {
  const llama = await getLlama({ gpu: false });
  const model = await llama.loadModel({ modelPath: tinyModelPath });
  const context = await model.createContext({ contextSize: 256, sequences: 2, threads: 1 });
  try {
    const [a, b] = [joinWholeSteps(context.getSequence()), joinWholeSteps(context.getSequence())];
    await b.evaluateWithoutGeneratingNewTokens(model.tokenize('Call me Ishmael. Some years ago,'));
    const total = 40;
    let generated = 0;
    const generating = (async () => {
      for await (const token of a.evaluate(model.tokenize('having little or no money'), { temperature: 0 })) {
        void token;
        if (++generated >= total) break;
        if (gated) await betweenSteps(a);
      }
    })();
    // Wait until A is generating, then erase B's tokens.
    while (generated < 3) await new Promise((resolve) => setTimeout(resolve, 1));
    if (gated) await eraseBetweenSteps(b, [{ start: 2, end: b.nextTokenIndex }]);
    else await b.eraseContextTokenRanges([{ start: 2, end: b.nextTokenIndex }]);
    const doneAfter = generated;
    await generating;
    expect(b.nextTokenIndex).toBe(2);
    return { doneAfter, total: generated };
  } finally {
    await context.dispose();
    await model.dispose();
  }
}

describe('eraseBetweenSteps', () => {
  it('erases while another sequence generates, where a plain erase waits for it to stop', async () => {
    const plain = await eraseWhileGenerating(false);
    expect(plain.doneAfter).toBe(plain.total);
    const gated = await eraseWhileGenerating(true);
    expect(gated.doneAfter).toBeLessThan(10);
  });
});
