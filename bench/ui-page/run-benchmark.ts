/** The timed steps of the UI benchmark; see bench-main.tsx. */
import { SEGMENT_LAYERS_MEASURE } from '../../renderer/features/document-view/DocumentView';
import { getEditorHandle } from '../../renderer/features/document-view/editor-handle';
import { openFile } from '../../renderer/services/documents';
import { useDocumentStore } from '../../renderer/stores/document';
import { useRunStore } from '../../renderer/stores/run';
import { useSegmentationStore } from '../../renderer/stores/segmentation';
import { paragraphStarts } from '../../shared/text/lines';
import { benchSegmentation, benchText } from './bench-document';

export interface UiBenchFigures {
  chars: number;
  segments: number;
  /** File chosen -> text, tints, markers, zones and outline painted. */
  openAndPaintMs: number;
  /** ...of which: until the document reached the store (read, encode, service call, decode). */
  openDocumentMs: number;
  /** ...until the 5,000-segment result reached the store (React has rendered the text by then). */
  openResultMs: number;
  /** ...the first drawing of all segment layers into Monaco. */
  openLayersMs: number;
  /** One boundary moved -> redrawn and painted. */
  moveBoundaryMs: number;
  /** ...of which updating the Monaco decorations and zones. */
  moveBoundaryLayersMs: number;
  /** One segment split in two -> redrawn and painted (the tints of later segments alternate anew). */
  splitMs: number;
  splitLayersMs: number;
  /** Median time to jump to another place in the document and paint it (smoothness). */
  scrollJumpMs: number;
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
  let documentAt = 0;
  let resultAt = 0;
  const stopDocument = useDocumentStore.subscribe(() => (documentAt ||= performance.now()));
  const stopResult = useSegmentationStore.subscribe((s) => {
    if (s.current) resultAt ||= performance.now();
  });
  const opened = performance.now();
  await openFile(file);
  await until(
    () => useSegmentationStore.getState().current?.segmentation.notes.length === segments && layerUpdates().length > before,
    `${segments} segments drawn`,
  );
  await afterPaint();
  const openAndPaintMs = performance.now() - opened;
  stopDocument();
  stopResult();
  const openLayersMs = layerUpdates().at(-1)!.duration;

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

  const scrollJumpMs = await timeScrollJumps(SCROLL_JUMPS);

  return {
    chars: text.length,
    segments,
    openAndPaintMs,
    openDocumentMs: documentAt - opened,
    openResultMs: resultAt - opened,
    openLayersMs,
    moveBoundaryMs: move.totalMs,
    moveBoundaryLayersMs: move.layersMs,
    splitMs: splitting.totalMs,
    splitLayersMs: splitting.layersMs,
    scrollJumpMs,
  };
}

const SCROLL_JUMPS = 25;

/** Jumps the editor to evenly spread places through the document, timing each until painted. */
async function timeScrollJumps(jumps: number): Promise<number> {
  const handle = getEditorHandle();
  if (!handle) throw new Error('UI benchmark: no editor');
  const { editor } = handle;
  const height = editor.getScrollHeight();
  const times: number[] = [];
  for (let i = 1; i <= jumps; i++) {
    const started = performance.now();
    // Alternate ends of the document so every jump lands on lines not painted before.
    const fraction = i % 2 === 0 ? i / (jumps + 1) : 1 - i / (jumps + 1);
    editor.setScrollTop(fraction * height);
    await afterPaint();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}
