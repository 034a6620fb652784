/**
 * The WIKI-727K text format (Koshorek et al. 2018): a marker line `========,LEVEL,TITLE.` before
 * each section (the dataset's regex is `========,\d,.*?\.`). Reading removes the marker lines,
 * keeps every other line verbatim, and turns each marker into a gold boundary with its title as
 * the segment's topic; the levels are kept in meta.levels. A title is read up to the line's last
 * period, so "U.S. history." stays whole.
 *
 * Writing puts `========,1,TOPIC.` before each segment (an empty title when there is no topic)
 * and a line break after a segment that lacks one, since markers need their own line.
 */
import type { SegmentationResult, SegmentNote } from '../document/types';
import { cleanNote, resultFromCuts, type ReadResult } from './assemble';
import { segmentsToWrite } from './check-result';
import { FormatError } from './errors';

const MARKER_LINE = /^========,(\d+),(.*)\.[ \t]*$/;

/** True when some line of `content` is a WIKI-727K section marker. */
export function looksLikeWiki727k(content: string): boolean {
  return /^========,\d+,.*\.[ \t]*\r?$/m.test(content);
}

export function writeWiki727k(result: SegmentationResult, text: string): string {
  let out = '';
  for (const segment of segmentsToWrite(result, text, [], { excluded: 'keep' })) {
    const title = (segment.topic ?? '').replace(/\s*[\r\n]+\s*/g, ' ').trim();
    out += `========,1,${title}.\n${segment.text}`;
    if (!/[\r\n]$/.test(segment.text)) out += '\n';
  }
  return out;
}

export function readWiki727k(source: string, content: string): ReadResult {
  const cuts: number[] = [];
  const notes = new Map<number, SegmentNote>();
  const levels: number[] = [];
  let text = '';
  // Lines with their terminators, so that everything that is not a marker survives verbatim.
  for (const line of content.match(/[^\r\n]*(\r\n|\r|\n)|[^\r\n]+$/g) ?? []) {
    const marker = MARKER_LINE.exec(line.replace(/(\r\n|\r|\n)$/, ''));
    if (!marker) {
      text += line;
      continue;
    }
    cuts.push(text.length);
    levels.push(Number(marker[1]));
    // Markers with no text between them collapse; the innermost (last) title names the text.
    notes.set(text.length, cleanNote({ topic: (marker[2] ?? '').trim() }));
  }
  if (levels.length === 0) {
    throw new FormatError(`${source}: no WIKI-727K section lines (========,LEVEL,TITLE.)`);
  }
  return resultFromCuts(source, text, 'wiki727k', cuts, notes, { levels });
}
