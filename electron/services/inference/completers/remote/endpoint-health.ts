/**
 * The endpoints' health, for `models doctor` and the app's Run panel and Models screen: for each
 * endpoint, whether it answers, its server kind, model, build, slots, context per slot and LoRA
 * adapters, and whether its vocabulary is the local tokenizer's. A failing endpoint is a row with
 * its error (naming the fix), never an exception.
 */
import { vocabTokenizer } from './vocab-tokenizer';
import { connectEndpoint } from './connect';
import type { WindowTokenizer } from '../seam';
import type { EndpointHealth } from '../../../../../shared/ipc/contract';
import { redact } from '../../../../../shared/util/redact';
import { displayUrl, endpointEntries, parseEndpoint, type EndpointEntry, type RemoteSettings } from './settings';
import { errorMessage } from '../../../../../shared/text/error-message';

export type { EndpointHealth };


/** The key an entry is sent and its URL's user and password. */
function secretsOfEntry(entry: EndpointEntry): string[] {
  let urlSecrets: string[] = [];
  try {
    urlSecrets = parseEndpoint(entry.raw).secrets;
  } catch {
    // Not a URL: its message was redacted as it was made.
  }
  return [...urlSecrets, ...(entry.apiKey ? [entry.apiKey] : [])];
}

/** Checks every endpoint at once; `tokenizerPath` (a GGUF) enables the vocabulary check. */
export async function checkEndpoints(settings: RemoteSettings, tokenizerPath?: string, signal?: AbortSignal): Promise<EndpointHealth[]> {
  const lease = tokenizerPath ? await vocabTokenizer(tokenizerPath) : null;
  const tokenizer = lease?.tokenizer ?? null;
  try {
    return await checkEach(settings, tokenizer, signal);
  } finally {
    lease?.release();
  }
}

function checkEach(settings: RemoteSettings, tokenizer: WindowTokenizer | null, signal: AbortSignal | undefined): Promise<EndpointHealth[]> {
  return Promise.all(
    endpointEntries(settings).map(async (entry): Promise<EndpointHealth> => {
      const endpoint = displayUrl(entry.raw.replace(/^(llama-server|vllm)=/, ''));
      try {
        const e = await connectEndpoint(entry, settings, tokenizer, signal);
        return {
          endpoint,
          ok: true,
          kind: e.info.kind,
          model: e.info.model,
          build: e.info.build,
          slots: e.info.slots,
          contextPerSlot: e.info.contextPerSlot,
          adapters: e.info.adapters.map((a) => (e.info.kind === 'vllm' ? String(a.id) : a.path.split(/[\\/]/).pop()!)),
          concurrency: e.limit,
          vocabulary: tokenizer ? 'same' : 'unchecked',
        };
      } catch (err) {
        // Every message is redacted where it is made (http.ts, connect.ts); once more here, since
        // these rows leave the host (the WebSocket, `models doctor`).
        return { endpoint, ok: false, error: redact(errorMessage(err), secretsOfEntry(entry)) };
      }
    }),
  );
}

/**
 * Requests the endpoints take at once, together (each one's concurrency: --concurrency, else its
 * slots): how many documents a benchmark sends at once so that every slot has work. At least 1
 * (with no usable endpoint the runs themselves report why).
 */
export async function endpointsCapacity(settings: RemoteSettings, signal?: AbortSignal): Promise<number> {
  const health = await checkEndpoints(settings, undefined, signal);
  return Math.max(1, health.reduce((n, h) => n + (h.ok ? (h.concurrency ?? 0) : 0), 0));
}

/** One line per endpoint, for the CLI. */
export function describeEndpoint(h: EndpointHealth): string {
  if (!h.ok) return `  ${h.endpoint}: NOT USABLE: ${h.error}`;
  const parts = [
    `${h.kind}`,
    `model ${h.model}`,
    h.build ? `build ${h.build}` : null,
    h.slots ? `${h.slots} slots` : null,
    h.contextPerSlot ? `context ${h.contextPerSlot}/slot` : null,
    `concurrency ${h.concurrency}`,
    `adapters: ${h.adapters?.length ? h.adapters.join(', ') : 'none'}`,
    h.vocabulary === 'same' ? 'vocabulary matches' : null,
  ];
  return `  ${h.endpoint}: ok, ${parts.filter(Boolean).join(', ')}`;
}
