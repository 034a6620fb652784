/**
 * Runs one prompt on a context sequence: prefill, then generation. This is the whole hot path, so
 * it talks to node-llama-cpp's sequence directly instead of through a chat session:
 * - the prompt arrives as tokens (each document sentence was tokenized once, up front);
 * - the tokens a previous window left in the KV cache are kept as far as they agree with this
 *   prompt (the template's beginning), so they are not evaluated again;
 * - the prefill goes in batches of the context's full batch size: a cancel is noticed at the next
 *   batch boundary. Smaller batches would notice it sooner but cost throughput, and under CPU
 *   contention much more (measured: 29 against 87 tok/s with two busy processes beside it);
 * - constrained generation with `heads` decodes the heads with a token trie (trie-decoder.ts);
 *   `grammar` samples every token under a GBNF grammar;
 * - generation stops at an end-of-generation token (the grammar forces one once it is complete)
 *   or at the profile's token limit.
 */
import { LlamaGrammarEvaluationState, type Llama, type LlamaContextSequence, type LlamaGrammar, type LlamaModel, type Token } from 'node-llama-cpp';
import type { DecodingSettings } from '../../../../../shared/profiles/schema';
import { abortError, throwIfAborted } from '../../errors';
import { betweenSteps, eraseBetweenSteps } from '../../../native/whole-steps';
import { repeatPenaltyOver } from './repeat-penalty';
import { decodeHeads, type HeadDecodePlan } from './trie-decoder';
import type { WindowCompletion } from '../seam';

export interface PromptRun {
  model: LlamaModel;
  sequence: LlamaContextSequence;
  tokens: readonly Token[];
  decoding: DecodingSettings;
  grammar?: LlamaGrammar;
  /** Constrained generation by the trie decoder (instead of `grammar`). */
  heads?: { llama: Llama; plan: HeadDecodePlan };
  signal?: AbortSignal;
  /** Largest batch the context takes. */
  batchSize: number;
  onPrefill?: (tokens: number, ms: number) => void;
  onToken?: (ms: number) => void;
}

/** What a prompt gives back: the seam's completion, so the local completer passes it on as it is. */
export type PromptResult = WindowCompletion;

export async function runPrompt(run: PromptRun): Promise<PromptResult> {
  const { sequence, tokens, signal } = run;
  if (tokens.length === 0) throw new Error('empty prompt');
  throwIfAborted(signal);

  // Keep what the cache shares with this prompt, but always leave the last token to evaluate:
  // generation starts from its logits.
  const keep = Math.min(sequence.compareContextTokens(tokens as Token[]).firstDifferentIndex, tokens.length - 1);
  // Paused between steps meanwhile, the other windows let the erase take the context's lock (whole-steps.ts).
  if (sequence.nextTokenIndex > keep) await eraseBetweenSteps(sequence, [{ start: keep, end: sequence.nextTokenIndex }]);

  const prefillStart = performance.now();
  for (let at = keep; at < tokens.length - 1; ) {
    throwIfAborted(signal);
    const slice = tokens.slice(at, Math.min(tokens.length - 1, at + run.batchSize));
    const t0 = performance.now();
    await betweenSteps(sequence);
    await sequence.evaluateWithoutGeneratingNewTokens(slice as Token[]);
    at += slice.length;
    run.onPrefill?.(slice.length, Math.max(1, performance.now() - t0));
  }
  const prefillMs = performance.now() - prefillStart;
  throwIfAborted(signal);
  // The prompt's last token is evaluated by the generation call below, together with the first new one.
  run.onPrefill?.(1, 0);

  if (run.heads) {
    const generateStart = performance.now();
    const out = await decodeHeads({
      llama: run.heads.llama,
      model: run.model,
      sequence,
      pending: [tokens[tokens.length - 1]!],
      prompt: tokens,
      decoding: run.decoding,
      plan: run.heads.plan,
      signal,
      onToken: run.onToken,
    });
    return {
      text: run.model.detokenize(out.tokens),
      generated: out.tokens.length,
      reused: keep,
      prefillMs,
      generateMs: performance.now() - generateStart,
      stoppedBy: out.stoppedBy,
      steps: out.steps,
      headConfidence: out.confidence,
    };
  }

  const d = run.decoding;
  const generated: Token[] = [];
  const grammarEvaluationState = run.grammar ? new LlamaGrammarEvaluationState({ model: run.model, grammar: run.grammar }) : undefined;
  const generateStart = performance.now();
  let stoppedBy: PromptResult['stoppedBy'] = 'end';
  const iterator = sequence.evaluate([tokens[tokens.length - 1]!], {
    temperature: d.temperature,
    topK: d.topK,
    topP: d.topP,
    seed: d.seed,
    grammarEvaluationState,
    repeatPenalty: repeatPenaltyOver(d, tokens, generated),
  });
  let previous = generateStart;
  try {
    for await (const token of iterator) {
      if (signal?.aborted) throw abortError();
      generated.push(token);
      const now = performance.now();
      run.onToken?.(now - previous);
      previous = now;
      if (generated.length >= d.maxNewTokens) {
        stoppedBy = 'max-tokens';
        break;
      }
      await betweenSteps(sequence);
    }
  } finally {
    await iterator.return();
  }
  return {
    text: run.model.detokenize(generated),
    generated: generated.length,
    reused: keep,
    prefillMs,
    generateMs: performance.now() - generateStart,
    stoppedBy,
  };
}
