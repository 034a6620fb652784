/**
 * What the remote backend needs from an inference server, whatever its kind: what it serves, its
 * tokenizer (for the vocabulary check) and a completion of a token prompt under a grammar with one
 * of its LoRA adapters.
 */
import type { DecodingSettings } from '../../../../../shared/profiles/schema';
import type { EndpointSpec, ServerKind } from './settings';

export interface ServedAdapter {
  /** llama-server: the numeric id for `lora: [{id, scale}]`; vLLM: the LoRA module name (the `model`). */
  id: number | string;
  /** The adapter file or folder the server loaded it from, or the module name. */
  path: string;
}

export interface ServerInfo {
  kind: ServerKind;
  /** The base model the server runs (its path or name). */
  model: string;
  /** The server's build (llama-server's build_info; vLLM: not reported). */
  build: string | null;
  /** Parallel slots (llama-server --parallel); null when the server does not say. */
  slots: number | null;
  /** Context per slot in tokens; null when the server does not say. */
  contextPerSlot: number | null;
  adapters: ServedAdapter[];
}

export interface CompletionRequest {
  tokens: readonly number[];
  grammar?: string;
  adapter?: { adapter: ServedAdapter; scale: number };
  decoding: DecodingSettings;
  signal?: AbortSignal;
}

export interface CompletionAnswer {
  /** Generated token ids when the server returns them (llama-server), else null. */
  tokens: number[] | null;
  text: string;
  generated: number;
  /** Prompt tokens the server's cache already held. */
  cached: number;
  promptMs: number;
  generateMs: number;
  stoppedBy: 'end' | 'max-tokens';
}

export interface ServerClient {
  readonly endpoint: EndpointSpec;
  readonly kind: ServerKind;
  info(signal?: AbortSignal): Promise<ServerInfo>;
  /** The server's tokens for a text, without special tokens added. */
  tokenize(text: string, signal?: AbortSignal): Promise<number[]>;
  complete(request: CompletionRequest): Promise<CompletionAnswer>;
}
