/**
 * `npm run bench:trie-bias [-- --model FILE] [--steps N] [--threads N] [--note-lines N]`: what the trie decoder's
 * choice among allowed tokens costs per chosen token, beyond a plain greedy decode step. Three
 * ways, each timed over one-token decode steps on one model and context:
 * - plain: greedy, no bias (the baseline);
 * - the trie's choice (chooseAllowed, allowed-choice.ts): the allowed tokens lifted, their top k
 *   read back, O(allowed); a step it cannot prove is decoded again under the full bias (counted);
 * - the full bias alone (allowOnly): -infinity on every other token of the vocabulary (151,936 for
 *   Qwen2), which node-llama-cpp 3.21.1 copies into typed arrays on the JavaScript thread at every
 *   step (getTokenBiasesForAddon): what every chosen token cost before, and a redecoded one now.
 * The repeat penalty is the decoders' (1.1 over the last 64 tokens of prompt and output), so the
 * penalised tokens are the real ones. Then the note lines (bench/note-line-steps.ts): a note token
 * as the trie decoder wrote it before (the note grammar alone) and now (the label from the trie, the
 * grammar with a constant bias), against a plain step; `--note-lines N` (10). Default model: the tiny fixture (the real Qwen2 vocabulary,
 * almost no arithmetic, so the difference is the choice). A benchmark: prints, asserts nothing.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { getLlama, type Token } from 'node-llama-cpp';
import { allowOnly, chooseAllowed } from '../electron/services/inference/completers/local/allowed-choice';
import { repeatPenaltyOver } from '../electron/services/inference/completers/local/repeat-penalty';
import { tokenBytes } from '../electron/services/inference/completers/local/token-bytes';
import { flag } from './flag';
import { loadAverage } from './load';
import { measureNoteLines } from './note-line-steps';

const argv = process.argv.slice(2);
const modelPath = resolve(flag(argv, 'model', 'models/test/tiny-qwen2.gguf'));
const steps = Number(flag(argv, 'steps', '100'));
const threads = Number(flag(argv, 'threads', '1'));
const noteLines = Number(flag(argv, 'note-lines', '10'));
if (!existsSync(modelPath)) throw new Error(`no model at ${modelPath}: run npm run fixtures`);

const llama = await getLlama({ gpu: false });
const model = await llama.loadModel({ modelPath });
const vocab = tokenBytes(model);
if (!vocab) throw new Error('the trie decoder needs a byte-level BPE vocabulary');
const context = await model.createContext({ contextSize: steps * 2 + 64 + noteLines * 200, threads });
const prompt = model.tokenize('The harbour master wrote an entry about the whale.');
// A few allowed tokens at each step, as at a head's branch points: four words of a sentence start,
// a new four at every step (a word's own tokens, so the chosen one rarely repeats within the last 64
// and the penalty seldom leaves the choice unproven; how often it does on real windows is in
// meta.windows[].steps.redecoded, docs/inference.md).
const WORDS = (
  'Call me Ishmael some years ago never mind how long precisely having little or no money in my purse and nothing particular to interest ' +
  'me on shore I thought would sail about see the watery part of world it is a way have driving off spleen regulating circulation whenever find myself growing grim ' +
  'mouth damp drizzly November soul involuntarily pausing before coffin warehouses bringing up rear every funeral meet especially hypos get such upper hand'
).split(' ');
const allowedAt = (step: number) => new Set<Token>(WORDS.slice((step * 4) % (WORDS.length - 4), ((step * 4) % (WORDS.length - 4)) + 4).map((w) => model.tokenize(` ${w}`)[0]!));
const allowed = allowedAt(0);

type Way = 'plain' | 'choice' | 'full-bias';

/** Milliseconds per one-token step over `steps` steps, each a fresh evaluate call as the decoder makes them; and how many were redecoded. */
async function perStep(way: Way): Promise<{ ms: number; redecoded: number; fullBias: number }> {
  const sequence = context.getSequence();
  const generated: Token[] = [];
  const repeatPenalty = repeatPenaltyOver({ repeatPenalty: 1.1, repeatPenaltyLastTokens: 64 } as never, prompt, generated);
  let redecoded = 0;
  let fullBias = 0;
  try {
    await sequence.evaluateWithoutGeneratingNewTokens(prompt);
    let pending: Token[] = [prompt.at(-1)!];
    await sequence.eraseContextTokenRanges([{ start: prompt.length - 1, end: prompt.length }]);
    const started = performance.now();
    for (let i = 0; i < steps; i++) {
      let token: Token | null;
      if (way === 'choice') {
        const r = await chooseAllowed({ model, vocab: vocab!, sequence, pending, repeatPenalty }, allowedAt(i), false);
        if (r.redecoded) redecoded++;
        if (r.fullBias) fullBias++;
        token = r.token;
      } else {
        const iterator = sequence.evaluate(pending, { temperature: 0, repeatPenalty, ...(way === 'full-bias' ? { tokenBias: allowOnly(model, vocab!, allowedAt(i), false) } : {}) });
        const next = await iterator.next();
        await iterator.return();
        token = next.done ? null : next.value;
      }
      token ??= prompt[0]!;
      generated.push(token);
      pending = [token];
    }
    return { ms: (performance.now() - started) / steps, redecoded, fullBias };
  } finally {
    sequence.dispose();
  }
}

await perStep('plain'); // warm-up
const plain = await perStep('plain');
const choice = await perStep('choice');
const full = await perStep('full-bias');
const plainAgain = await perStep('plain');
const base = (plain.ms + plainAgain.ms) / 2;
process.stdout.write(
  `model ${modelPath.split('/').at(-1)}, vocabulary ${vocab.size} tokens, ${allowed.size} allowed (another four each step), threads ${threads}, ${steps} steps each, repeat penalty 1.1 over the last 64 tokens\n` +
    `full bias (before; now only a redecoded step's) ${full.ms.toFixed(2)} ms per step: ${(full.ms - base).toFixed(2)} ms per chosen token for the bias\n` +
    `decode step without bias ${base.toFixed(2)} ms, with the trie's choice ${choice.ms.toFixed(2)} ms: ${(choice.ms - base).toFixed(2)} ms per chosen token for the bias (${choice.redecoded} of ${steps} steps decoded twice, the penalty leaving the first reading open; ${choice.fullBias} needed the full bias)  [${loadAverage()}]\n`,
);
const notes = await measureNoteLines(llama, model, context, vocab, prompt, noteLines);
process.stdout.write(
  `note lines (${notes.lines} "Summary: " lines of at most 120 characters, ${notes.tokens} tokens): plain step ${notes.msPerToken.plain.toFixed(2)} ms, ` +
    `grammar alone (before) ${notes.msPerToken.before.toFixed(2)} ms, label from the trie and grammar with the ${notes.biasSize}-token bias (now) ${notes.msPerToken.now.toFixed(2)} ms per note token; ` +
    `${notes.identical ? 'the same tokens both ways' : 'DIFFERENT tokens'}  [${loadAverage()}]\n`,
);
await context.dispose();
await model.dispose();
