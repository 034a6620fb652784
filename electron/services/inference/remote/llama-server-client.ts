/**
 * llama.cpp's llama-server: `/props` (model, slots, context per slot, build), `/lora-adapters`
 * (ids of the adapters started with --lora), `/tokenize`, and `/completion` with a token-array
 * prompt, a GBNF `grammar`, per-request `lora: [{id, scale}]` (unlisted adapters are off),
 * greedy settings from the profile, and `cache_prompt: false` (see complete()).
 * `return_tokens` brings back the generated ids, detokenized locally like the local engine does.
 */
import { probeTimeout, requestJson } from './http';
import type { CompletionAnswer, CompletionRequest, ServerClient, ServerInfo } from './server-client';
import type { EndpointSpec } from './settings';

/**
 * llama-server parses every completion's text as a chat message, even on `/completion`
 * (task_result_state::update_chat_msg → common_chat_parse in tools/server/server-task.cpp); its
 * default "Content-only" parser reads UTF-8 code points (common_peg_until_parser in
 * common/peg-parser.cpp) and fails on bytes that are not UTF-8, which a model can write one byte
 * token at a time, and the server then answers HTTP 500 instead of the completion. The workbench
 * reads the generated ids (`return_tokens`), never that message, so it sends a parser that accepts
 * any text without reading it: one epsilon rule, in the arena's JSON form (common_peg_arena::load).
 * Servers that predate the field ignore it.
 */
export const ACCEPT_ANY_OUTPUT_PARSER = JSON.stringify({ parsers: [{ type: 'epsilon' }], rules: {}, root: 0 });

interface Props {
  total_slots?: number;
  model_path?: string;
  model_alias?: string;
  build_info?: string;
  default_generation_settings?: { n_ctx?: number };
}

interface CompletionBody {
  content: string;
  tokens?: number[];
  tokens_predicted?: number;
  stop_type?: string;
  timings?: { prompt_ms?: number; predicted_ms?: number; cache_n?: number };
}

export class LlamaServerClient implements ServerClient {
  readonly kind = 'llama-server' as const;

  constructor(
    readonly endpoint: EndpointSpec,
    private readonly apiKey?: string,
  ) {}

  async info(signal?: AbortSignal): Promise<ServerInfo> {
    const opts = { apiKey: this.apiKey, signal, timeoutMs: probeTimeout };
    const props = await requestJson<Props>(this.endpoint, '/props', undefined, opts);
    const adapters = await requestJson<{ id: number; path: string }[]>(this.endpoint, '/lora-adapters', undefined, opts);
    return {
      kind: this.kind,
      model: props.model_path ?? props.model_alias ?? 'unknown',
      build: props.build_info ?? null,
      slots: props.total_slots ?? null,
      contextPerSlot: props.default_generation_settings?.n_ctx ?? null,
      adapters: adapters.map((a) => ({ id: a.id, path: a.path })),
    };
  }

  async tokenize(text: string, signal?: AbortSignal): Promise<number[]> {
    const body = await requestJson<{ tokens: number[] }>(this.endpoint, '/tokenize', { content: text, add_special: false }, { apiKey: this.apiKey, signal, timeoutMs: probeTimeout });
    return body.tokens;
  }

  async complete(request: CompletionRequest): Promise<CompletionAnswer> {
    const d = request.decoding;
    const body = await requestJson<CompletionBody>(
      this.endpoint,
      '/completion',
      {
        prompt: request.tokens,
        n_predict: d.maxNewTokens,
        temperature: d.temperature,
        top_k: d.topK,
        top_p: d.topP,
        min_p: 0,
        ...(d.seed !== undefined ? { seed: d.seed } : {}),
        repeat_penalty: d.repeatPenalty,
        repeat_last_n: d.repeatPenaltyLastTokens,
        ...(request.grammar !== undefined ? { grammar: request.grammar } : {}),
        // Every adapter the server holds is listed: the chosen one at its scale, the others off.
        lora: request.adapter ? [{ id: request.adapter.adapter.id, scale: request.adapter.scale }] : [],
        // Off on purpose (docs/scale-out.md, "Why the prompt cache stays off"): llama-server's RAM
        // prompt cache (--cache-ram, on by default) keeps slot states keyed by their tokens only and
        // restores one into a slot before the slot's adapter check, which compares with the slot's
        // previous request, not with the adapter the restored state was computed under; a window
        // could then start from another adapter's KV. Off, each window is evaluated in full.
        cache_prompt: false,
        return_tokens: true,
        chat_parser: ACCEPT_ANY_OUTPUT_PARSER,
        stream: false,
      },
      { apiKey: this.apiKey, signal: request.signal },
    );
    // llama-server counts (and returns) the end-of-generation token it stopped at; the local
    // engine stops before it. Dropped here, so a window's generated tokens are the same count.
    const endToken = body.stop_type === 'eos' ? 1 : 0;
    const predicted = body.tokens_predicted ?? body.tokens?.length ?? 0;
    return {
      tokens: body.tokens ? body.tokens.slice(0, body.tokens.length - endToken) : null,
      text: body.content,
      generated: Math.max(0, predicted - endToken),
      cached: body.timings?.cache_n ?? 0,
      promptMs: body.timings?.prompt_ms ?? 0,
      generateMs: body.timings?.predicted_ms ?? 0,
      stoppedBy: body.stop_type === 'limit' ? 'max-tokens' : 'end',
    };
  }
}
