/**
 * A model strategy run on inference servers: the same windows, prompts, grammars, locator and
 * reconciliation as the local engine (plan/), with the windows completed by the endpoint
 * pool, up to its capacity at once.
 *
 * Runs that overlap in time (the documents of a batch) share one pool, so together they keep every
 * endpoint's slots busy and no more; the pool is connected (and the endpoints probed) when the first
 * of them starts and dropped when the last ends, so a later run probes again.
 */
import type { RemoteRunMeta } from '../../../../../shared/document/model-run-meta';
import { segmentWindows, type WindowRunHooks, type WindowsOutcome } from '../../plan/segment-windows';
import { prepareWindows, type ModelFiles, type WindowRunRequest } from '../../plan/windows';
import type { WindowTokenizer } from '../seam';
import { requireAdapter, type WantedAdapter } from './adapters';
import { connectPool } from './connect';
import type { EndpointPool, PoolEndpoint, RotationWarning } from './pool';
import { remoteCompleter } from './remote-completer';
import type { ServedAdapter } from './server-client';
import type { RemoteSettings } from './settings';

export interface RemoteRunRequest extends WindowRunRequest {
  files: ModelFiles;
  remote: RemoteSettings;
  /** The adapter to ask the servers for (absent for a merged model). */
  adapter?: WantedAdapter;
}

export interface RemoteRunHooks extends WindowRunHooks {
  /** A warning about the endpoints (one left the rotation or came back); also put into the result's warnings. */
  onWarning?: (message: string) => void;
}

interface SharedPool {
  pool: Promise<EndpointPool>;
  users: number;
  warnings: Set<(message: string, code: RotationWarning) => void>;
}

const pools = new Map<string, SharedPool>();

function poolKey(settings: RemoteSettings, modelPath: string): string {
  return JSON.stringify([settings.endpoints, settings.concurrency ?? null, settings.apiKey ?? '', modelPath]);
}

async function withPool<T>(settings: RemoteSettings, modelPath: string, tokenizer: WindowTokenizer, onWarning: (m: string, code: RotationWarning) => void, signal: AbortSignal | undefined, use: (pool: EndpointPool) => Promise<T>): Promise<T> {
  const key = poolKey(settings, modelPath);
  let shared = pools.get(key);
  if (!shared) {
    const warnings = new Set<(message: string, code: RotationWarning) => void>();
    const created: SharedPool = { users: 0, warnings, pool: connectPool(settings, tokenizer, (m, code) => warnings.forEach((w) => w(m, code)), signal) };
    shared = created;
    pools.set(key, created);
    created.pool.catch(() => {
      if (pools.get(key) === created) pools.delete(key);
    });
  }
  shared.users++;
  shared.warnings.add(onWarning);
  try {
    return await use(await shared.pool);
  } finally {
    shared.warnings.delete(onWarning);
    if (--shared.users === 0 && pools.get(key) === shared) {
      pools.delete(key);
      // No run uses it any more: stop checking its departed endpoints.
      void shared.pool.then((pool) => pool.close(), () => undefined);
    }
  }
}

export async function segmentRemote(req: RemoteRunRequest, tokenizer: WindowTokenizer, hooks: RemoteRunHooks = {}): Promise<{ windows: WindowsOutcome; backend: RemoteRunMeta }> {
  const { signal } = hooks;
  const warnings: { code: RotationWarning; message: string }[] = [];
  const onWarning = (message: string, code: RotationWarning) => {
    warnings.push({ code, message });
    hooks.onWarning?.(message);
  };
  const connectStart = performance.now();
  hooks.onProgress?.({ stage: 'loading', windowsDone: 0, windowsTotal: 0, tokensIn: 0, tokensOut: 0, tokensPerSecond: 0, etaSeconds: null });
  return withPool(req.remote, req.files.model, tokenizer, onWarning, signal, async (pool) => {
    const connectMs = performance.now() - connectStart;
    const adapters = new Map<PoolEndpoint, ServedAdapter>();
    for (const e of pool.endpoints) if (req.adapter) adapters.set(e, requireAdapter(e.client.endpoint.url, e.info, req.adapter));
    // The smallest context any endpoint's slot offers bounds the window.
    const limits = pool.endpoints.filter((e) => e.info.contextPerSlot !== null).map((e) => ({ url: e.client.endpoint.url, n: e.info.contextPerSlot! }));
    const tightest = limits.reduce<{ url: string; n: number } | null>((a, b) => (a === null || b.n < a.n ? b : a), null);
    const limit = tightest?.n ?? tokenizer.trainContextSize;
    const limitName = tightest ? `the context per slot of ${tightest.url}` : `the model's context (${tokenizer.trainContextSize} tokens)`;
    const prepared = prepareWindows(req, tokenizer, limit, limitName);

    const answeredBy = new Map<string, number>();
    const completer = remoteCompleter({
      pool,
      tokenizer,
      decoding: req.profile.decoding,
      adapterOf: req.adapter ? (e) => ({ adapter: adapters.get(e)!, scale: req.adapter!.scale }) : undefined,
      onAnswer: (e) => answeredBy.set(e.client.endpoint.url, (answeredBy.get(e.client.endpoint.url) ?? 0) + 1),
    });
    const windows = await segmentWindows(req, prepared, completer, hooks);
    const status = new Map(pool.status().map((s) => [s.url, s]));
    windows.warnings.push(...warnings);
    return {
      windows,
      backend: {
        backend: 'remote',
        // Endpoints as shown (never their credentials or the API key), with what each one runs.
        servers: pool.endpoints.map((e) => ({
          endpoint: e.client.endpoint.url,
          kind: e.info.kind,
          model: e.info.model,
          build: e.info.build,
          slots: e.info.slots,
          concurrency: e.limit,
          adapter: adapters.get(e)?.id ?? null,
          windows: answeredBy.get(e.client.endpoint.url) ?? 0,
          // The most requests it had in flight at once (shared with runs that overlapped this one).
          peakInFlight: status.get(e.client.endpoint.url)?.peak ?? 0,
          inRotation: status.get(e.client.endpoint.url)?.inRotation ?? false,
        })),
        connectMs,
      },
    };
  });
}
