/**
 * Markdown: one section per segment, readable as a document and exactly reversible.
 *
 *   <!-- segment-workbench v1 {"offsets":"...","topic_headings":false,"document":{...},"strategy":"...","warnings":[...],"meta":{...}} -->
 *
 *   <!-- segment {"index":0,"start":0,"end":57,"topic":"...","summary":"..."} -->
 *   ## The topic, on one line                 (only with topicHeadings)
 *   > The summary, each of its lines quoted
 *
 *   ...exactly end-start characters of document text, verbatim...
 *   <!-- /segment -->
 *
 * Why it is unambiguous whatever the text holds ('#', '>', blank lines, even marker look-alikes):
 * the reader never searches the document text. It takes exactly `end - start` units (the header's
 * `offsets`, UTF-16 code units when it names none: shared/formats/offsets.ts) after a
 * segment's display lines, and the display lines are re-rendered from the marker and compared,
 * so the marker's JSON is the one source of truth. The JSON in markers has '<' and '>' written
 * as \u003c and \u003e, so it can never close its HTML comment early. The topic heading and
 * summary quote are there for people; edit notes in the marker (or in the app), not there.
 *
 * The topic heading is written only when asked (WriteLayout.topicHeadings): a heading the document
 * does not have changes how the file renders and where Markdown splitters cut it. The header's
 * `topic_headings` records the choice, so the reader renders the same display lines; a file
 * without it is from before the choice, when topics were always headings.
 */
import { z } from 'zod';
import type { ChunkExtras } from '../chunks/extras';
import { CONTINUED_BLOCKS, type SegmentationResult } from '../document/types';
import { assembleResult, LEFT_OUT, type ReadResult, type SegmentRow } from './assemble';
import { segmentsToWrite, type SegmentToWrite } from './check-result';
import { FormatError } from './errors';
import { warningSchema } from './json';
import { documentInUnit, offsetsFieldSchema, warningsInUnit } from './offsets';
import { parseJsonText, validate } from './parse-json';
import { advance, DEFAULT_OFFSET_UNIT, type OffsetUnit } from '../text/offset-units';
import type { WriteLayout } from './write-options';

const HEADER_PREFIX = '<!-- segment-workbench v1 ';
const SEGMENT_PREFIX = '<!-- segment ';
const COMMENT_END = ' -->\n';
const SEGMENT_END = '\n<!-- /segment -->\n\n';

const headerSchema = z.object({
  offsets: offsetsFieldSchema,
  /** Absent in files written before topic headings became a choice: those always wrote them. */
  topic_headings: z.boolean().optional(),
  document: z.object({ name: z.string(), chars: z.number().int().nonnegative(), sha256: z.string() }),
  strategy: z.string(),
  warnings: z.array(warningSchema),
  meta: z.record(z.string(), z.unknown()),
});

const markerSchema = z.object({
  index: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  topic: z.string().optional(),
  summary: z.string().optional(),
  reviewed: z.boolean().optional(),
  continues: z.enum(CONTINUED_BLOCKS).optional(),
  confidence: z.number().min(0).max(1).optional(),
});

/** JSON that cannot end an HTML comment: '<' and '>' only ever occur inside JSON strings. */
function commentJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** The lines people read above a segment's text; derived from the notes and the header's choice alone. */
function displayLines(note: { topic?: string; summary?: string }, topicHeadings: boolean): string {
  const lines: string[] = [];
  if (topicHeadings && note.topic !== undefined) lines.push(`## ${oneLine(note.topic)}`);
  if (note.summary !== undefined) for (const line of note.summary.split(/\r\n|\r|\n/)) lines.push(`> ${line}`.trimEnd());
  return lines.length ? lines.join('\n') + '\n\n' : '';
}

/** The marker carries the notes and the retrieval extras; `content` is left out, the body is the text. */
function segmentMarker(segment: SegmentToWrite): string {
  const { index, start, end, topic, summary, reviewed, continues, confidence, headings, context_before, tokens } = segment;
  return SEGMENT_PREFIX + commentJson({ index, start, end, topic, summary, reviewed, continues, confidence, headings, context_before, tokens }) + COMMENT_END;
}

export function writeMarkdown(
  result: SegmentationResult,
  text: string,
  extras?: readonly ChunkExtras[],
  offsets: OffsetUnit = DEFAULT_OFFSET_UNIT,
  layout: WriteLayout = {},
): string {
  const segments = segmentsToWrite(result, text, extras, { offsets });
  const topicHeadings = layout.topicHeadings ?? false;
  const header = {
    offsets,
    topic_headings: topicHeadings,
    document: documentInUnit(result.document, text, offsets),
    strategy: result.strategy,
    warnings: warningsInUnit(result.warnings, text, offsets),
    meta: result.meta,
  };
  let out = HEADER_PREFIX + commentJson(header) + COMMENT_END + '\n';
  for (const segment of segments) out += segmentMarker(segment) + displayLines(segment, topicHeadings) + segment.text + SEGMENT_END;
  return out;
}

/** Reads a JSON comment that starts at `at` with `prefix`; returns the value and where it ends. */
function readComment(source: string, content: string, at: number, prefix: string, what: string): { value: unknown; next: number } {
  if (!content.startsWith(prefix, at)) throw new FormatError(`${source}: expected ${what} at character ${at}`);
  const end = content.indexOf(COMMENT_END, at + prefix.length);
  if (end === -1) throw new FormatError(`${source}: ${what} at character ${at} is not closed`);
  return { value: parseJsonText(source, content.slice(at + prefix.length, end)), next: end + COMMENT_END.length };
}

export function readMarkdown(source: string, content: string): ReadResult {
  if (!content.startsWith(HEADER_PREFIX)) {
    throw new FormatError(`${source}: not a Segment Workbench Markdown export (it must start with '${HEADER_PREFIX.trim()}')`);
  }
  const head = readComment(source, content, 0, HEADER_PREFIX, 'the header comment');
  const header = validate(`${source} header`, headerSchema, head.value);
  const topicHeadings = header.topic_headings ?? true;
  let at = head.next;
  if (content[at] !== '\n') throw new FormatError(`${source}: expected a blank line after the header`);
  at++;
  const rows: SegmentRow[] = [];
  while (at < content.length) {
    const i = rows.length;
    const marker = readComment(source, content, at, SEGMENT_PREFIX, `the marker of segment ${i}`);
    const note = validate(`${source} segment ${i}`, markerSchema, marker.value);
    if (note.index !== i) {
      const gap = note.index > i && note.start > (rows[i - 1]?.end ?? 0);
      throw new FormatError(`${source}: segment markers out of order: found ${note.index}, expected ${i}${gap ? `: ${LEFT_OUT}` : ''}`);
    }
    at = marker.next;
    const display = displayLines(note, topicHeadings);
    if (!content.startsWith(display, at)) {
      throw new FormatError(`${source}: the heading or summary lines of segment ${i} were edited; notes live in the segment marker`);
    }
    at += display.length;
    const textEnd = note.end > note.start ? advance(content, at, note.end - note.start, header.offsets) : -1;
    if (textEnd < 0) {
      throw new FormatError(`${source}: segment ${i} claims ${note.start}-${note.end}, which the file does not hold`);
    }
    const text = content.slice(at, textEnd);
    at = textEnd;
    if (!content.startsWith(SEGMENT_END, at)) {
      throw new FormatError(`${source}: segment ${i} does not end where its offsets say (text edited, or line endings converted?)`);
    }
    at += SEGMENT_END.length;
    rows.push({ ...note, text });
  }
  return assembleResult(source, rows, header);
}
