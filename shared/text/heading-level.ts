/**
 * A heading block's level, 1 the highest, so that merging small sections never crosses a heading
 * above them: Markdown's `#` count or its setext underline (`===` 1, `---` 2); a plain heading's
 * numbering depth (`2.1 Scope` 2); a line in capitals (a man page's `DESCRIPTION`) 1, and so is a
 * line written mostly in a script without capitals (Han, kana, Hangul: `描述`, `[中文版维护人]`)
 * at the left margin over a body indented deeper, as `man` prints a section heading; any other
 * short line standing alone (a term, a question) one level below every other kind, deeper still
 * the more it is indented (the options under a man page's `OPTIONS`), and so is a term over its
 * `: definition` line, whatever its letters.
 */
const ATX = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const SETEXT = /\r?\n {0,3}(=+|-+)[ \t]*\r?\n?$/;
const NUMBERED = /^[ \t]*(\d+(?:\.\d+)*)\.?[ \t]/;
const CAPITALS_ONLY = /^[^\p{Ll}]*\p{Lu}[^\p{Ll}]*$/u;
/** Below Markdown's six levels and plain numbering's usual depths. */
const STANDALONE_LEVEL = 7;

/** Letters of scripts that have no capitals (\p{Lo}: Han, kana, Hangul, Thai, Arabic...), and lower-case letters. */
const CASELESS_LETTER = /\p{Lo}/gu;
const LOWER_CASE_LETTER = /\p{Ll}/gu;
/** From lastIndex: blank lines, then the indentation of the next line with content. */
const NEXT_CONTENT_INDENT = /(?:[ \t]*\r?\n)*([ \t]*)\S/y;

/** Whether the line is written mostly in a script without capitals, so that its case says nothing ("《中国linux论坛》" too). */
function mostlyCaseless(line: string): boolean {
  const caseless = line.match(CASELESS_LETTER)?.length ?? 0;
  return caseless > 0 && caseless > (line.match(LOWER_CASE_LETTER)?.length ?? 0);
}

/** Whether the next line with content after `end` is indented 2 columns or more (a man page's body under its section heading). */
function bodyIndentedAfter(text: string, end: number): boolean {
  NEXT_CONTENT_INDENT.lastIndex = end;
  const m = NEXT_CONTENT_INDENT.exec(text);
  return m !== null && (m[1] as string).replace(/\t/g, '    ').length >= 2;
}

/** A definition list's `: definition` line (as the HTML reader writes `<dl>`), after the line break that ends a term. */
const DEFINITION_NEXT = /^\r?\n?[ \t]*: /;

export function headingLevel(text: string, start: number, end: number): number {
  const block = text.slice(start, end);
  // A term over its definition (bash's `BASH` / `: Expands to…`) is one entry of a list, however it is written.
  if (DEFINITION_NEXT.test(text.slice(end, end + 40)) && !block.trimEnd().includes('\n')) {
    const indent = /^[ \t]*/.exec(block)?.[0].replace(/\t/g, '    ').length ?? 0;
    return STANDALONE_LEVEL + Math.floor(indent / 2);
  }
  const atx = ATX.exec(block);
  if (atx) return (atx[1] as string).length;
  const setext = SETEXT.exec(block.trimEnd() + '\n');
  if (setext && block.trimEnd().includes('\n')) return (setext[1] as string).startsWith('=') ? 1 : 2;
  const firstLine = block.split(/\r?\n/, 1)[0] as string;
  const numbered = NUMBERED.exec(firstLine);
  if (numbered) return (numbered[1] as string).split('.').length;
  if (CAPITALS_ONLY.test(firstLine.trim())) return 1;
  const indent = /^[ \t]*/.exec(firstLine)?.[0].replace(/\t/g, '    ').length ?? 0;
  if (indent === 0 && mostlyCaseless(firstLine) && bodyIndentedAfter(text, end)) return 1;
  return STANDALONE_LEVEL + Math.floor(indent / 2);
}
