/**
 * vLLM's OpenAI-compatible server, through the `openai` client: `/v1/models` lists the base model
 * and the LoRA modules (`--lora-modules simple=... topic=... summary=...`), `/v1/completions` takes
 * the token-id prompt with `model` = the module name and the GBNF grammar as
 * `structured_outputs.grammar` (vLLM >= 0.12; older versions called it `guided_grammar`).
 * `/tokenize` (vLLM's own route, not OpenAI's) is plain HTTP.
 *
 * vLLM's repetition penalty counts every prompt and output token, llama.cpp's only the last N: with
 * a penalty other than 1 the two can decode differently (docs/scale-out.md).
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { EndpointFailure, connectionCode } from './errors';
import { authHeaders, probeTimeout, requestJson } from './http';
import type { CompletionAnswer, CompletionRequest, ServerClient, ServerInfo } from './server-client';
import { withoutCredentials, withoutKey, type EndpointSpec } from './settings';

interface ModelCard {
  id: string;
  root?: string;
  parent?: string | null;
  max_model_len?: number;
}

export class VllmClient implements ServerClient {
  readonly kind = 'vllm' as const;
  private readonly client: OpenAI;
  private baseModel: string | null = null;

  constructor(
    readonly endpoint: EndpointSpec,
    private readonly apiKey?: string,
  ) {
    // The pool retries elsewhere and aborts on cancel: the client itself neither retries nor times out.
    this.client = new OpenAI({
      baseURL: `${endpoint.requestUrl}/v1`,
      apiKey: apiKey ?? 'none',
      ...(apiKey ? {} : { defaultHeaders: authHeaders(endpoint) }),
      maxRetries: 0,
      timeout: 24 * 3600_000,
    });
  }

  private fail(err: unknown, signal?: AbortSignal): never {
    if (signal?.aborted || err instanceof APIUserAbortError) throw signal?.reason ?? err;
    if (err instanceof APIError && err.status !== undefined) {
      const status = err.status;
      const message = withoutKey(withoutCredentials((err.error as { message?: string } | undefined)?.message ?? err.message), this.apiKey);
      throw new EndpointFailure(this.endpoint.url, status, `HTTP ${status}: ${message}`, status === 429 || status === 503 || status === 502 || status === 504);
    }
    if (err instanceof APIConnectionTimeoutError || err instanceof APIConnectionError) {
      throw new EndpointFailure(this.endpoint.url, null, `connection failed (${connectionCode(err) ?? withoutKey(withoutCredentials(err.message), this.apiKey)})`, true);
    }
    throw err;
  }

  async info(signal?: AbortSignal): Promise<ServerInfo> {
    let cards: ModelCard[];
    try {
      const page = await this.client.models.list({ signal, timeout: probeTimeout });
      cards = page.data as unknown as ModelCard[];
    } catch (err) {
      this.fail(err, signal);
    }
    const base = cards.find((c) => !c.parent) ?? cards[0];
    this.baseModel = base?.id ?? null;
    return {
      kind: this.kind,
      model: base?.root ?? base?.id ?? 'unknown',
      build: null,
      slots: null,
      contextPerSlot: base?.max_model_len ?? null,
      adapters: cards.filter((c) => c.parent).map((c) => ({ id: c.id, path: c.root ?? c.id })),
    };
  }

  async tokenize(text: string, signal?: AbortSignal): Promise<number[]> {
    if (this.baseModel === null) await this.info(signal);
    const body = await requestJson<{ tokens: number[] }>(this.endpoint, '/tokenize', { model: this.baseModel, prompt: text, add_special_tokens: false }, { apiKey: this.apiKey, signal, timeoutMs: probeTimeout });
    return body.tokens;
  }

  async complete(request: CompletionRequest): Promise<CompletionAnswer> {
    if (this.baseModel === null) await this.info(request.signal);
    const d = request.decoding;
    const started = performance.now();
    // vLLM's sampling extras (top_k, repetition_penalty, structured_outputs) ride in the body.
    const params = {
      model: request.adapter ? String(request.adapter.adapter.id) : this.baseModel!,
      prompt: [...request.tokens],
      max_tokens: d.maxNewTokens,
      temperature: d.temperature,
      top_p: d.topP,
      top_k: d.topK > 0 ? d.topK : -1,
      ...(d.seed !== undefined ? { seed: d.seed } : {}),
      repetition_penalty: d.repeatPenalty,
      ...(request.grammar !== undefined ? { structured_outputs: { grammar: request.grammar } } : {}),
      stream: false as const,
    };
    let completion: OpenAI.Completions.Completion;
    try {
      completion = await this.client.completions.create(params as OpenAI.Completions.CompletionCreateParamsNonStreaming, { signal: request.signal });
    } catch (err) {
      this.fail(err, request.signal);
    }
    const choice = completion.choices[0];
    const usage = completion.usage as (OpenAI.Completions.Completion['usage'] & { prompt_tokens_details?: { cached_tokens?: number } }) | undefined;
    return {
      tokens: null,
      text: choice?.text ?? '',
      generated: usage?.completion_tokens ?? 0,
      cached: usage?.prompt_tokens_details?.cached_tokens ?? 0,
      // vLLM does not split its time: all of it counts as generation.
      promptMs: 0,
      generateMs: performance.now() - started,
      stoppedBy: choice?.finish_reason === 'length' ? 'max-tokens' : 'end',
    };
  }
}
