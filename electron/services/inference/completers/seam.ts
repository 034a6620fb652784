/**
 * The seam between the backend-neutral windows (plan/) and whatever runs the model. The plan cuts
 * and tokenizes windows itself; a completer only answers "complete this token prompt, under this
 * grammar". The local completer (completers/local: the native engine's sequences, many windows at
 * once) and the remote one (completers/remote: llama-server / vLLM endpoints) implement it; this
 * file imports neither, and nothing of theirs: a completion and a tokenizer are plain data here.
 */
import type { Token } from 'node-llama-cpp';
import type { HeadCandidate } from '../../../../shared/profiles/constrained';
import type { OutputSettings } from '../../../../shared/profiles/schema';
import type { ConstrainedDecoder } from '../../../../shared/strategies/run-options';

/** A window's heads, for a completer that can decode them with a token trie (the local one). */
export interface WindowHeads {
  candidates: readonly HeadCandidate[];
  settings: OutputSettings;
  /** The window starts the document: its first sentence must be the first head. */
  requireFirst: boolean;
}

export interface WindowPrompt {
  /** Prompt tokens: template + window text, already tokenized with the model's tokenizer. */
  tokens: readonly Token[];
  /** GBNF grammar constraining the output (constrained mode), else free generation. */
  grammar?: string;
  /**
   * Constrained mode with the trie decoder asked for: the window's heads, for a completer that can
   * decode them with a token trie; others use `grammar`, which allows the same.
   */
  heads?: WindowHeads;
}

/** What a completion returns: the text, token counts, times and why it stopped. */
export interface WindowCompletion {
  text: string;
  generated: number;
  /** Prompt tokens kept from a cache, not evaluated again. */
  reused: number;
  prefillMs: number;
  generateMs: number;
  stoppedBy: 'end' | 'max-tokens';
  /** Constrained runs: the decoder that really ran (the trie falls back to the grammar; servers take only the grammar). */
  decoder?: ConstrainedDecoder;
  /** Trie decoder only: tokens forced by the trie, chosen among allowed ones, written by a note grammar. */
  steps?: { forced: number; chosen: number; grammar: number; topK: number; fullMatch: number; readTwice: number; fullBias: number };
  /**
   * Trie decoder only: the confidence of the heads it chose over another head or the end, by
   * window candidate index (trie-decoder.ts). A grammar or a server cannot read it: none there.
   */
  headConfidence?: { candidate: number; confidence: number }[];
}

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

/** What the plan needs from the model's tokenizer (a loaded model or a vocab-only one). */
export interface WindowTokenizer {
  tokenize(text: string, specialTokens?: boolean): Token[];
  detokenize(tokens: readonly Token[]): string;
  /** Tokens every prompt starts with (Qwen2: none). */
  readonly promptPrefix: Token[];
  readonly trainContextSize: number;
}
