/**
 * The document view of a long text, built before it is shown and a stretch per task: Monaco's text
 * buffer (its line starts) and our LineIndex. Built at once when shown, a 50 MB text froze the
 * window for a second or more; in slices of a million characters each task stays short and the
 * progress can be shown. DocumentView takes what was prepared for its text, or builds it at once
 * (a short text, where the slices would only add tasks).
 */
import {
  PieceTreeTextBufferBuilder, type TextBufferFactory,
} from 'monaco-editor/esm/vs/editor/common/model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder.js';
import { nextTask } from '../../services/next-task';
import { LineIndex, LineIndexBuilder } from './line-index';

/** Characters laid out per task. */
const SLICE_CHARS = 1 << 20;
/** Shorter texts are built when shown. */
const PREPARE_MIN_CHARS = 2 * SLICE_CHARS;

export interface PreparedView {
  /** Passed to monaco.editor.createModel in place of the text (see monaco-text-buffer.d.ts). */
  buffer: TextBufferFactory | string;
  lines: LineIndex;
}

let prepared: { text: string; view: PreparedView } | null = null;

/**
 * Prepares the view of `text` over several tasks, reporting the characters done. False when
 * `stillWanted` turned false meanwhile (a later document was asked for): nothing is kept then.
 */
export async function prepareView(text: string, progress: (done: number, total: number) => void, stillWanted: () => boolean): Promise<boolean> {
  if (text.length < PREPARE_MIN_CHARS || prepared?.text === text) return true;
  const buffer = new PieceTreeTextBufferBuilder();
  const lines = new LineIndexBuilder(text);
  for (let at = 0; at < text.length; at += SLICE_CHARS) {
    const end = Math.min(text.length, at + SLICE_CHARS);
    // The builder carries a CR or a surrogate half at a chunk's end over to the next chunk.
    buffer.acceptChunk(text.slice(at, end));
    lines.scanTo(end);
    progress(end, text.length);
    await nextTask();
    if (!stillWanted()) return false;
  }
  prepared = { text, view: { buffer: buffer.finish(), lines: lines.finish() } };
  return true;
}

/** The view prepared for `text` (handed over once), or one built now. */
export function takeView(text: string): PreparedView {
  if (prepared?.text === text) {
    const { view } = prepared;
    prepared = null;
    return view;
  }
  return { buffer: text, lines: new LineIndex(text) };
}
