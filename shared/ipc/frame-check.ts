/**
 * A large text frame is read and checked against the contract in a worker thread before the host's
 * event loop parses it (issue 36): JSON.parse of a frame at the 16 MiB limit (930,000 number pairs
 * to countTokens) held the host's loop for 5.4 s on the loaded build machine (about 0.3 s on a
 * quiet core), every other client waiting, only for the contract to refuse 930,000 ranges. The
 * worker parses the frame and validates its call (validateCall, the service's own check); a frame
 * it refuses is answered from that refusal, and only one that will be answered is parsed again on
 * the loop (handing the parsed value back would cost more: V8's deserialisation of it is slower
 * than JSON.parse). Frames up to OFF_LOOP_FRAME_BYTES stay on the loop: parsing them costs
 * milliseconds, less than a worker's round trip.
 */
import type { WireError } from './contract';
import { toWireError } from './workbench-error';
import { validateCall } from './validate-call';

/** Text frames of more bytes than this are checked off the loop. */
export const OFF_LOOP_FRAME_BYTES = 1 << 20;

/**
 * What the check found: nothing against the frame (parse it and answer the call; from a worker,
 * with the frame's bytes handed back), or its refusal.
 */
export type FrameCheck = { ok: true; bytes?: Uint8Array } | { ok: false; id: number; error: WireError };

/**
 * Parses a text frame and checks its call as the service would, in whichever thread calls it.
 * A frame whose long strings follow (a `strings` field) is left to the usual path: its call is
 * whole only once they have come.
 */
export function checkFrame(frame: string): FrameCheck {
  let envelope: unknown;
  try {
    envelope = JSON.parse(frame);
  } catch {
    // The usual path answers it as it answers every frame that is not JSON.
    return { ok: true };
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope) || 'strings' in envelope) return { ok: true };
  const { id, method, params } = envelope as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof id !== 'number' || id === 0) return { ok: true };
  try {
    validateCall(method, params ?? {});
    return { ok: true };
  } catch (err) {
    return { ok: false, id, error: toWireError(err) };
  }
}
