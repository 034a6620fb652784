/**
 * A quick look at a download's URL before the download starts (hub-download.ts), so an
 * unreachable mirror or a misspelt file fails at once with its reason instead of after retries.
 * The look sends no credentials.
 */
import { readFile } from 'node:fs/promises';
import { ModelError } from './errors';
import { DEFAULT_HUB_ENDPOINT, endpointOf, type HubSettings } from './hub-settings';

/** The hub endpoint: an explicit one (--endpoint), else the host's setting, else huggingface.co. */
export function hubEndpoint(explicit?: string, hostEndpoint?: string): string {
  return endpointOf(explicit) ?? endpointOf(hostEndpoint) ?? DEFAULT_HUB_ENDPOINT;
}

/** The hub token: the host's HF_TOKEN, else its token file's content. Undefined when none. */
export async function hubToken(hub?: HubSettings): Promise<string | undefined> {
  if (!hub) return undefined;
  if (hub.token) return hub.token;
  const token = await readFile(hub.tokenFile, 'utf8').catch(() => '');
  return token.trim() || undefined;
}

/**
 * The URL an `hf:owner/repo/path[#branch]` URI or a plain http(s) URL downloads from; undefined
 * for forms only node-llama-cpp can resolve (such as `hf:owner/repo:quant`, which asks the hub API).
 */
export function downloadUrl(uri: string, endpoint?: string): string | undefined {
  if (/^https?:\/\//.test(uri)) return uri;
  const m = /^hf:([^/\s]+)\/([^/\s]+)\/([^#\s]+)(?:#(\S+))?$/.exec(uri);
  if (!m) return undefined;
  const [, owner, repo, path, branch] = m as unknown as [string, string, string, string, string | undefined];
  const file = path.split('/').map(encodeURIComponent).join('/');
  return `${hubEndpoint(endpoint)}${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/resolve/${encodeURIComponent(branch ?? 'main')}/${file}`;
}

/** Fails fast, with the reason, when the file cannot be fetched at all. */
export async function probeDownload(uri: string, options: { endpoint?: string; signal?: AbortSignal; timeoutMs?: number } = {}): Promise<void> {
  const url = downloadUrl(uri, options.endpoint);
  if (!url) return;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 20_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let status: number;
  try {
    status = (await fetch(url, { method: 'HEAD', redirect: 'follow', signal })).status;
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason;
    const host = new URL(url).host;
    const inner = (err as { cause?: { code?: string; message?: string } }).cause;
    const cause = timeout.aborted ? 'no answer in time' : (inner?.code ?? inner?.message ?? (err as Error).message);
    throw new ModelError('download-failed', `cannot reach ${host} for ${uri} (${cause}); check the network or the hub's address (HF_ENDPOINT)`).withCliHint('or give --endpoint');
  }
  // 401/403 are left to the downloader: it retries with the user's token (HF_TOKEN or the hub's
  // token file), which this unauthenticated look does not send.
  if (status === 404) throw new ModelError('download-failed', `${uri}: no such file on ${new URL(url).host} (HTTP 404)`);
  if (status >= 500) throw new ModelError('download-failed', `${uri}: the hub answered HTTP ${status}; try again later`);
}

/** Whether the hub has the file: false for HTTP 404, true otherwise; an unreachable hub still throws. */
export async function hubHasFile(uri: string, options: { endpoint?: string; hubEndpoint?: string; signal?: AbortSignal } = {}): Promise<boolean> {
  try {
    await probeDownload(uri, { endpoint: hubEndpoint(options.endpoint, options.hubEndpoint), signal: options.signal });
    return true;
  } catch (err) {
    if (err instanceof ModelError && /\(HTTP 404\)$/.test(err.message)) return false;
    throw err;
  }
}
