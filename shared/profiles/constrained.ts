/**
 * Constrained mode. The model may write only heads that occur verbatim at sentence starts of its
 * window, in document order, each with a note line when the profile expects topics or summaries.
 * Every head it writes therefore lands exactly. This file holds what every backend shares: the
 * window's head candidates (the local engine decodes them with a token trie, a remote server
 * with the grammar), the GBNF grammar of the whole output, the note-line grammar, and reading the
 * output back.
 *
 * Order is enforced by the shape of the grammar, a chain of optional items:
 *   c0 ::= item0 c1 | c1     c1 ::= item1 c2 | c2     ...     cN ::= ""
 * so its size grows linearly with the number of sentence starts in the window.
 */
import type { OutputSettings } from './schema';

export interface HeadCandidate {
  /** Offset of the sentence start, relative to whatever text the caller indexes. */
  offset: number;
  /** The longest head allowed: the first words of the sentence, exactly as in the text, on one line. */
  head: string;
  /** Every head the model may write for this sentence, shortest first: each ends at a word end. */
  choices: string[];
}

export interface HeadWords {
  min: number;
  max: number;
}

/** The word ends of the first `max` words of the text at `start`, never past the end of its line. */
function wordEnds(text: string, start: number, max: number): { line: string; ends: number[] } {
  const lineEnd = text.slice(start).search(/[\r\n\u2028\u2029]/);
  const line = lineEnd < 0 ? text.slice(start) : text.slice(start, start + lineEnd);
  const re = /\S+/g;
  const ends: number[] = [];
  for (let m = re.exec(line); m && ends.length < max; m = re.exec(line)) ends.push(m.index + m[0].length);
  return { line, ends };
}

/** The first `words` words of the text at `start`, never past the end of its line. */
export function candidateHead(text: string, start: number, words: number): string {
  const { line, ends } = wordEnds(text, start, words);
  return line.slice(0, ends.at(-1) ?? 0);
}

/**
 * Candidates at the given sentence starts; starts with no words on their line are skipped. A
 * sentence shorter than `min` words offers its whole line as its only head.
 */
export function headCandidates(text: string, starts: readonly number[], words: number | HeadWords): HeadCandidate[] {
  const { min, max } = typeof words === 'number' ? { min: words, max: words } : words;
  const out: HeadCandidate[] = [];
  for (const offset of starts) {
    const { line, ends } = wordEnds(text, offset, max);
    if (ends.length === 0 || /^\s/.test(line)) continue;
    const from = Math.min(min, ends.length) - 1;
    const choices = ends.slice(from).map((e) => line.slice(0, e));
    out.push({ offset, head: choices.at(-1)!, choices });
  }
  return out;
}

/** A GBNF string literal. Control characters are escaped; everything else is literal UTF-8. */
export function gbnfLiteral(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + '"';
}

export type ConstrainedNoteField = 'topic' | 'summary' | null;

/** The text a note line starts with: its first label in the labelled layout. */
export function noteLinePrefix(settings: OutputSettings): string {
  const labelled = settings.noteLayout === 'labelled' || settings.layout === 'notes-first';
  if (settings.constrained.scope === 'heads-only' && settings.layout !== 'notes-first') return '';
  return labelled ? `${settings.noteLabels[0] ?? 'Note:'} ` : '';
}

/** The body of one note line and its newline, after `written` characters of it were written. */
function noteBody(settings: OutputSettings, written: string): string {
  const prefix = noteLinePrefix(settings);
  if (!prefix.startsWith(written)) throw new Error(`note text '${written}' is not a prefix of '${prefix}'`);
  const rest = prefix.slice(written.length);
  const lead = rest === '' ? '' : `${gbnfLiteral(rest)} `;
  // A note is never empty and never starts with a space: no vocabulary token then spans the end
  // of one line and the start of the next (Qwen2's has none with a newline before a non-space),
  // which keeps the trie decoder's line-by-line choices the grammar's.
  if (settings.constrained.scope === 'heads-only') return `${lead}[^ \\x00-\\x1F\\x7F] [^\\x00-\\x1F\\x7F]* "\\n"`;
  const chars = settings.constrained.maxNoteChars;
  // The first character counts toward maxNoteChars.
  return `${lead}[^ \\x00-\\x1F\\x7F] [^\\x00-\\x1F\\x7F]{0,${chars - 1}} "\\n"`;
}

export interface NoteGrammarOptions {
  /** The model may also end its output here instead of writing the note. */
  optional: boolean;
  /** What of the note line's label is already written (the trie decoder wrote its first token). */
  written?: string;
}

/** The grammar of one note line alone, for decoders that shape heads by other means. */
export function buildNoteGrammar(settings: OutputSettings, options: NoteGrammarOptions): string {
  const body = noteBody(settings, options.written ?? '');
  return options.optional ? `root ::= note | ""\nnote ::= ${body}\n` : `root ::= ${body}\n`;
}

export interface GrammarOptions {
  /** The window starts the document: its first sentence must be the first head. */
  requireFirst: boolean;
}

/** A head line: the prefix, the candidate's shortest head, then each further word optionally. */
function headLineRule(prefix: string, cand: HeadCandidate): string {
  const shortest = cand.choices[0]!;
  let tail = '';
  for (let i = cand.choices.length - 1; i >= 1; i--) {
    const word = cand.choices[i]!.slice(cand.choices[i - 1]!.length);
    tail = `(${gbnfLiteral(word)}${tail ? ` ${tail}` : ''})?`;
  }
  return `${gbnfLiteral(prefix + shortest)}${tail ? ` ${tail}` : ''} "\\n"`;
}

/** The GBNF grammar for one window's whole output. */
export function buildHeadGrammar(candidates: readonly HeadCandidate[], settings: OutputSettings, options: GrammarOptions): string {
  const c = settings.constrained;
  const withNotes = settings.notes !== 'none';
  const notesFirst = withNotes && settings.layout === 'notes-first';
  const rules: string[] = [];
  if (candidates.length === 0) rules.push('root ::= ""');
  else if (notesFirst) rules.push(`root ::= note{1,${candidates.length}} c0`);
  else rules.push('root ::= c0');
  candidates.forEach((cand, i) => {
    const next = i + 1 < candidates.length ? ` c${i + 1}` : '';
    const skip = i + 1 < candidates.length ? `c${i + 1}` : '""';
    const mandatory = i === 0 && options.requireFirst;
    rules.push(mandatory ? `c${i} ::= h${i}${next}` : `c${i} ::= h${i}${next} | ${skip}`);
    const headLine = headLineRule(c.headPrefix, cand);
    const item = !withNotes || notesFirst ? headLine : settings.notesBeforeHeads ? `note ${headLine}` : `${headLine} note`;
    rules.push(`h${i} ::= ${item}`);
  });
  if (withNotes) rules.push(`note ::= ${noteBody(settings, '')}`);
  return rules.join('\n') + '\n';
}

export interface ConstrainedItem {
  /** Index into the candidates. */
  candidate: number;
  head: string;
  note?: string;
}

export interface ConstrainedParse {
  items: ConstrainedItem[];
  /** Heads that matched no candidate, or items cut short by the token limit. */
  problems: { kind: 'unknown-head' | 'truncated'; text: string }[];
}

/** The note text of a note line: its label (any of the profile's) removed, trimmed. */
function noteText(line: string, settings: OutputSettings): string {
  const prefix = noteLinePrefix(settings);
  if (prefix && line.startsWith(prefix)) return line.slice(prefix.length).trim();
  const lower = line.toLowerCase();
  const label = settings.noteLabels.find((l) => lower.startsWith(l.toLowerCase()));
  return (label ? line.slice(label.length) : line).trim();
}

/**
 * Reads constrained output back (from the grammar or the trie decoder: the same language). Only
 * complete items count: an item the token limit cut short is reported, so a segment never gets a
 * half-written head or an empty note. In the `notes-first` layout the i-th note goes with the i-th head.
 */
export function parseConstrainedOutput(output: string, candidates: readonly HeadCandidate[], settings: OutputSettings): ConstrainedParse {
  const c = settings.constrained;
  const withNotes = settings.notes !== 'none';
  const notesFirst = withNotes && settings.layout === 'notes-first';
  const parts = output.split('\n');
  const trailing = parts.pop() ?? '';
  const problems: ConstrainedParse['problems'] = [];
  if (trailing !== '') problems.push({ kind: 'truncated', text: trailing });

  // Pair each head line with its note line (or none).
  const pairs: { head: string; note?: string }[] = [];
  if (notesFirst) {
    const prefix = noteLinePrefix(settings);
    const notes = parts.filter((l) => l.startsWith(prefix));
    parts.slice(notes.length).forEach((head, i) => pairs.push({ head, note: notes[i] }));
  } else {
    const step = withNotes ? 2 : 1;
    for (let i = 0; i < parts.length; i += step) {
      const group = parts.slice(i, i + step);
      if (group.length < step) {
        problems.push({ kind: 'truncated', text: group.join('\n') });
        break;
      }
      const [head, note] = withNotes && settings.notesBeforeHeads ? [group[1]!, group[0]!] : [group[0]!, group[1]];
      pairs.push({ head, note });
    }
  }

  const items: ConstrainedItem[] = [];
  let cursor = 0;
  for (const pair of pairs) {
    const head = pair.head.startsWith(c.headPrefix) ? pair.head.slice(c.headPrefix.length) : pair.head;
    let found = -1;
    for (let k = cursor; k < candidates.length && found < 0; k++) {
      if (candidates[k]!.choices.includes(head)) found = k;
    }
    if (found < 0) {
      problems.push({ kind: 'unknown-head', text: head });
      continue;
    }
    cursor = found + 1;
    const item: ConstrainedItem = { candidate: found, head };
    if (withNotes && pair.note !== undefined) {
      const note = noteText(pair.note, settings);
      if (note === '') {
        problems.push({ kind: 'truncated', text: pair.note });
        continue;
      }
      item.note = note;
    }
    items.push(item);
  }
  return { items, problems };
}
