/**
 * Timing one edit from its input event to the painted result, for the UI benchmark. The edit is
 * a real key press dispatched to the window (the editing shortcuts handle it as they handle a
 * person's), and "painted" is the first moment after the browser has produced the next frame: a
 * message posted from requestAnimationFrame runs once that frame's rendering is done, so the
 * figure neither stops before the paint nor waits a whole extra frame for a second callback.
 *
 * A person's key press comes at any moment of the display's frame, so each key is pressed after a
 * seeded random delay within one frame interval. Pressed right after a frame, as this benchmark
 * once did, every edit also waited out a whole interval for the next one: an edit that did nothing
 * measured 16.7 ms. The wait for the frame is reported as a part of its own.
 *
 * A person's next key also comes after the page has finished what the last one set going, so each
 * timed key waits until a frame passes with nothing changed on the page (settle). Timed one frame
 * after the untimed jump to the next segment, as this benchmark once did, a move also paid for the
 * outline list catching up with that jump (its rows for the new place, rendered a frame after the
 * scroll): about 300 objects laid out again in the move's frame.
 */
import { SEGMENT_LAYERS_MEASURE } from '../../renderer/features/document-view/DocumentView';
import { useSession } from '../../renderer/stores/session';

/** One edit's time and its parts, in milliseconds. */
export interface EditSample {
  totalMs: number;
  /** Input -> the segment layers start redrawing: the key handler, the stores and React's render. */
  reactMs: number;
  /** The Monaco decorations and zones changed, and Monaco's render of them (an edit renders at once). */
  layersMs: number;
  /** Layers done -> the frame showing them has been rendered (wait for the frame, then its render). */
  paintMs: number;
  /** Layers done -> the display's next frame begins (the frame's own timestamp): waiting, not working. */
  frameWaitMs: number;
  /** The frame begins -> rendered: Monaco's animation-frame render, style, layout and paint. */
  frameMs: number;
  /** ...of which the animation-frame callbacks that ran before the benchmark's own (Monaco's, if any was left). */
  monacoMs: number;
}

export interface EditFigures {
  edits: number;
  medianMs: number;
  /** 95th percentile over the consecutive edits. */
  p95Ms: number;
  /** Medians of the parts. */
  reactMs: number;
  layersMs: number;
  paintMs: number;
  frameWaitMs: number;
  frameMs: number;
  monacoMs: number;
}

/** Resolves on the next task, without the 4 ms clamp nested timeouts get. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * The browser's next frame: when it began (its animation-frame timestamp), when this callback ran
 * (after the callbacks requested earlier: Monaco's render), and when the frame was rendered.
 */
export function nextFrame(): Promise<{ beganAt: number; callbackAt: number; paintedAt: number }> {
  return new Promise((resolve) =>
    requestAnimationFrame((beganAt) => {
      const callbackAt = performance.now();
      void nextTask().then(() => resolve({ beganAt, callbackAt, paintedAt: performance.now() }));
    }),
  );
}

/**
 * Waits until a frame is rendered in which nothing on the page changed (a DOM mutation), at most
 * `maxFrames` frames: the page has finished what the last step set going.
 */
export async function settle(maxFrames = 30): Promise<void> {
  let changed = true;
  const observer = new MutationObserver(() => {
    changed = true;
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    for (let frame = 0; frame < maxFrames && changed; frame++) {
      changed = false;
      await nextPaint();
      // Records made during the frame are delivered before the task that follows it.
      await nextTask();
    }
  } finally {
    observer.disconnect();
  }
}

/** Resolves with the time right after the browser rendered its next frame. */
export async function nextPaint(): Promise<number> {
  return (await nextFrame()).paintedAt;
}

/** The display's frame interval, as the median gap between consecutive animation frames. */
export async function frameIntervalMs(frames = 21): Promise<number> {
  const stamps: number[] = [];
  for (let i = 0; i < frames; i++) stamps.push((await nextFrame()).beganAt);
  return median(stamps.slice(1).map((stamp, i) => stamp - stamps[i]!));
}

/** Seeded uniform numbers in [0, 1) (a linear congruential generator): the same delays in every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function until(condition: () => boolean, what: string, timeoutMs = 300_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`UI benchmark: timed out waiting for ${what}`);
    await nextTask();
  }
}

export function layerUpdates(): PerformanceEntryList {
  return performance.getEntriesByName(SEGMENT_LAYERS_MEASURE);
}

/** A key press as the window's editing shortcuts receive it. */
export function pressKey(key: string, modifiers: { altKey?: boolean; ctrlKey?: boolean; shiftKey?: boolean } = {}): void {
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers }));
}

/**
 * Waits `phaseMs` (where in the frame the key comes), runs `input` (which must change the
 * segmentation), then waits until the change is painted.
 */
export async function timeEdit(what: string, input: () => void, phaseMs = 0): Promise<EditSample> {
  if (phaseMs > 0) await delay(phaseMs);
  const before = layerUpdates().length;
  const result = useSession.getState().current;
  const started = performance.now();
  input();
  if (useSession.getState().current === result) throw new Error(`UI benchmark: ${what} changed nothing`);
  await until(() => layerUpdates().length > before, `the segment layers to show ${what}`);
  const layers = layerUpdates().at(-1)!;
  const frame = await nextFrame();
  const layersEnd = layers.startTime + layers.duration;
  // A frame that began while the layers were still changing shows no wait.
  const frameWaitMs = Math.max(0, frame.beganAt - layersEnd);
  return {
    totalMs: frame.paintedAt - started,
    reactMs: layers.startTime - started,
    layersMs: layers.duration,
    paintMs: frame.paintedAt - layersEnd,
    frameWaitMs,
    frameMs: frame.paintedAt - layersEnd - frameWaitMs,
    monacoMs: frame.callbackAt - Math.max(frame.beganAt, layersEnd),
  };
}

/**
 * The floor under every edit figure: waiting `phaseMs`, then the time until the next frame is rendered
 * with nothing changed (the display's wait plus the browser's own frame: Monaco, style, layout, paint).
 */
export async function timeIdleFrame(phaseMs: number): Promise<number> {
  if (phaseMs > 0) await delay(phaseMs);
  const started = performance.now();
  return (await nextFrame()).paintedAt - started;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The nearest-rank percentile `p` (0-100). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarize(samples: readonly EditSample[]): EditFigures {
  const totals = samples.map((s) => s.totalMs);
  return {
    edits: samples.length,
    medianMs: median(totals),
    p95Ms: percentile(totals, 95),
    reactMs: median(samples.map((s) => s.reactMs)),
    layersMs: median(samples.map((s) => s.layersMs)),
    paintMs: median(samples.map((s) => s.paintMs)),
    frameWaitMs: median(samples.map((s) => s.frameWaitMs)),
    frameMs: median(samples.map((s) => s.frameMs)),
    monacoMs: median(samples.map((s) => s.monacoMs)),
  };
}
