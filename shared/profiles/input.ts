/**
 * The text as the model sees it (a profile's `input` settings). The seed's models were trained on
 * text whose newline characters were always removed; with `newlines: 'space'` each CR, LF, U+2028
 * and U+2029 becomes one space. Every character maps to exactly one, so the model text has the
 * document's UTF-16 length and any offset in it is the same offset in the document: windows, head
 * candidates and boundaries need no mapping back, and the segmentation still covers the original.
 */
import type { InputSettings } from './schema';

const LINE_BREAKS = /[\r\n\u2028\u2029]/g;

export function modelInputText(text: string, settings: InputSettings): string {
  return settings.newlines === 'space' ? text.replace(LINE_BREAKS, ' ') : text;
}
