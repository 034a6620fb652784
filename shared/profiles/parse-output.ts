/**
 * Reads what a segmentation model wrote. The official output format is not published, so this is
 * tolerant: plain lines, `#` lines, numbered and bulleted lines, JSON-ish lists of strings or of
 * objects, and topic or summary lines as the profile describes them. Nothing is guessed into a
 * head: a line that is neither a head nor a note is reported back as ignored.
 */
import type { HeadInput } from '../locate/types';
import type { NoteKind, OutputSettings } from './schema';

export interface ParsedOutput {
  heads: HeadInput[];
  /** Non-empty lines that were neither heads nor notes (e.g. a note with no head to go with). */
  ignored: string[];
}

type NoteField = 'topic' | 'summary';

function noteField(kind: NoteKind): NoteField | null {
  return kind === 'none' ? null : kind;
}

/** List and heading markers a model may put before a head: `#`, `1.`, `1)`, `-`, `*`, `•`, `>`. */
const LINE_MARKER = /^(?:#{1,6}(?=\s|$)|\d{1,4}[.)](?=\s|$)|[-*•·>](?=\s|$))\s*/u;

function stripMarkers(line: string): string {
  let out = line.trim();
  // Markers can stack, as in `1. # head` or `- **head**`.
  for (let i = 0; i < 3; i++) {
    const next = out.replace(LINE_MARKER, '');
    if (next === out) break;
    out = next.trim();
  }
  return stripWrapping(out);
}

/** Quotes and bold marks around a whole head are decoration, not text. */
function stripWrapping(s: string): string {
  let out = s.trim();
  for (const [open, close] of [
    ['**', '**'],
    ['"', '"'],
    ['“', '”'],
    ["'", "'"],
    ['`', '`'],
  ] as const) {
    if (out.length >= open.length + close.length + 1 && out.startsWith(open) && out.endsWith(close)) {
      out = out.slice(open.length, out.length - close.length).trim();
    }
  }
  return out.replace(/,$/, '').trim();
}

/** The text after a label such as `Topic:` when the line starts with one (case-insensitive). */
function afterLabel(line: string, labels: readonly string[]): string | null {
  const lower = line.toLowerCase();
  for (const label of labels) {
    if (lower.startsWith(label.toLowerCase())) return line.slice(label.length).trim();
  }
  return null;
}

function looksLikeJson(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith('[') || t.startsWith('{');
}

const HEAD_KEYS = ['head', 'heading', 'header', 'text', 'first_words', 'start', 'section'];

function headFromObject(obj: Record<string, unknown>, field: NoteField | null): HeadInput | null {
  const key = HEAD_KEYS.find((k) => typeof obj[k] === 'string' && (obj[k] as string).trim() !== '');
  if (!key) return null;
  const out: HeadInput = { head: (obj[key] as string).trim() };
  if (field) {
    const note = obj[field];
    if (typeof note === 'string' && note.trim() !== '') out[field] = note.trim();
  }
  return out;
}

/** JSON.parse first; when that fails (a list cut short by the token limit), read item by item. */
function parseJsonish(text: string, field: NoteField | null): ParsedOutput | null {
  const trimmed = text.trim();
  try {
    const value: unknown = JSON.parse(trimmed);
    const items = Array.isArray(value) ? value : [value];
    const heads: HeadInput[] = [];
    const ignored: string[] = [];
    for (const item of items) {
      if (typeof item === 'string') {
        if (item.trim() !== '') heads.push({ head: item.trim() });
      } else if (item && typeof item === 'object') {
        const h = headFromObject(item as Record<string, unknown>, field);
        if (h) heads.push(h);
        else ignored.push(JSON.stringify(item));
      }
    }
    return { heads, ignored };
  } catch {
    // fall through to the item-by-item reading
  }
  const heads: HeadInput[] = [];
  // Objects first (they contain strings), then bare strings outside any object.
  const objectPattern = /\{[^{}]*\}/g;
  const withoutObjects = trimmed.replace(objectPattern, (chunk) => {
    try {
      const h = headFromObject(JSON.parse(chunk) as Record<string, unknown>, field);
      if (h) heads.push(h);
    } catch {
      const m = /"(?:head|heading|text)"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(chunk);
      if (m?.[1]) heads.push({ head: unescapeJson(m[1]) });
    }
    return ' ';
  });
  if (heads.length > 0) return { heads, ignored: [] };
  const stringPattern = /"((?:[^"\\]|\\.)*)"/g;
  for (const m of withoutObjects.matchAll(stringPattern)) {
    const s = unescapeJson(m[1] ?? '').trim();
    if (s) heads.push({ head: s });
  }
  return heads.length > 0 ? { heads, ignored: [] } : null;
}

function unescapeJson(s: string): string {
  try {
    return JSON.parse(`"${s}"`) as string;
  } catch {
    return s.replace(/\\"/g, '"');
  }
}

function parseLines(text: string, settings: OutputSettings): ParsedOutput {
  const field = noteField(settings.notes);
  const heads: HeadInput[] = [];
  const ignored: string[] = [];
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

  if (field && settings.noteLayout === 'alternating') {
    const notesFirst = settings.notesBeforeHeads;
    for (let i = 0; i < lines.length; i += 2) {
      const headLine = lines[notesFirst ? i + 1 : i];
      const noteLine = lines[notesFirst ? i : i + 1];
      if (headLine === undefined) {
        if (noteLine !== undefined) ignored.push(noteLine);
        continue;
      }
      const head = stripHeadLabel(stripMarkers(headLine), settings);
      if (!head) continue;
      const h: HeadInput = { head };
      const note = noteLine === undefined ? '' : stripWrapping(afterLabel(stripMarkers(noteLine), settings.noteLabels) ?? stripMarkers(noteLine));
      if (note) h[field] = note;
      heads.push(h);
    }
    return { heads, ignored };
  }

  if (field && settings.layout === 'notes-first') return pairNotesFirst(lines, settings, field);

  let pendingNote: string | null = null;
  for (const line of lines) {
    const bare = stripMarkers(line);
    const note = afterLabel(bare, settings.noteLabels) ?? afterLabel(line, settings.noteLabels);
    if (note !== null) {
      const value = stripWrapping(note);
      if (!field || !value) {
        ignored.push(line);
      } else if (settings.notesBeforeHeads) {
        if (pendingNote !== null) ignored.push(pendingNote);
        pendingNote = value;
      } else {
        const last = heads[heads.length - 1];
        if (last && last[field] === undefined) last[field] = value;
        else ignored.push(line);
      }
      continue;
    }
    const head = stripHeadLabel(bare, settings);
    if (!head) continue;
    const h: HeadInput = { head };
    if (field && pendingNote !== null) {
      h[field] = pendingNote;
      pendingNote = null;
    }
    heads.push(h);
  }
  if (pendingNote !== null) ignored.push(pendingNote);
  return { heads, ignored };
}

/** The notes-first layout: labelled note lines (all notes), then heads; the i-th note is the i-th head's. */
function pairNotesFirst(lines: readonly string[], settings: OutputSettings, field: 'topic' | 'summary'): ParsedOutput {
  const notes: string[] = [];
  const heads: HeadInput[] = [];
  const ignored: string[] = [];
  for (const line of lines) {
    const note = afterLabel(stripMarkers(line), settings.noteLabels) ?? afterLabel(line, settings.noteLabels);
    if (note !== null) {
      const value = stripWrapping(note);
      if (value) notes.push(value);
      else ignored.push(line);
      continue;
    }
    const head = stripHeadLabel(stripMarkers(line), settings);
    if (head) heads.push({ head });
  }
  heads.forEach((h, i) => {
    if (notes[i] !== undefined) h[field] = notes[i];
  });
  ignored.push(...notes.slice(heads.length));
  return { heads, ignored };
}

function stripHeadLabel(head: string, settings: OutputSettings): string {
  const after = afterLabel(head, settings.headLabels);
  return after === null ? head : stripWrapping(after);
}

/** Tolerant reading of a model's free output into heads (with topics or summaries). */
export function parseModelOutput(text: string, settings: OutputSettings): ParsedOutput {
  if (looksLikeJson(text)) {
    const json = parseJsonish(text, noteField(settings.notes));
    if (json) return json;
  }
  return parseLines(text, settings);
}
