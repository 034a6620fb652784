/**
 * Remote backend settings: which servers to send windows to, as the CLI and the app read them once
 * at their edge (flags, WORKBENCH_ENDPOINTS, WORKBENCH_API_KEY) and pass down. Nothing below reads
 * the environment.
 *
 * An endpoint is `URL` (server kind detected from the server) or `KIND=URL` with KIND
 * `llama-server` or `vllm`, e.g. `vllm=http://gpu1:8000`.
 */
import { RemoteError } from './errors';

export const SERVER_KINDS = ['llama-server', 'vllm'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

export interface RemoteSettings {
  /** Endpoint strings as given (`URL` or `KIND=URL`). */
  endpoints: string[];
  /** Bearer token for every endpoint; never logged, never put in a result. */
  apiKey?: string;
  /** Requests in flight per endpoint; default: the server's slot count (llama-server), else 4. */
  concurrency?: number;
}

export interface EndpointSpec {
  /** Base URL without credentials, query or trailing slash: what messages and meta show. */
  url: string;
  /** The URL requests go to (credentials removed: fetch refuses them in a URL). */
  requestUrl: string;
  /** `Basic ...` from user:password in the URL, if it had them. */
  basicAuth?: string;
  kind: ServerKind | 'auto';
}

/** The URL as it may be shown: no user, password, query or fragment. */
export function displayUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(invalid URL)';
  }
}

export function parseEndpoint(raw: string): EndpointSpec {
  const match = /^(llama-server|vllm)=(.+)$/.exec(raw.trim());
  const kind = (match?.[1] as ServerKind | undefined) ?? 'auto';
  const rest = match ? match[2]! : raw.trim();
  let u: URL;
  try {
    u = new URL(rest);
  } catch {
    throw new RemoteError('invalid-endpoint', `--endpoint '${rest.replace(/\/\/[^@/]*@/, '//')}' is not a URL; give one like http://127.0.0.1:8080 or vllm=http://gpu1:8000`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new RemoteError('invalid-endpoint', `--endpoint ${displayUrl(rest)} must be http:// or https://`);
  }
  const basicAuth = u.username ? `Basic ${btoa(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`)}` : undefined;
  return { url: displayUrl(rest), requestUrl: displayUrl(rest), kind, ...(basicAuth ? { basicAuth } : {}) };
}

/** An error text with any `user:password@` of a URL removed. */
export function withoutCredentials(text: string): string {
  return text.replace(/\/\/[^@\s/]*@/g, '//');
}

/** WORKBENCH_ENDPOINTS: endpoints separated by commas or whitespace. */
export function splitEndpointList(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean);
}
