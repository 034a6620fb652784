/**
 * llama.cpp's llama-server: `/props` (model, slots, context per slot, build), `/lora-adapters`
 * (ids of the adapters started with --lora), `/tokenize`, and `/completion` with a token-array
 * prompt, a GBNF `grammar`, per-request `lora: [{id, scale}]` (unlisted adapters are off),
 * greedy settings from the profile, and `cache_prompt: false` (see complete()).
 * `return_tokens` brings back the generated ids, detokenized locally like the local engine does.
 */
import { z } from 'zod';
import { redact } from '../../../../../shared/util/redact';
import { ANSWER_BODY_BYTES, GENERATION_TIMEOUT_MS, requestJson, secretsOf } from './http';
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

/** The answers' shapes, as far as the client reads them (other fields pass). */
const tokenId = z.number().int().min(0);
export const propsSchema = z
  .object({
    total_slots: z.number().int().min(1).optional(),
    model_path: z.string().optional(),
    model_alias: z.string().optional(),
    build_info: z.string().optional(),
    default_generation_settings: z.object({ n_ctx: z.number().int().min(1).optional() }).passthrough().optional(),
  })
  .passthrough();
const adaptersSchema = z.array(z.object({ id: z.number().int().min(0), path: z.string() }).passthrough()).max(4096);
const tokenizeSchema = z.object({ tokens: z.array(tokenId) }).passthrough();
const completionSchema = z
  .object({
    content: z.string(),
    tokens: z.array(tokenId).optional(),
    tokens_predicted: z.number().int().min(0).optional(),
    stop_type: z.string().optional(),
    timings: z.object({ prompt_ms: z.number().optional(), predicted_ms: z.number().optional(), cache_n: z.number().optional() }).passthrough().optional(),
  })
  .passthrough();

export class LlamaServerClient implements ServerClient {
  readonly kind = 'llama-server' as const;

  constructor(
    readonly endpoint: EndpointSpec,
    private readonly apiKey?: string,
    /** A generation's timeout (queueing included). */
    private readonly generationTimeoutMs = GENERATION_TIMEOUT_MS,
  ) {}

  async info(signal?: AbortSignal): Promise<ServerInfo> {
    const opts = { apiKey: this.apiKey, signal };
    const props = await requestJson(this.endpoint, '/props', undefined, propsSchema, opts);
    const adapters = await requestJson(this.endpoint, '/lora-adapters', undefined, adaptersSchema, opts);
    // What is shown (rows, meta, messages) is the server's text: redacted, should it echo a credential.
    const secrets = secretsOf(this.endpoint, this.apiKey);
    return {
      kind: this.kind,
      model: redact(props.model_path ?? props.model_alias ?? 'unknown', secrets),
      build: props.build_info === undefined ? null : redact(props.build_info, secrets),
      slots: props.total_slots ?? null,
      contextPerSlot: props.default_generation_settings?.n_ctx ?? null,
      adapters: adapters.map((a) => ({ id: a.id, path: redact(a.path, secrets) })),
    };
  }

  async tokenize(text: string, signal?: AbortSignal): Promise<number[]> {
    const body = await requestJson(this.endpoint, '/tokenize', { content: text, add_special: false }, tokenizeSchema, { apiKey: this.apiKey, signal });
    return body.tokens;
  }

  async complete(request: CompletionRequest): Promise<CompletionAnswer> {
    const d = request.decoding;
    const body = await requestJson(
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
      completionSchema,
      { apiKey: this.apiKey, signal: request.signal, timeoutMs: this.generationTimeoutMs, maxBytes: ANSWER_BODY_BYTES },
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
