/**
 * vLLM's OpenAI-compatible server (>= 0.10.2), in plain HTTP through requestJson (a byte cap and a
 * timeout on every request, answers checked by schema): `/version` first (an older vLLM ignores
 * `structured_outputs` and answers unconstrained with HTTP 200, so it is refused), `/v1/models`
 * lists the base model (`parent: null`) and the LoRA modules (`--lora-modules simple=... topic=...`),
 * `/v1/completions` takes the token-id prompt with `model` = the module name, the GBNF grammar as
 * `structured_outputs.grammar` (never the `guided_*` fields vLLM 0.12 removed) and
 * `return_token_ids: true`: the generated ids come back and are detokenized locally, as for
 * llama-server. `/tokenize` is vLLM's own route (no `/v1`).
 *
 * Repeat penalty: vLLM's `repetition_penalty` counts every prompt and output token; llama.cpp and
 * the local engine count the last `repeatPenaltyLastTokens`. A window is sent only when the two
 * agree: the penalty is 1, or the window (prompt and new tokens) fits in those last tokens;
 * otherwise the run is refused saying so (`penalty-mismatch`).
 */
import { z } from 'zod';
import { EndpointFailure, RemoteError } from './errors';
import { redact } from '../../../../../shared/util/redact';
import { ANSWER_BODY_BYTES, GENERATION_TIMEOUT_MS, requestJson, secretsOf } from './http';
import type { CompletionAnswer, CompletionRequest, ServerClient, ServerInfo } from './server-client';
import type { EndpointSpec } from './settings';

/** The first vLLM that reads `structured_outputs` and `return_token_ids`. */
export const VLLM_MIN_VERSION = [0, 10, 2] as const;

const versionSchema = z.object({ version: z.string().max(100) }).passthrough();
const modelCardSchema = z
  .object({ id: z.string(), root: z.string().nullish(), parent: z.string().nullish(), max_model_len: z.number().int().min(1).nullish() })
  .passthrough();
const modelsSchema = z.object({ data: z.array(modelCardSchema).min(1).max(4096) }).passthrough();
const tokenizeSchema = z.object({ tokens: z.array(z.number().int().min(0)) }).passthrough();
const completionSchema = z
  .object({
    choices: z
      .array(
        z
          .object({
            text: z.string().nullish(),
            // Asked for (return_token_ids): the ids are what the client reads.
            token_ids: z.array(z.number().int().min(0)),
            finish_reason: z.string().nullish(),
            stop_reason: z.union([z.string(), z.number()]).nullish(),
          })
          .passthrough(),
      )
      .min(1),
    usage: z
      .object({ prompt_tokens_details: z.object({ cached_tokens: z.number().int().min(0).nullish() }).passthrough().nullish() })
      .passthrough()
      .nullish(),
  })
  .passthrough();

/** `0.10.2`, `0.11.0rc1`, `0.10.2.dev5+g1234`: the three numbers, or null. */
export function vllmVersion(text: string): [number, number, number] | null {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null;
}

function atLeast(v: readonly number[], min: readonly number[]): boolean {
  for (let i = 0; i < min.length; i++) if (v[i]! !== min[i]!) return v[i]! > min[i]!;
  return true;
}

export class VllmClient implements ServerClient {
  readonly kind = 'vllm' as const;
  private baseModel: string | null = null;

  constructor(
    readonly endpoint: EndpointSpec,
    private readonly apiKey?: string,
    /** A generation's timeout (queueing included). */
    private readonly generationTimeoutMs = GENERATION_TIMEOUT_MS,
  ) {}

  /** `vLLM 0.10.2`; a RemoteError for an older one or one that does not say. */
  private async version(signal?: AbortSignal): Promise<string> {
    const minimum = VLLM_MIN_VERSION.join('.');
    let text: string;
    try {
      text = (await requestJson(this.endpoint, '/version', undefined, versionSchema, { apiKey: this.apiKey, signal })).version;
    } catch (err) {
      if (err instanceof EndpointFailure && err.status === 404) {
        throw new RemoteError('server-too-old', `the vLLM at ${this.endpoint.url} does not answer /version; the workbench needs vLLM ${minimum} or newer (older ones ignore structured_outputs and answer unconstrained)`);
      }
      throw err;
    }
    const v = vllmVersion(text);
    if (!v || !atLeast(v, VLLM_MIN_VERSION)) {
      throw new RemoteError('server-too-old', `the vLLM at ${this.endpoint.url} is ${v ? v.join('.') : 'of an unknown version'}; the workbench needs vLLM ${minimum} or newer (older ones ignore structured_outputs and answer unconstrained): upgrade it`);
    }
    return `vLLM ${v.join('.')}`;
  }

  async info(signal?: AbortSignal): Promise<ServerInfo> {
    const build = await this.version(signal);
    const cards = (await requestJson(this.endpoint, '/v1/models', undefined, modelsSchema, { apiKey: this.apiKey, signal })).data;
    // The base model's card has `parent: null`; a LoRA module's names the base.
    const base = cards.find((c) => !c.parent) ?? cards[0]!;
    this.baseModel = base.id;
    // Ids go back to the server as they are (`model`); what is shown is redacted.
    const secrets = secretsOf(this.endpoint, this.apiKey);
    return {
      kind: this.kind,
      model: redact(base.root ?? base.id, secrets),
      build,
      slots: null,
      contextPerSlot: base.max_model_len ?? null,
      // A module whose name holds a credential is no module a profile names: left out, so its id is never shown.
      adapters: cards.filter((c) => c.parent && redact(c.id, secrets) === c.id).map((c) => ({ id: c.id, path: redact(c.root ?? c.id, secrets) })),
    };
  }

  async tokenize(text: string, signal?: AbortSignal): Promise<number[]> {
    if (this.baseModel === null) await this.info(signal);
    const body = await requestJson(this.endpoint, '/tokenize', { model: this.baseModel, prompt: text, add_special_tokens: false }, tokenizeSchema, { apiKey: this.apiKey, signal });
    return body.tokens;
  }

  /** The request body of a completion: what vLLM >= 0.10.2 reads, nothing it would ignore. */
  completionBody(request: CompletionRequest): Record<string, unknown> {
    const d = request.decoding;
    const window = request.tokens.length + d.maxNewTokens;
    if (d.repeatPenalty !== 1 && window > d.repeatPenaltyLastTokens) {
      throw new RemoteError(
        'penalty-mismatch',
        `the profile's repeatPenalty ${d.repeatPenalty} counts the last ${d.repeatPenaltyLastTokens} tokens (llama.cpp, the local engine), but vLLM at ${this.endpoint.url} counts all ${window} of a window, so it would decode differently; use a llama-server endpoint, or a profile with repeatPenalty 1 or repeatPenaltyLastTokens of at least ${window}`,
      );
    }
    return {
      model: request.adapter ? String(request.adapter.adapter.id) : this.baseModel,
      prompt: [...request.tokens],
      max_tokens: d.maxNewTokens,
      temperature: d.temperature,
      top_p: d.topP,
      top_k: d.topK > 0 ? d.topK : -1,
      ...(d.seed !== undefined ? { seed: d.seed } : {}),
      repetition_penalty: d.repeatPenalty,
      ...(request.grammar !== undefined ? { structured_outputs: { grammar: request.grammar } } : {}),
      return_token_ids: true,
      stream: false,
    };
  }

  async complete(request: CompletionRequest): Promise<CompletionAnswer> {
    if (this.baseModel === null) await this.info(request.signal);
    const body = this.completionBody(request);
    const started = performance.now();
    const answer = await requestJson(this.endpoint, '/v1/completions', body, completionSchema, {
      apiKey: this.apiKey,
      signal: request.signal,
      timeoutMs: this.generationTimeoutMs,
      maxBytes: ANSWER_BODY_BYTES,
    });
    const choice = answer.choices[0]!;
    // Stopped at the end-of-generation token (no stop string: none is sent), which vLLM keeps in
    // token_ids and leaves out of text; the local engine stops before it, so it is dropped.
    const ids = choice.token_ids;
    const atEnd = choice.finish_reason === 'stop' && (choice.stop_reason ?? null) === null && ids.length > 0;
    const tokens = atEnd ? ids.slice(0, -1) : ids;
    return {
      tokens,
      text: choice.text ?? '',
      generated: tokens.length,
      cached: answer.usage?.prompt_tokens_details?.cached_tokens ?? 0,
      // vLLM does not split its time: all of it counts as generation.
      promptMs: 0,
      generateMs: performance.now() - started,
      stoppedBy: choice.finish_reason === 'length' ? 'max-tokens' : 'end',
    };
  }
}
