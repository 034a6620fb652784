/**
 * A large call envelope is read and checked against the contract in a worker thread before the
 * host's event loop parses it (issue 36): JSON.parse of an envelope at the 16 MiB limit (930,000
 * number pairs to countTokens) held the host's loop for 5.4 s on the loaded build machine (about
 * 0.3 s on a quiet core), every other client waiting, only for the contract to refuse 930,000
 * ranges. Such an envelope comes in pieces (framed-envelope.ts); the worker joins them, parses the
 * envelope and validates its call (validateCall, the service's own check); one it refuses is
 * answered from that refusal, and only one that will be answered is parsed again on the loop, from
 * the text the worker hands back (handing the parsed value back would cost more: V8's
 * deserialisation of it is slower than JSON.parse; decoding the UTF-8 on the loop cost as much as
 * a third of the parse on the loaded machine). An envelope of one frame (at most 1 MiB) stays on
 * the loop: parsing it costs milliseconds, less than a worker's round trip.
 */
import type { WireError } from './contract';
import { toWireError } from './workbench-error';
import { validateCall } from './validate-call';

/**
 * What the check found: nothing against the envelope (parse it and answer the call; from a
 * worker, with the envelope's text handed back), or its refusal.
 */
export type FrameCheck = { ok: true; text?: string } | { ok: false; id: number; error: WireError };

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
