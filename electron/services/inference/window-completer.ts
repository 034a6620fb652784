/**
 * The seam between the segmentation pipeline and whatever runs the model. The pipeline cuts and
 * tokenizes windows itself; a completer only answers "complete this token prompt, under this grammar
 * and adapter". The local engine (one sequence, one window at a time) and the remote backend
 * (llama-server / vLLM endpoints, many windows at once) are the two implementations.
 */
import type { Token } from 'node-llama-cpp';
import type { PromptResult } from './prompt-runner';
import type { HeadDecodePlan } from './trie-decoder';

export interface WindowPrompt {
  /** Prompt tokens: template + window text, already tokenized with the model's tokenizer. */
  tokens: readonly Token[];
  /** GBNF grammar constraining the output (constrained mode), else free generation. */
  grammar?: string;
  /**
   * Constrained mode with the trie decoder asked for: the window's heads, for a completer that can
   * decode them with a token trie (the local engine); others use `grammar`, which allows the same.
   */
  heads?: HeadDecodePlan;
}

/** What a completion returns: the text, token counts, times and why it stopped (as the local runner reports it). */
export type WindowCompletion = PromptResult;

export interface CompletionHooks {
  signal?: AbortSignal;
  onPrefill?: (tokens: number, ms: number) => void;
  onToken?: (ms: number) => void;
}

export interface WindowCompleter {
  /** How many windows may be in flight at once. */
  readonly parallel: number;
  complete(prompt: WindowPrompt, hooks: CompletionHooks): Promise<WindowCompletion>;
}

/** What the pipeline needs from the model's tokenizer (a loaded model or a vocab-only one). */
export interface WindowTokenizer {
  tokenize(text: string, specialTokens?: boolean): Token[];
  detokenize(tokens: readonly Token[]): string;
  /** Tokens every prompt starts with (Qwen2: none). */
  readonly promptPrefix: Token[];
  readonly trainContextSize: number;
}
