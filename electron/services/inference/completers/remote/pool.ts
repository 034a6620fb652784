/**
 * Spreads requests over endpoints: each endpoint takes up to its `limit` requests at once, and a
 * new request goes to the live endpoint with the fewest outstanding (one it has not already failed
 * on, when there is one). A request that fails with 429, 503 or a broken connection is retried
 * with exponential backoff, on another endpoint where possible; an endpoint that fails
 * FAILURES_TO_LEAVE times in a row leaves the rotation with a warning, and the requests waiting
 * for it go to the others. A departed endpoint is checked again after a back-off (REJOIN_MS,
 * doubling up to REJOIN_MAX_MS) and rejoins, with a warning, once it answers and still serves what
 * it served (the `recheck` the pool was given); until then the pool keeps checking. With no
 * endpoint left, every request fails with `endpoints-down`.
 */
import { abortableSleep } from '../../../platform/abortable-sleep';
import { abortError } from '../../errors';
import { EndpointFailure, RemoteError } from './errors';
import type { ServerClient, ServerInfo } from './server-client';

const FAILURES_TO_LEAVE = 3;
const MAX_ATTEMPTS = 6;
const BACKOFF_MS = 200;
const BACKOFF_MAX_MS = 5_000;
const REJOIN_MS = 1_000;
const REJOIN_MAX_MS = 30_000;

export interface PoolEndpoint {
  client: ServerClient;
  info: ServerInfo;
  /** Requests in flight at most. */
  limit: number;
}

interface Member extends PoolEndpoint {
  outstanding: number;
  /** The most requests it had in flight at once. */
  peak: number;
  requests: number;
  failuresInARow: number;
  out: boolean;
  lastError: string | null;
  /** When it left the rotation (ms since the epoch), while it is out. */
  outSince: number;
  /** Checks since it left; the next waits REJOIN_MS * 2^checks. */
  rejoinChecks: number;
  rejoinTimer: ReturnType<typeof setTimeout> | null;
}

/** A change of the rotation: an endpoint left it, or came back. */
export type RotationWarning = 'endpoint-left' | 'endpoint-back';

export interface PoolOptions {
  /** Retry back-off of a failed request, doubled per attempt. */
  backoffMs?: number;
  /** First wait before a departed endpoint is checked again, doubled per failed check. */
  rejoinMs?: number;
  /**
   * Whether a departed endpoint may rejoin: resolves when it answers and serves what it served
   * (model, adapters, vocabulary), throws (with the reason) when not. Absent: departed stays out.
   */
  recheck?: (endpoint: PoolEndpoint) => Promise<void>;
}

export interface EndpointStatus {
  url: string;
  limit: number;
  outstanding: number;
  peak: number;
  requests: number;
  inRotation: boolean;
  lastError: string | null;
}

export class EndpointPool {
  private readonly members: Member[];
  private waiters: (() => void)[] = [];
  private closed = false;
  private readonly backoffMs: number;
  private readonly rejoinMs: number;

  constructor(
    endpoints: PoolEndpoint[],
    private readonly onWarning: (message: string, code: RotationWarning) => void = () => undefined,
    private readonly options: PoolOptions = {},
  ) {
    this.backoffMs = options.backoffMs ?? BACKOFF_MS;
    this.rejoinMs = options.rejoinMs ?? REJOIN_MS;
    this.members = endpoints.map((e) => ({ ...e, outstanding: 0, peak: 0, requests: 0, failuresInARow: 0, out: false, lastError: null, outSince: 0, rejoinChecks: 0, rejoinTimer: null }));
  }

  /** Stops checking departed endpoints (the pool is no longer used). */
  close(): void {
    this.closed = true;
    for (const m of this.members) {
      if (m.rejoinTimer) clearTimeout(m.rejoinTimer);
      m.rejoinTimer = null;
    }
  }

  /** Requests the live endpoints take at once, together. */
  get parallel(): number {
    return this.members.filter((m) => !m.out).reduce((n, m) => n + m.limit, 0);
  }

  get endpoints(): readonly PoolEndpoint[] {
    return this.members;
  }

  status(): EndpointStatus[] {
    return this.members.map((m) => ({ url: m.client.endpoint.url, limit: m.limit, outstanding: m.outstanding, peak: m.peak, requests: m.requests, inRotation: !m.out, lastError: m.lastError }));
  }

  /** Runs one request on the least-busy endpoint, retrying elsewhere on retryable failures. */
  async run<T>(request: (endpoint: PoolEndpoint, signal?: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const tried = new Set<Member>();
    let last: EndpointFailure | null = null;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const member = await this.acquire(tried, signal);
      try {
        const result = await request(member, signal);
        member.failuresInARow = 0;
        return result;
      } catch (err) {
        if (signal?.aborted) throw abortError();
        if (!(err instanceof EndpointFailure) || !err.retryable) throw err;
        last = err;
        tried.add(member);
        this.recordFailure(member, err);
      } finally {
        member.outstanding--;
        this.wake();
      }
      await abortableSleep(Math.min(BACKOFF_MAX_MS, this.backoffMs * 2 ** attempt) * (0.5 + Math.random() / 2), signal, abortError);
    }
    throw new RemoteError('request-failed', `a request failed ${MAX_ATTEMPTS} times (last: ${last?.endpoint}: ${last?.message}); check the servers' logs`);
  }

  private recordFailure(member: Member, err: EndpointFailure): void {
    member.failuresInARow++;
    member.lastError = err.message;
    if (!member.out && member.failuresInARow >= FAILURES_TO_LEAVE) {
      member.out = true;
      const left = this.members.filter((m) => !m.out).length;
      this.onWarning(`endpoint ${member.client.endpoint.url} left the rotation after ${member.failuresInARow} failures in a row (last: ${err.message}); ${left} endpoint${left === 1 ? '' : 's'} left`, 'endpoint-left');
      member.outSince = Date.now();
      member.rejoinChecks = 0;
      this.scheduleRejoin(member);
    }
  }

  private scheduleRejoin(member: Member): void {
    const recheck = this.options.recheck;
    if (!recheck || this.closed) return;
    const wait = Math.min(REJOIN_MAX_MS, this.rejoinMs * 2 ** member.rejoinChecks);
    member.rejoinTimer = setTimeout(() => {
      member.rejoinTimer = null;
      member.rejoinChecks++;
      recheck(member).then(
        () => {
          if (this.closed || !member.out) return;
          member.out = false;
          member.failuresInARow = 0;
          const live = this.liveMembers().length;
          this.onWarning(`endpoint ${member.client.endpoint.url} is back in the rotation after ${Math.round((Date.now() - member.outSince) / 1000)} s; ${live} endpoint${live === 1 ? '' : 's'} live`, 'endpoint-back');
          this.wake();
        },
        (err: unknown) => {
          member.lastError = (err as Error)?.message ?? String(err);
          this.scheduleRejoin(member);
        },
      );
    }, wait);
    // A pending check never keeps the process alive.
    (member.rejoinTimer as { unref?: () => void }).unref?.();
  }

  private liveMembers(): Member[] {
    return this.members.filter((m) => !m.out);
  }

  private async acquire(tried: Set<Member>, signal?: AbortSignal): Promise<Member> {
    for (;;) {
      if (signal?.aborted) throw abortError();
      const live = this.liveMembers();
      if (live.length === 0) {
        const detail = this.members.map((m) => `${m.client.endpoint.url}: ${m.lastError ?? 'out'}`).join('; ');
        throw new RemoteError('endpoints-down', `no endpoint is left in the rotation (${detail}); start the servers again or add others`).withCliHint('give other --endpoint URLs');
      }
      // An endpoint this request has not failed on yet is preferred, when one is live.
      const fresh = live.filter((m) => !tried.has(m));
      const candidates = (fresh.length > 0 ? fresh : live).filter((m) => m.outstanding < m.limit);
      if (candidates.length > 0) {
        const best = candidates.reduce((a, b) => (b.outstanding / b.limit < a.outstanding / a.limit ? b : a));
        best.outstanding++;
        best.requests++;
        best.peak = Math.max(best.peak, best.outstanding);
        return best;
      }
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(abortError());
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiters.push(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
