/**
 * The tiny fixture model loaded straight through node-llama-cpp, for the tests that drive a
 * sequence step by step (the allowed choice, the note lines' bias, the heads' confidence): one
 * context of 1,024 tokens on one thread, and the vocabulary's bytes.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { getLlama, type Llama, type LlamaContext, type LlamaContextSequence, type LlamaContextSequenceRepeatPenalty, type LlamaModel, type Token } from 'node-llama-cpp';
import { allowOnly } from '../../electron/services/inference/completers/local/allowed-choice';
import { tokenBytes, type TokenBytes } from '../../electron/services/inference/completers/local/token-bytes';
import { tinyModelPath } from './tiny-profiles';

export interface TinyModel {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  vocab: TokenBytes;
  dispose(): Promise<void>;
}

async function openTinyModel(): Promise<TinyModel> {
  if (!existsSync(tinyModelPath)) throw new Error(`missing ${tinyModelPath}: run npm run fixtures first`);
  const llama = await getLlama({ gpu: false });
  const model = await llama.loadModel({ modelPath: tinyModelPath });
  const context = await model.createContext({ contextSize: 1024, threads: 1 });
  const dispose = async () => {
    await context.dispose();
    await model.dispose();
  };
  return { llama, model, context, vocab: tokenBytes(model)!, dispose };
}

/**
 * The tiny model for a whole test file: opened before its tests, disposed after them. The helper
 * registers both hooks itself so that a file cannot open the model and forget to close it; the
 * fields are filled in by the time a test runs (not while the file is collected), so read them
 * inside tests and hooks only.
 */
export function useTinyModel(): Readonly<Omit<TinyModel, 'dispose'>> {
  const tiny = {} as TinyModel;
  beforeAll(async () => {
    Object.assign(tiny, await openTinyModel());
  });
  afterAll(() => tiny.dispose?.());
  return tiny;
}

/**
 * A step's allowed set in the step-by-step comparisons: four first tokens of words, and on every
 * other step one of the prompt's last tokens (penalised) among them; the end allowed every fifth.
 */
export function allowedAtStep(model: LlamaModel, words: readonly string[], step: number, punished: readonly Token[]): { allowed: Set<Token>; endAllowed: boolean } {
  const allowed = new Set<Token>(words.slice(step * 3, step * 3 + 4).map((w) => model.tokenize(` ${w}`)[0]!));
  if (step % 2 === 0) allowed.add(punished.at(-1 - (step % 7))!);
  return { allowed, endAllowed: step % 5 === 0 };
}

/**
 * The reference choice: the step's tokens from `start` erased and evaluated again, greedy, under
 * the full bias (every other token at -infinity) and llama.cpp's own penalty; null for an end token.
 */
export async function greedyUnderFullBias(
  tiny: Pick<TinyModel, 'model' | 'vocab'>,
  sequence: LlamaContextSequence,
  at: { start: number; pending: Token[] },
  allowed: ReadonlySet<Token>,
  endAllowed: boolean,
  repeatPenalty: LlamaContextSequenceRepeatPenalty,
): Promise<Token | null> {
  await sequence.eraseContextTokenRanges([{ start: at.start, end: sequence.nextTokenIndex }]);
  const reference = sequence.evaluate(at.pending, { temperature: 0, yieldEogToken: true, repeatPenalty, tokenBias: allowOnly(tiny.model, tiny.vocab, allowed, endAllowed) });
  const token = (await reference.next()).value!;
  await reference.return();
  return tiny.vocab.eog.has(token) ? null : token;
}

/**
 * One note line read off a greedy `evaluate` (node-llama-cpp's own sampler, under whatever grammar,
 * bias and penalty it was given): each token goes to `take`, up to and with the first that holds
 * a newline; an end token, the generator's end or `limit` tokens end the line too. The generator
 * is closed either way.
 */
export async function readNoteLine(tiny: Pick<TinyModel, 'model' | 'vocab'>, iterator: AsyncGenerator<Token, void>, take: (token: Token) => void, limit = Infinity): Promise<void> {
  try {
    for (let taken = 0; taken < limit; taken++) {
      const next = await iterator.next();
      if (next.done || tiny.vocab.eog.has(next.value)) break;
      take(next.value);
      if (tiny.model.detokenize([next.value]).includes('\n')) break;
    }
  } finally {
    await iterator.return();
  }
}
