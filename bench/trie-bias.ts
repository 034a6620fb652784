/**
 * `npm run bench:trie-bias [-- --model FILE] [--steps N] [--threads N] [--note-lines N]`: what the trie decoder's
 * choice among allowed tokens costs per chosen token, beyond a plain greedy decode step. Three
 * ways, each timed over one-token decode steps on one model and context:
 * - plain: greedy, no bias (the baseline);
 * each a decode and a reading of its logits on a native sampler kept across the steps
 * (same-logits.ts), as the trie decoder makes its steps and as a free generation keeps its sampler;
 * - the trie's choice (chooseAllowed, allowed-choice.ts): the allowed tokens lifted, their top k
 *   read back, O(allowed); a step the first reading cannot prove is read a second time on the same
 *   logits (same-logits.ts, no second decode), and the full bias read where both leave it open (counted);
 * - the full bias alone (allowOnly): -infinity on every other token of the vocabulary (151,936 for
 *   Qwen2), which node-llama-cpp 3.21.1 copies into typed arrays on the JavaScript thread at every
 *   step (getTokenBiasesForAddon): what every chosen token cost before issue 34.
 * Plain and choice steps run in pairs, alternating which goes first, each on its own sequence; the
 * figure is the median of the pairs' differences (the shared machine's load moves within seconds).
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
import { decodeAndRead, StepSamplers } from '../electron/services/inference/completers/local/same-logits';
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
const context = await model.createContext({ contextSize: steps * 2 + 64 + noteLines * 200, threads, sequences: 2 });
const prompt = model.tokenize('The harbour master wrote an entry about the whale.');
// One sequence for every run of steps, cleared before each (a disposed one is reclaimed later).
const sequence = context.getSequence();
// A few allowed tokens at each step, as at a head's branch points: four words of a sentence start,
// a new four at every step (a word's own tokens, so the chosen one rarely repeats within the last 64
// and the penalty seldom leaves the choice unproven; how often it does on real windows is in
// meta.windows[].steps.readTwice, docs/inference.md).
const WORDS = (
  'Call me Ishmael some years ago never mind how long precisely having little or no money in my purse and nothing particular to interest ' +
  'me on shore I thought would sail about see the watery part of world it is a way have driving off spleen regulating circulation whenever find myself growing grim ' +
  'mouth damp drizzly November soul involuntarily pausing before coffin warehouses bringing up rear every funeral meet especially hypos get such upper hand'
).split(' ');
const allowedAt = (step: number) => new Set<Token>(WORDS.slice((step * 4) % (WORDS.length - 4), ((step * 4) % (WORDS.length - 4)) + 4).map((w) => model.tokenize(` ${w}`)[0]!));
const allowed = allowedAt(0);

type Way = 'plain' | 'choice' | 'full-bias';

/**
 * Steps one token at a time on one sequence, each step a fresh call as the decoder makes it; at
 * each step the pending tokens are decoded once per way asked (erased in between, so every way
 * decodes the same tokens at the same position), in the order given, each timed; the run goes on
 * with the last way's token.
 */
async function paired(ways: Way[], count: number, alternate: boolean) {
  await sequence.clearHistory();
  // Kept across the run's steps, as the trie decoder keeps them (same-logits.ts), and as a free
  // generation keeps its one: each way decodes and samples the same way, only the choice differs.
  const samplers = new StepSamplers(sequence);
  const greedySamplers = new StepSamplers(sequence);
  const generated: Token[] = [];
  const repeatPenalty = repeatPenaltyOver({ repeatPenalty: 1.1, repeatPenaltyLastTokens: 64 } as never, prompt, generated);
  const ms: Record<Way, number[]> = { plain: [], choice: [], 'full-bias': [] };
  const counts = { readTwice: 0, fullBias: 0 };
  try {
    await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -1));
    let pending: Token[] = [prompt.at(-1)!];
    for (let i = 0; i < count; i++) {
      const order = alternate && i % 2 === 1 ? [...ways].reverse() : ways;
      let token: Token | null = null;
      for (const [n, way] of order.entries()) {
        if (n > 0) await sequence.eraseContextTokenRanges([{ start: sequence.nextTokenIndex - pending.length, end: sequence.nextTokenIndex }]);
        const started = performance.now();
        if (way === 'choice') {
          const r = await chooseAllowed({ model, vocab: vocab!, sequence, pending, repeatPenalty, samplers }, allowedAt(i), false);
          if (r.readTwice) counts.readTwice++;
          if (r.fullBias) counts.fullBias++;
          token = r.token;
        } else {
          const options = { temperature: 0, repeatPenalty, ...(way === 'full-bias' ? { tokenBias: allowOnly(model, vocab!, allowedAt(i), false) } : {}) };
          token = await decodeAndRead(sequence, pending, async (read) => (await read(options, false)).token, false, greedySamplers);
        }
        ms[way].push(performance.now() - started);
      }
      token ??= prompt[0]!;
      generated.push(token);
      pending = [token];
    }
  } finally {
    samplers.dispose();
    greedySamplers.dispose();
  }
  return { ms, counts };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

// Plain and choice steps in pairs on the same tokens, alternating which goes first: the machine's
// load (shared, moving within seconds) falls on both alike, and the per-pair difference is what
// the choice costs; its median is robust to a pair that a burst of load hit.
await paired(['plain'], 10, false); // warm-up
const main = await paired(['plain', 'choice'], steps, true);
const diffs = main.ms.choice.map((c, i) => c - main.ms.plain[i]!);
const full = await paired(['plain', 'full-bias'], Math.min(steps, 30), true);
const fullDiffs = full.ms['full-bias'].map((c, i) => c - full.ms.plain[i]!);
process.stdout.write(
  `model ${modelPath.split('/').at(-1)}, vocabulary ${vocab.size} tokens, ${allowed.size} allowed (another four each step), threads ${threads}, ${steps} steps each, repeat penalty 1.1 over the last 64 tokens\n` +
    `full bias (before issue 34; now only a step both readings leave open) ${median(full.ms['full-bias']).toFixed(2)} ms per step: ${median(fullDiffs).toFixed(2)} ms per chosen token for the bias (medians of ${fullDiffs.length} paired steps)\n` +
    `decode step without bias ${median(main.ms.plain).toFixed(2)} ms, with the trie's choice ${median(main.ms.choice).toFixed(2)} ms (medians; means ${mean(main.ms.plain).toFixed(2)} and ${mean(main.ms.choice).toFixed(2)}): ` +
    `${median(diffs).toFixed(2)} ms per chosen token for the bias (median of ${steps} paired steps; mean ${mean(diffs).toFixed(2)}; ` +
    `${main.counts.readTwice} of ${steps} steps read twice on the same logits, ${main.counts.fullBias} needed the full bias)  [${loadAverage()}]\n`,
);
const notes = await measureNoteLines(llama, model, context, vocab, prompt, noteLines);
process.stdout.write(
  `note lines (${notes.lines} "Summary: " lines of at most 120 characters, ${notes.tokens} tokens): plain step ${notes.msPerToken.plain.toFixed(2)} ms, ` +
    `grammar alone (before) ${notes.msPerToken.before.toFixed(2)} ms, label from the trie, then noteStep with the ${notes.biasSize}-token bias (now) ${notes.msPerToken.now.toFixed(2)} ms per note token ` +
    `(text tokens: ${notes.ways.greedy} greedy, ${notes.ways['top-k']} top-k, ${notes.ways.grammar} full grammar match); ` +
    `${notes.identical ? 'the same tokens both ways' : 'DIFFERENT tokens'}  [${loadAverage()}]\n`,
);
await context.dispose();
await model.dispose();
