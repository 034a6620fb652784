/**
 * Lets every window in flight join the next decode step. node-llama-cpp 3.21.1 decodes a context's
 * queued evaluations in a loop under one lock: after a batch it samples each sequence's token,
 * resolves the sequences' promises, runs each one's after-batch action, and then at once decodes
 * whatever is queued. The sequence sampled last resumes a few promise steps too late to have queued
 * its next token by then, so it misses that batch and rides the one after: every step held N-1 of
 * the N windows in flight (measured with bench/decode-steps.ts on the tiny fixture, 16 windows: 15
 * rows a step; 4 windows: 3), one decode more per N-1 rows.
 *
 * The loop awaits each sequence's after-batch action (`_takeIntervalCheckpointIfNeededAfterBatch`,
 * an instance property bound in the constructor; the same-logits readings pass it too) before it
 * looks at the queue again. Here that action also waits for the next turn of the event loop, one
 * turn shared by the whole batch: by then every sequence of the batch has queued its next step.
 * Only the grouping of rows changes, not what any sequence decodes.
 */
import type { LlamaContextSequence } from 'node-llama-cpp';

interface AfterBatch {
  _takeIntervalCheckpointIfNeededAfterBatch?: (sequenceStateLength: number) => unknown;
}

let turn: Promise<void> | undefined;

/** The next turn of the event loop, the same promise for every caller until the turn after. */
function nextTurn(): Promise<void> {
  turn ??= new Promise((resolve) =>
    setImmediate(() => {
      resolve();
      // Kept one more turn, so the rest of this batch's actions wait for no further turn.
      setImmediate(() => (turn = undefined));
    }),
  );
  return turn;
}

/** Makes `sequence`'s decodes wait for the rest of their batch before the next one (see above); returns it. */
export function joinWholeSteps(sequence: LlamaContextSequence): LlamaContextSequence {
  const s = sequence as unknown as AfterBatch;
  const own = s._takeIntervalCheckpointIfNeededAfterBatch;
  // A node-llama-cpp without this internal decodes as before (with the N-1 steps).
  if (typeof own !== 'function') return sequence;
  s._takeIntervalCheckpointIfNeededAfterBatch = (sequenceStateLength: number) => {
    const done = own(sequenceStateLength);
    return done instanceof Promise ? done.then(nextTurn) : nextTurn();
  };
  return sequence;
}

/**
 * Erasing a sequence's tokens takes node-llama-cpp's context lock, which its dispatch loop holds
 * for as long as it finds decodes queued: a window that reuses a sequence would wait until every
 * window already generating has stopped (measured: three of four new windows idle ~1 s while the
 * fourth generated alone). So the erase closes the context's gate: windows that generate wait at
 * `betweenSteps` before queuing their next step, the loop finds the queue empty and lets the
 * erase in, and the gate opens again. One step's pause per window start instead of a whole wave.
 */
interface Gate {
  closed: number;
  opened: Promise<void>;
  open: () => void;
}

const gates = new WeakMap<object, Gate>();

function gateOf(sequence: LlamaContextSequence): Gate {
  let gate = gates.get(sequence.context);
  if (!gate) {
    gate = { closed: 0, opened: Promise.resolve(), open: () => undefined };
    gates.set(sequence.context, gate);
  }
  return gate;
}

/** Resolves at once unless an erase on the same context is waiting for the lock; then when it is done. */
export function betweenSteps(sequence: LlamaContextSequence): Promise<void> | undefined {
  const gate = gates.get(sequence.context);
  return gate && gate.closed > 0 ? gate.opened : undefined;
}

/** `sequence.eraseContextTokenRanges`, with the other windows of its context paused until it is done. */
export async function eraseBetweenSteps(sequence: LlamaContextSequence, ranges: { start: number; end: number }[]): Promise<void> {
  const gate = gateOf(sequence);
  if (gate.closed++ === 0) gate.opened = new Promise((resolve) => (gate.open = resolve));
  try {
    await sequence.eraseContextTokenRanges(ranges);
  } finally {
    if (--gate.closed === 0) gate.open();
  }
}
