/**
 * Constrained mode. The grammar lets the model write only heads that occur verbatim at sentence
 * starts of its window, in document order, each followed (or preceded) by a non-empty note line
 * when the profile expects topics or summaries. Every head it writes therefore lands exactly.
 *
 * Order is enforced by the shape of the grammar, a chain of optional items:
 *   c0 ::= item0 c1 | c1     c1 ::= item1 c2 | c2     ...     cN ::= ""
 * so its size grows linearly with the number of sentence starts in the window.
 */
import type { OutputSettings } from './schema';

export interface HeadCandidate {
  /** Offset of the sentence start, relative to whatever text the caller indexes. */
  offset: number;
  /** The first words of the sentence, exactly as in the text, on one line. */
  head: string;
}

/** The first `words` words of the text at `start`, never past the end of its line. */
export function candidateHead(text: string, start: number, words: number): string {
  const lineEnd = text.slice(start).search(/[\r\n]/);
  const line = lineEnd < 0 ? text.slice(start) : text.slice(start, start + lineEnd);
  const re = /\S+/g;
  let end = 0;
  let count = 0;
  for (let m = re.exec(line); m && count < words; m = re.exec(line)) {
    end = m.index + m[0].length;
    count++;
  }
  return line.slice(0, end);
}

/** Candidates at the given sentence starts; starts with no words on their line are skipped. */
export function headCandidates(text: string, starts: readonly number[], words: number): HeadCandidate[] {
  const out: HeadCandidate[] = [];
  for (const offset of starts) {
    const head = candidateHead(text, offset, words);
    if (head.trim() !== '' && head === head.trimStart()) out.push({ offset, head });
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

function noteLinePrefix(settings: OutputSettings): string {
  return settings.noteLayout === 'labelled' ? `${settings.noteLabels[0] ?? 'Note:'} ` : '';
}

export interface GrammarOptions {
  /** The window starts the document: its first sentence must be the first head. */
  requireFirst: boolean;
}

/** The GBNF grammar for one window's candidates. */
export function buildHeadGrammar(candidates: readonly HeadCandidate[], settings: OutputSettings, options: GrammarOptions): string {
  const c = settings.constrained;
  const withNotes = settings.notes !== 'none';
  const rules: string[] = [];
  rules.push(candidates.length === 0 ? 'root ::= ""' : 'root ::= c0');
  candidates.forEach((cand, i) => {
    const next = i + 1 < candidates.length ? ` c${i + 1}` : '';
    const skip = i + 1 < candidates.length ? `c${i + 1}` : '""';
    const mandatory = i === 0 && options.requireFirst;
    rules.push(mandatory ? `c${i} ::= h${i}${next}` : `c${i} ::= h${i}${next} | ${skip}`);
    const headLine = `${gbnfLiteral(c.headPrefix + cand.head)} "\\n"`;
    rules.push(`h${i} ::= ${withNotes ? (settings.notesBeforeHeads ? `note ${headLine}` : `${headLine} note`) : headLine}`);
  });
  if (withNotes) {
    const rest = c.maxNoteChars - 1;
    rules.push(`note ::= ${gbnfLiteral(noteLinePrefix(settings))} [^ \\x00-\\x1F\\x7F] [^\\x00-\\x1F\\x7F]{0,${rest}} "\\n"`);
  }
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

/**
 * Reads grammar-shaped output back. Only complete items count: an item the token limit cut short
 * is reported, so a segment never gets a half-written head or an empty note.
 */
export function parseConstrainedOutput(output: string, candidates: readonly HeadCandidate[], settings: OutputSettings): ConstrainedParse {
  const c = settings.constrained;
  const withNotes = settings.notes !== 'none';
  const notePrefix = noteLinePrefix(settings);
  const parts = output.split('\n');
  const trailing = parts.pop() ?? '';
  const lines = parts;
  const problems: ConstrainedParse['problems'] = [];
  if (trailing !== '') problems.push({ kind: 'truncated', text: trailing });

  const items: ConstrainedItem[] = [];
  let cursor = 0;
  const step = withNotes ? 2 : 1;
  for (let i = 0; i < lines.length; i += step) {
    const group = lines.slice(i, i + step);
    if (group.length < step) {
      problems.push({ kind: 'truncated', text: group.join('\n') });
      break;
    }
    const headLine = withNotes && settings.notesBeforeHeads ? group[1]! : group[0]!;
    const noteLine = withNotes ? (settings.notesBeforeHeads ? group[0]! : group[1]!) : undefined;
    const head = headLine.startsWith(c.headPrefix) ? headLine.slice(c.headPrefix.length) : headLine;
    let found = -1;
    for (let k = cursor; k < candidates.length; k++) {
      if (candidates[k]!.head === head) {
        found = k;
        break;
      }
    }
    if (found < 0) {
      problems.push({ kind: 'unknown-head', text: head });
      continue;
    }
    cursor = found + 1;
    const item: ConstrainedItem = { candidate: found, head };
    if (noteLine !== undefined) {
      const note = (noteLine.startsWith(notePrefix) ? noteLine.slice(notePrefix.length) : noteLine).trim();
      if (note === '') {
        problems.push({ kind: 'truncated', text: noteLine });
        continue;
      }
      item.note = note;
    }
    items.push(item);
  }
  return { items, problems };
}
