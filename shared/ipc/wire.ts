/**
 * The envelopes both transports put around the contract. Electron IPC answers every invoke with a
 * `CallOutcome` (so a refusal keeps its code instead of becoming a remote exception string); the
 * WebSocket adds an `id` to match answers with calls and pushes events in `EventMessage`s.
 */
import type { WireError, WorkbenchEvent } from './contract';
import type { StringPlace } from './long-strings';

export type CallOutcome = { ok: true; result: unknown } | { ok: false; error: WireError };

export interface CallRequest {
  method: string;
  params: unknown;
}

/**
 * A WebSocket text frame's envelope may name `strings`: places where a long string was taken out,
 * each following in binary frames of its own, in order (long-strings.ts).
 */
export interface LongStringPlaces {
  strings?: StringPlace[];
}

/** WebSocket, client to server. */
export interface SocketCall extends CallRequest, LongStringPlaces {
  id: number;
}

/** WebSocket, server to client. */
export type SocketMessage = (({ id: number } & CallOutcome) | { event: WorkbenchEvent }) & LongStringPlaces;

/** The path the web host accepts WebSocket upgrades on (same origin as the page). */
export const WORKBENCH_SOCKET_PATH = '/workbench-socket';

/**
 * The socket URL's query parameter naming the page (random, once per page load): a connection
 * made again after a lost one is the same page, still sent the results of the runs it started
 * (issue 36: a job's snapshots go to its starter only). A reloaded page is a new one.
 */
export const WORKBENCH_PAGE_PARAM = 'page';
/** What a page id looks like; anything else is ignored (the connection gets an id of its own). */
export const WORKBENCH_PAGE_ID = /^[0-9a-f]{32}$/;

/** Electron IPC channel names. */
export const IPC_CALL_CHANNEL = 'workbench:call';
export const IPC_EVENT_CHANNEL = 'workbench:event';

/** Stable `WireError.code` values (their home: shared/error-codes.ts). */
export { wireErrorCodes } from '../error-codes';

/** The Error a client throws for a refused call: the one-line message, with the code kept. */
export class WorkbenchCallError extends Error {
  readonly code: string | undefined;
  constructor(error: WireError) {
    super(error.message);
    this.name = 'WorkbenchCallError';
    this.code = error.code;
  }
}
