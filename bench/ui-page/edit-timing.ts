/**
 * Timing one edit from its input event to the painted result, for the UI benchmark. The edit is
 * a real key press dispatched to the window (the editing shortcuts handle it as they handle a
 * person's), and "painted" is the first moment after the browser has produced the next frame: a
 * message posted from requestAnimationFrame runs once that frame's rendering is done, so the
 * figure neither stops before the paint nor waits a whole extra frame for a second callback.
 */
import { SEGMENT_LAYERS_MEASURE } from '../../renderer/features/document-view/DocumentView';
import { useSession } from '../../renderer/stores/session';

/** One edit's time and its parts, in milliseconds. */
export interface EditSample {
  totalMs: number;
  /** Input -> the segment layers start redrawing: the key handler, the stores and React's render. */
  reactMs: number;
  /** The Monaco decorations and zones changed. */
  layersMs: number;
  /** Layers done -> the frame showing them has been rendered (layout, paint). */
  paintMs: number;
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
}

/** Resolves on the next task, without the 4 ms clamp nested timeouts get. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Resolves with the time right after the browser rendered its next frame. */
export function nextPaint(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => void nextTask().then(() => resolve(performance.now()))));
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

/** Runs `input` (which must change the segmentation), then waits until the change is painted. */
export async function timeEdit(what: string, input: () => void): Promise<EditSample> {
  const before = layerUpdates().length;
  const result = useSession.getState().current;
  const started = performance.now();
  input();
  if (useSession.getState().current === result) throw new Error(`UI benchmark: ${what} changed nothing`);
  await until(() => layerUpdates().length > before, `the segment layers to show ${what}`);
  const layers = layerUpdates().at(-1)!;
  const painted = await nextPaint();
  const layersEnd = layers.startTime + layers.duration;
  return { totalMs: painted - started, reactMs: layers.startTime - started, layersMs: layers.duration, paintMs: painted - layersEnd };
}

function median(values: readonly number[]): number {
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
  };
}
