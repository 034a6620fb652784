/**
 * A heading block's level, 1 the highest, so that merging small sections never crosses a heading
 * above them: Markdown's `#` count or its setext underline (`===` 1, `---` 2); a plain heading's
 * numbering depth (`2.1 Scope` 2); a line in capitals (a man page's `DESCRIPTION`) 1; any other
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
  return STANDALONE_LEVEL + Math.floor(indent / 2);
}
