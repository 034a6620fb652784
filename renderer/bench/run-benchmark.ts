/** The timed steps of the UI benchmark; see bench-main.tsx. */
import { SEGMENT_LAYERS_MEASURE } from '../features/document-view/DocumentView';
import { openFile } from '../services/documents';
import { useRunStore } from '../stores/run';
import { useSegmentationStore } from '../stores/segmentation';
import { paragraphStarts } from '../../shared/text/lines';
import { benchSegmentation, benchText } from './bench-document';

export interface UiBenchFigures {
  chars: number;
  segments: number;
  /** File chosen -> text, tints, markers, zones and outline painted. */
  openAndPaintMs: number;
  /** One boundary moved -> redrawn and painted. */
  moveBoundaryMs: number;
  /** ...of which updating the Monaco decorations and zones. */
  moveBoundaryLayersMs: number;
  /** One segment split in two -> redrawn and painted (the tints of later segments alternate anew). */
  splitMs: number;
  splitLayersMs: number;
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves after the browser has produced a frame with everything done so far. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

async function until(condition: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`UI benchmark: timed out waiting for ${what}`);
    await nextTask();
  }
}

function layerUpdates(): PerformanceEntryList {
  return performance.getEntriesByName(SEGMENT_LAYERS_MEASURE);
}

/** Runs `change`, then waits for the segment layers to be redrawn and painted. */
async function timeRedraw(change: () => void): Promise<{ totalMs: number; layersMs: number }> {
  const before = layerUpdates().length;
  const started = performance.now();
  change();
  await until(() => layerUpdates().length > before, 'the segment layers to update');
  await afterPaint();
  const totalMs = performance.now() - started;
  return { totalMs, layersMs: layerUpdates().at(-1)!.duration };
}

export async function runUiBenchmark(chars: number, segments: number): Promise<UiBenchFigures> {
  await until(() => useRunStore.getState().status === 'done', 'the start-up document');
  const text = benchText(chars);
  // The in-memory service's answer is made before the clock starts: only the UI is timed.
  benchSegmentation(text, segments);
  const file = new File([text], 'bench.txt', { type: 'text/plain' });
  await afterPaint();

  const before = layerUpdates().length;
  const opened = performance.now();
  await openFile(file);
  await until(
    () => useSegmentationStore.getState().current?.segmentation.notes.length === segments && layerUpdates().length > before,
    `${segments} segments drawn`,
  );
  await afterPaint();
  const openAndPaintMs = performance.now() - opened;

  // Move the middle boundary to the next paragraph start inside its right-hand segment.
  const store = useSegmentationStore.getState();
  const current = store.current!.segmentation;
  const k = Math.floor(current.boundaries.length / 2);
  const from = current.boundaries[k]!;
  const limit = current.boundaries[k + 1] ?? text.length;
  const to = paragraphStarts(text).find((p) => p > from && p < limit);
  if (to === undefined) throw new Error('UI benchmark: the middle segment has a single paragraph');
  const moved = [...current.boundaries];
  moved[k] = to;
  const move = await timeRedraw(() => store.applySegmentation({ boundaries: moved, notes: current.notes }));

  // Split the segment after the moved boundary again at `from`: one more boundary.
  const split = [...moved.slice(0, k), from, ...moved.slice(k)];
  const notes = [...current.notes.slice(0, k + 1), { topic: 'Split off' }, ...current.notes.slice(k + 1)];
  const splitting = await timeRedraw(() => useSegmentationStore.getState().applySegmentation({ boundaries: split, notes }));

  return {
    chars: text.length,
    segments,
    openAndPaintMs,
    moveBoundaryMs: move.totalMs,
    moveBoundaryLayersMs: move.layersMs,
    splitMs: splitting.totalMs,
    splitLayersMs: splitting.layersMs,
  };
}
