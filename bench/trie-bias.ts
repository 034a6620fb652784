/**
 * `npm run bench:trie-bias [-- --model FILE] [--steps N] [--threads N]`: what the trie decoder's
 * bias costs per chosen token. Where several tokens are allowed, the decoder puts -infinity on every
 * other token of the vocabulary (151,936 for Qwen2), and node-llama-cpp 3.21.1 copies that bias
 * into typed arrays on the JavaScript thread at every such step (getTokenBiasesForAddon). This
 * times one-token decode steps with and without that bias, on one model and context, and prints
 * the difference per step: a cost that batching does not share, since each sequence's step builds
 * its own. Default model: the tiny fixture (the real Qwen2 vocabulary, almost no arithmetic, so
 * the difference is the bias). A benchmark: it prints figures and asserts nothing.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { getLlama, type Token } from 'node-llama-cpp';
import { allowOnly } from '../electron/services/inference/trie-decoder';
import { tokenBytes } from '../electron/services/inference/token-bytes';
import { flag } from './flag';
import { loadAverage } from './load';

const argv = process.argv.slice(2);
const modelPath = resolve(flag(argv, 'model', 'models/test/tiny-qwen2.gguf'));
const steps = Number(flag(argv, 'steps', '100'));
const threads = Number(flag(argv, 'threads', '1'));
if (!existsSync(modelPath)) throw new Error(`no model at ${modelPath}: run npm run fixtures`);

const llama = await getLlama({ gpu: false });
const model = await llama.loadModel({ modelPath });
const vocab = tokenBytes(model);
if (!vocab) throw new Error('the trie decoder needs a byte-level BPE vocabulary');
const context = await model.createContext({ contextSize: steps * 2 + 64, threads });
const prompt = model.tokenize('The harbour master wrote an entry about the whale.');
// A few allowed tokens, as at a head's branch point.
const allowed = new Set<Token>(model.tokenize(' The a whale harbour'));

/** Milliseconds per one-token step over `steps` steps, each a fresh evaluate call as the decoder makes them. */
async function perStep(biased: boolean): Promise<number> {
  const sequence = context.getSequence();
  try {
    await sequence.evaluateWithoutGeneratingNewTokens(prompt);
    let pending: Token[] = [prompt.at(-1)!];
    await sequence.eraseContextTokenRanges([{ start: prompt.length - 1, end: prompt.length }]);
    const started = performance.now();
    for (let i = 0; i < steps; i++) {
      const iterator = sequence.evaluate(pending, { temperature: 0, ...(biased ? { tokenBias: allowOnly(model, vocab!, allowed, false) } : {}) });
      const next = await iterator.next();
      await iterator.return();
      pending = [next.done ? prompt[0]! : next.value];
    }
    return (performance.now() - started) / steps;
  } finally {
    sequence.dispose();
  }
}

await perStep(false); // warm-up
const plain = await perStep(false);
const biased = await perStep(true);
const plainAgain = await perStep(false);
const base = (plain + plainAgain) / 2;
process.stdout.write(
  `model ${modelPath.split('/').at(-1)}, vocabulary ${vocab.size} tokens, ${allowed.size} allowed, threads ${threads}, ${steps} steps each\n` +
    `decode step without bias ${base.toFixed(2)} ms, with the trie's bias ${biased.toFixed(2)} ms: ${(biased - base).toFixed(2)} ms per chosen token for the bias  [${loadAverage()}]\n`,
);
await context.dispose();
await model.dispose();
