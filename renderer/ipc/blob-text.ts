/**
 * A long string to and from a Blob, a slice per task, so the window keeps answering while a 50 MB
 * document's text crosses the WebSocket (shared/ipc/long-strings.ts says why it travels so).
 */
import { isHighSurrogate } from '../../shared/document/text-boundaries';
import { STRING_PIECE_CHARS } from '../../shared/ipc/long-strings';
import { nextTask } from '../services/next-task';

/** The text's UTF-8 in pieces, one binary frame each. */
export async function textToBlobs(text: string): Promise<Blob[]> {
  const parts: Blob[] = [];
  let at = 0;
  while (at < text.length) {
    if (at > 0) await nextTask();
    let end = Math.min(text.length, at + STRING_PIECE_CHARS);
    // Never between the two halves of a surrogate pair: each half alone would encode as U+FFFD.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    parts.push(new Blob([text.slice(at, end)]));
    at = end;
  }
  return parts;
}

/** The text whose UTF-8 came in these frames, in order (a frame may end inside a character). */
export async function blobsToText(frames: readonly Blob[]): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  // Each read resolves in a task of its own, so each frame is decoded in one.
  for (const frame of frames) text += decoder.decode(await frame.arrayBuffer(), { stream: true });
  return text + decoder.decode();
}
