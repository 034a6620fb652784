/**
 * Connecting to the endpoints before any window is sent: each endpoint's server kind (named, or
 * detected: llama-server answers `/props`, vLLM `/v1/models`), what it serves, and whether its
 * tokenizer is the local one (a probe text tokenized on both sides must give the same ids, since
 * windows go out as token ids). Every problem is a RemoteError naming the endpoint and the fix.
 */
import { z } from 'zod';
import { redact } from '../../../../../shared/util/redact';
import { abortError } from '../../errors';
import type { WindowTokenizer } from '../seam';
import { EndpointFailure, RemoteError } from './errors';
import { requestJson, secretsOf } from './http';
import { LlamaServerClient } from './llama-server-client';
import { EndpointPool, type PoolEndpoint, type RotationWarning } from './pool';
import type { ServerClient, ServerInfo } from './server-client';
import { endpointEntries, parseEndpoint, type EndpointEntry, type EndpointSpec, type RemoteSettings } from './settings';
import { VllmClient } from './vllm-client';
import { errorMessage } from '../../../../../shared/text/error-message';

/** Words, digits, punctuation, a newline and non-ASCII text: enough to tell two BPE vocabularies apart. */
export const VOCABULARY_PROBE = 'Call me Ishmael. Some years ago, 1851 — naïve “whales” swim\nthrough Straße 東京 🐋.';

/** Requests per endpoint when a llama-server does not say how many slots it has. */
export const DEFAULT_CONCURRENCY = 4;

/**
 * Requests per vLLM endpoint unless --concurrency says otherwise: vLLM's own default
 * `--max-num-seqs` (256). vLLM schedules that many sequences at once and queues the rest itself, so
 * the pool keeps it full; 4 left it idle. A server started with another `--max-num-seqs` is
 * declared with --concurrency (vLLM reports the setting nowhere a client can read).
 */
export const VLLM_CONCURRENCY = 256;

/** A probe's failure as a RemoteError: the key refused, a server not understood (as is), else unreachable. */
function probeError(spec: EndpointSpec, err: unknown, keyed: boolean, apiKey?: string): RemoteError {
  if (err instanceof RemoteError) return err;
  if (err instanceof EndpointFailure && (err.status === 401 || err.status === 403)) return keyRefused(spec.url, err, keyed);
  const detail = redact(errorMessage(err), secretsOf(spec, apiKey));
  return new RemoteError('endpoint-unreachable', `cannot reach the inference server at ${spec.url} (${detail}); start it, or fix its URL`);
}

/** A 401 or 403: the key (or the URL's user and password) was refused, with where to give the right one. */
export function keyRefused(url: string, err: EndpointFailure, keyed: boolean | null): RemoteError {
  // http.ts says which was sent: no key, but a URL's user:password.
  if (/user and password/.test(err.message)) {
    return new RemoteError('key-refused', `the inference server at ${url} refused the URL's user and password (${err.message}); fix the user:password in the URL`);
  }
  return new RemoteError('key-refused', `the inference server at ${url} refused the API key (${err.message}); ${keyFix(keyed)}`);
}

/** How to give an endpoint the key it refused: the start-up setting, or the Models screen for one added there (null: either). */
function keyFix(keyed: boolean | null): string {
  if (keyed === null) return "set WORKBENCH_API_KEY to its key, or, for a server added on the Models screen, remove it and add it again with its API key";
  return keyed ? 'remove it on the Models screen and add it again with its API key' : 'set WORKBENCH_API_KEY to its key';
}

/** Detection reads one field of /props; info() checks the whole answer. */
const detectPropsSchema = z.object({ total_slots: z.unknown() }).passthrough();
const detectModelsSchema = z.object({ data: z.unknown() }).passthrough();

/**
 * The endpoint's client: the named kind, else llama-server when `/props` answers, else vLLM.
 * `apiKey` is the one key this endpoint may be sent (its own, or the start-up key for a start-up one).
 */
export async function detectServer(spec: EndpointSpec, apiKey?: string, signal?: AbortSignal, keyed = false, generationTimeoutMs?: number): Promise<ServerClient> {
  if (spec.kind === 'llama-server') return new LlamaServerClient(spec, apiKey, generationTimeoutMs);
  if (spec.kind === 'vllm') return new VllmClient(spec, apiKey, generationTimeoutMs);
  try {
    const props = await requestJson(spec, '/props', undefined, detectPropsSchema, { apiKey, signal });
    if (typeof props.total_slots === 'number') return new LlamaServerClient(spec, apiKey, generationTimeoutMs);
  } catch (err) {
    if (signal?.aborted) throw abortError();
    if (err instanceof EndpointFailure && (err.status === null || err.status === 401 || err.status === 403)) throw probeError(spec, err, keyed, apiKey);
  }
  try {
    await requestJson(spec, '/v1/models', undefined, detectModelsSchema, { apiKey, signal });
    return new VllmClient(spec, apiKey, generationTimeoutMs);
  } catch (err) {
    if (signal?.aborted) throw abortError();
    if (err instanceof EndpointFailure && (err.status === 401 || err.status === 403)) throw probeError(spec, err, keyed, apiKey);
    const detail = redact(errorMessage(err), secretsOf(spec, apiKey));
    throw new RemoteError('unknown-server', `${spec.url} answers neither /props (llama-server) nor /v1/models (vLLM): ${detail}; name the kind as llama-server=URL or vllm=URL`);
  }
}

export interface ConnectedEndpoint extends PoolEndpoint {
  info: ServerInfo;
}

/** Probes one endpoint (with the key that is its own, endpointEntries): kind, info, vocabulary. */
export async function connectEndpoint(entry: EndpointEntry, settings: RemoteSettings, tokenizer: WindowTokenizer | null, signal?: AbortSignal): Promise<ConnectedEndpoint> {
  const spec = parseEndpoint(entry.raw);
  const client = await detectServer(spec, entry.apiKey, signal, entry.keyed, settings.requestTimeoutMs);
  let info: ServerInfo;
  try {
    info = await client.info(signal);
  } catch (err) {
    if (signal?.aborted) throw abortError();
    throw probeError(spec, err, entry.keyed, entry.apiKey);
  }
  if (tokenizer) await checkVocabulary(client, info, tokenizer, signal, entry);
  const limit = settings.concurrency ?? info.slots ?? (info.kind === 'vllm' ? VLLM_CONCURRENCY : DEFAULT_CONCURRENCY);
  return { client, info, limit };
}

async function checkVocabulary(client: ServerClient, info: ServerInfo, tokenizer: WindowTokenizer, signal?: AbortSignal, entry?: EndpointEntry): Promise<void> {
  let remote: number[];
  try {
    remote = await client.tokenize(VOCABULARY_PROBE, signal);
  } catch (err) {
    if (signal?.aborted) throw abortError();
    throw probeError(client.endpoint, err, entry?.keyed ?? false, entry?.apiKey);
  }
  const local = tokenizer.tokenize(VOCABULARY_PROBE, false).map(Number);
  const same = remote.length === local.length && remote.every((t, i) => t === local[i]);
  if (!same) {
    const at = remote.findIndex((t, i) => t !== local[i]);
    throw new RemoteError(
      'vocabulary-mismatch',
      `the model at ${client.endpoint.url} (${info.model}) has another vocabulary than the local tokenizer: a probe text gives ${remote.length} tokens there and ${local.length} here, first difference at token ${at < 0 ? Math.min(remote.length, local.length) : at}; serve the profile's base model on that endpoint`,
    );
  }
}

/** What an endpoint serves, in a form two probes can be compared by. */
function served(info: ServerInfo): string {
  return JSON.stringify([info.kind, info.model, info.adapters.map((a) => [a.id, a.path])]);
}

/**
 * Whether an endpoint that left the rotation may rejoin: it answers, serves the same model and
 * adapters (ids included: requests name adapters by id) and, with a tokenizer, the same vocabulary.
 * A server restarted with something else stays out, with the reason as its last error.
 */
export async function recheckEndpoint(endpoint: PoolEndpoint, tokenizer: WindowTokenizer | null): Promise<void> {
  const info = await endpoint.client.info();
  if (served(info) !== served(endpoint.info)) {
    throw new RemoteError('endpoint-changed', `${endpoint.client.endpoint.url} came back serving ${info.model} with adapters [${info.adapters.map((a) => a.path).join(', ')}], not what it served before; start a new run to use it`);
  }
  if (tokenizer) await checkVocabulary(endpoint.client, info, tokenizer);
}

/** Connects every endpoint (in parallel); any failure fails the whole connection. */
export async function connectPool(settings: RemoteSettings, tokenizer: WindowTokenizer | null, onWarning: (message: string, code: RotationWarning) => void, signal?: AbortSignal): Promise<EndpointPool> {
  if (settings.endpoints.length === 0) {
    throw new RemoteError('no-endpoints', 'the remote backend needs at least one endpoint: give --endpoint URL (repeatable) or set WORKBENCH_ENDPOINTS');
  }
  if (settings.concurrency !== undefined && (!Number.isInteger(settings.concurrency) || settings.concurrency < 1)) {
    throw new RemoteError('invalid-endpoint', `--concurrency must be a whole number of at least 1, got ${settings.concurrency}`);
  }
  const endpoints = await Promise.all(endpointEntries(settings).map((entry) => connectEndpoint(entry, settings, tokenizer, signal)));
  return new EndpointPool(endpoints, onWarning, { recheck: (e) => recheckEndpoint(e, tokenizer) });
}
