/**
 * Errors of the remote backend. A RemoteError is something a person fixes (a wrong URL, a server
 * started without the adapter): the CLI prints `error: <message>` and exits 2. Every message names
 * the endpoint (without credentials) and the fix.
 *
 * EndpointFailure is a request that failed in transport or with a retryable status; the pool
 * retries it elsewhere and turns it into a RemoteError only when no endpoint is left.
 */
import { UserError } from '../../../../../shared/errors';

export type RemoteErrorCode =
  | 'invalid-endpoint'
  | 'no-endpoints'
  | 'endpoint-unreachable'
  | 'key-refused'
  | 'server-too-old'
  | 'penalty-mismatch'
  | 'model-missing'
  | 'unknown-server'
  | 'adapter-missing'
  | 'grammar-rejected'
  | 'vocabulary-mismatch'
  | 'window-too-large'
  | 'request-failed'
  | 'endpoints-down'
  | 'endpoint-changed';

export class RemoteError extends UserError {
  constructor(
    override readonly code: RemoteErrorCode,
    message: string,
  ) {
    super(code, message);
    this.name = 'RemoteError';
  }
}

/** A failed request: `retryable` for 429, 503 and broken connections. */
export class EndpointFailure extends Error {
  constructor(
    readonly endpoint: string,
    readonly status: number | null,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'EndpointFailure';
  }
}

const CONNECTION_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_CLOSED', 'ENOTFOUND']);

/** The network error's code (fetch wraps it in `cause`, sometimes twice). */
export function connectionCode(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
