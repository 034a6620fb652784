/** The timed steps of the UI benchmark; see bench-main.tsx. */
import { getEditorHandle } from '../../renderer/features/document-view/editor-handle';
import { useEditingStore } from '../../renderer/features/editing/editing-store';
import { openFile } from '../../renderer/services/documents';
import { useSession } from '../../renderer/stores/session';
import { useUiStore } from '../../renderer/stores/ui';
import { benchSegmentation, benchText } from './bench-document';
import { frameIntervalMs, layerUpdates, median, nextPaint, nextTask, pressKey, seededRandom, settle, summarize, timeEdit, timeIdleFrame, until, type EditFigures, type EditSample } from './edit-timing';

/** How many edits of each kind are made one after the other (the p95 is over these). */
export const EDITS_PER_KIND = 50;

export interface UiBenchFigures {
  chars: number;
  segments: number;
  /** File chosen -> text, tints, markers, zones and outline painted. */
  openAndPaintMs: number;
  /** ...of which: until the document reached the store (read, encode, service call, decode). */
  openDocumentMs: number;
  /** ...until the result reached the store (React has rendered the text by then). */
  openResultMs: number;
  /** ...the first drawing of all segment layers into Monaco. */
  openLayersMs: number;
  /** The longest the window was frozen while opening (the longest task, from the longtask API). */
  openLongestTaskMs: number;
  /**
   * ...the longest task that started in each stage: until the document reached the store (read,
   * decode, text model), until the result did (segment views), and while the layers were drawn.
   */
  openLongestTaskByStageMs: { document: number; result: number; layers: number };
  /** Frames rendered while opening, and how many of them showed a progress indication. */
  openFrames: number;
  openFramesWithProgress: number;
  /** Consecutive edits, each from its key press to the painted result (absent with ?edits=0). */
  move?: EditFigures;
  split?: EditFigures;
  merge?: EditFigures;
  undo?: EditFigures;
  /** The display's frame interval the edits were timed against (median gap between animation frames). */
  frameIntervalMs?: number;
  /** The floor: median time from a moment chosen as for the keys to the next rendered frame, with nothing changed. */
  idleFrameMs?: number;
  /** Where in the frame each key came: at a seeded random moment, or right after a frame (the worst case). */
  keyPhase?: KeyPhase;
  /** Median time to jump to another place in the document and paint it (smoothness). */
  scrollJumpMs?: number;
}

/** Whatever on screen tells a person that something is under way while a document opens. */
function progressShown(): boolean {
  const status = document.querySelector('[data-testid="progress"]')?.getAttribute('data-status');
  return status === 'starting' || status === 'running' || document.querySelector('[data-testid="opening"]') !== null;
}

/** `random`: as a person's key press, anywhere in the frame; `after-frame`: right after one, waiting a whole interval. */
export type KeyPhase = 'random' | 'after-frame';

export async function runUiBenchmark(chars: number, segments: number, withEdits: boolean, keyPhase: KeyPhase = 'random'): Promise<UiBenchFigures> {
  await until(() => useSession.getState().run.status === 'done', 'the start-up document');
  const text = benchText(chars);
  // The in-memory service's answer is made before the clock starts: only the UI is timed.
  benchSegmentation(text, segments);
  const file = new File([text], 'bench.txt', { type: 'text/plain' });
  await nextPaint();

  const opened = await timeOpen(file, segments);
  if (!withEdits) return { chars: text.length, segments, ...opened };

  // A mark a trace can start from (the edits, not the open).
  performance.mark('bench:edits');
  const interval = await frameIntervalMs();
  const random = seededRandom(20_26);
  const phase = () => (keyPhase === 'random' ? random() * interval : 0);
  const move = summarize(await editEach(spreadSegments(1), 'a boundary move', () => pressKey('ArrowDown', { altKey: true }), phase));
  const split = summarize(await editEach(spreadSegments(0), 'a split', () => pressKey('s'), phase));
  const merge = summarize(await editEach(spreadSegments(0), 'a merge', () => pressKey('m'), phase));
  const undoSamples: EditSample[] = [];
  for (let i = 0; i < EDITS_PER_KIND; i++) {
    await settle();
    undoSamples.push(await timeEdit('an undo', () => pressKey('z', { ctrlKey: true }), phase()));
  }
  const idleFrames: number[] = [];
  for (let i = 0; i < EDITS_PER_KIND; i++) {
    await settle();
    idleFrames.push(await timeIdleFrame(phase()));
  }
  const scrollJumpMs = await timeScrollJumps(SCROLL_JUMPS);
  const undo = summarize(undoSamples);
  return { chars: text.length, segments, ...opened, move, split, merge, undo, frameIntervalMs: interval, idleFrameMs: median(idleFrames), keyPhase, scrollJumpMs };
}

async function timeOpen(file: File, segments: number) {
  const longTasks: { start: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push({ start: e.startTime, duration: e.duration })));
  observer.observe({ type: 'longtask' });
  let frames = 0;
  let framesWithProgress = 0;
  let watching = true;
  const watchFrame = () => {
    if (!watching) return;
    frames++;
    if (progressShown()) framesWithProgress++;
    requestAnimationFrame(watchFrame);
  };
  requestAnimationFrame(watchFrame);

  const before = layerUpdates().length;
  let documentAt = 0;
  let resultAt = 0;
  const stopDocument = useSession.subscribe((s, p) => {
    if (s.documentId !== p.documentId) documentAt ||= performance.now();
  });
  const stopResult = useSession.subscribe((s, p) => {
    if (s.current && s.current !== p.current) resultAt ||= performance.now();
  });
  const started = performance.now();
  await openFile(file);
  // The drawing of all the segments: the view also draws (nothing) for the new document before its
  // result arrives, and a long drawing comes in parts, measured once whole.
  const wholeDrawing = () => layerUpdates().slice(before).find((e) => (e as PerformanceMeasure).detail?.segments === segments);
  await until(() => wholeDrawing() !== undefined, `${segments} segments drawn`);
  const painted = await nextPaint();
  watching = false;
  stopDocument();
  stopResult();
  // Long tasks are reported after they end: give the observer a task to deliver the last one.
  await nextTask();
  observer.disconnect();
  return {
    openAndPaintMs: painted - started,
    openDocumentMs: documentAt - started,
    openResultMs: resultAt - started,
    openLayersMs: wholeDrawing()!.duration,
    openLongestTaskMs: Math.max(0, ...longTasks.map((t) => t.duration)),
    openLongestTaskByStageMs: {
      document: longest(longTasks, started, documentAt),
      result: longest(longTasks, documentAt, resultAt),
      layers: longest(longTasks, resultAt, Infinity),
    },
    openFrames: frames,
    openFramesWithProgress: framesWithProgress,
  };
}

/** The longest of `tasks` that started in [from, to). */
function longest(tasks: readonly { start: number; duration: number }[], from: number, to: number): number {
  return Math.max(0, ...tasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration));
}

/** EDITS_PER_KIND segment indices spread evenly over the document, from `first` on. */
function spreadSegments(first: number): number[] {
  const count = useSession.getState().current!.segmentation.notes.length;
  const step = (count - 1 - first) / EDITS_PER_KIND;
  return Array.from({ length: EDITS_PER_KIND }, (_, i) => first + Math.floor(i * step));
}

/** For each segment: make it current (untimed, as the J/K keys would), then time `press` at the next `phase()`. */
async function editEach(indices: readonly number[], what: string, press: () => void, phase: () => number): Promise<EditSample[]> {
  const samples: EditSample[] = [];
  for (const index of indices) {
    const seg = useSession.getState().current!.segmentation;
    useUiStore.getState().setCurrentSegment(index);
    useEditingStore.getState().setCursorOffset(index === 0 ? 0 : seg.boundaries[index - 1]!);
    await settle();
    samples.push(await timeEdit(what, press, phase()));
  }
  return samples;
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
    times.push((await nextPaint()) - started);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}
