/**
 * The stable `code` values of UserErrors and of the wire's `WireError` (shared/ipc/wire.ts sends
 * them). Here, beside shared/errors.ts and apart from the contract, so that a layer which only
 * raises errors (the workspace's storage) does not import the wire to name its codes.
 */
import { BAD_INPUT } from './errors';

export const wireErrorCodes = {
  unknownMethod: 'unknown-method',
  invalidParams: 'invalid-params',
  malformedCall: 'malformed-call',
  forbidden: 'forbidden',
  notFound: 'not-found',
  badInput: BAD_INPUT,
  coverage: 'coverage',
  unavailable: 'unavailable',
  /** Another workbench has the workspace open (its lock names it). */
  workspaceLocked: 'workspace-locked',
  /** A save based on an older revision than the one on disk: refused, not merged. */
  conflict: 'conflict',
  /** A correction's change based on a state the host does not hold (any more): send the whole correction instead. */
  staleBase: 'stale-base',
  /** A workspace document whose files are missing, misplaced or inconsistent. */
  damaged: 'damaged',
  connection: 'connection',
  /** The host's worker threads and their queue are full: try again once some jobs have finished. */
  busy: 'busy',
  internal: 'internal',
} as const;
