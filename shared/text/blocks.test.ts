import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownBlocks, scanMarkdownBlocks } from './blocks';
import { markdownBlocksByLines } from './blocks-reference';

function kinds(text: string): Array<[string, string]> {
  return markdownBlocks(text).map((b) => [b.kind, text.slice(b.start, b.end)]);
}

describe('markdownBlocks', () => {
  it('recognises headings, paragraphs, fences with blank lines inside, tables, lists and formulas', () => {
    const text = [
      '# Title', '', 'A paragraph', 'on two lines.', '', '```js', 'a();', '', 'b();', '```', '',
      '| x | y |', '|---|---|', '| 1 | 2 |', '', '- one', '  more', '', '- two', '  1. nested', '', '$$', 'e = mc^2', '$$', '', 'End.',
    ].join('\n');
    expect(kinds(text)).toEqual([
      ['heading', '# Title\n'],
      ['paragraph', 'A paragraph\non two lines.\n'],
      ['code', '```js\na();\n\nb();\n```\n'],
      ['table', '| x | y |\n|---|---|\n| 1 | 2 |\n'],
      ['list', '- one\n  more\n\n- two\n  1. nested\n'],
      ['math', '$$\ne = mc^2\n$$\n'],
      ['paragraph', 'End.'],
    ]);
  });

  it('lets a list or heading interrupt a paragraph, and reads setext headings', () => {
    expect(kinds('Intro:\n- a\n- b\nTitle\n=====\nBody')).toEqual([
      ['paragraph', 'Intro:\n'],
      ['list', '- a\n- b\nTitle\n=====\nBody'],
    ]);
    expect(kinds('Title\n---\nBody')).toEqual([['heading', 'Title\n---\n'], ['paragraph', 'Body']]);
  });

  it('runs an unclosed fence to the end, but reads an unclosed $$ as text', () => {
    expect(kinds('```\ncode\n\nmore')).toEqual([['code', '```\ncode\n\nmore']]);
    expect(kinds('$$ costs\n\nnext')).toEqual([['paragraph', '$$ costs\n'], ['paragraph', 'next']]);
    // A blank line before the closing $$ means it was not a formula (TeX forbids blank lines there).
    expect(kinds('$$\nx\n\ny $$')).toEqual([['paragraph', '$$\nx\n'], ['paragraph', 'y $$']]);
  });

  it('closes a fence only on a line of at least as many of its marks, then nothing but whitespace', () => {
    const closed = (closer: string) => kinds(`\`\`\`\`\ncode\n${closer}\nafter`)[0]?.[1];
    expect(closed('````')).toBe('````\ncode\n````\n');
    expect(closed('   `````\u00a0\u3000\t')).toBe('````\ncode\n   `````\u00a0\u3000\t\n');
    for (const notCloser of ['```', '    ````', '````x', '~~~~', '```` `', '\u00a0````']) expect(closed(notCloser)).toBe(`\`\`\`\`\ncode\n${notCloser}\nafter`);
    expect(kinds('~~~\r\ncode\r\n~~~~')).toEqual([['code', '~~~\r\ncode\r\n~~~~']]);
  });

  it('reads indented code after a blank line, and handles CRLF', () => {
    expect(kinds('Text\r\n\r\n    code\r\n\r\n    more\r\nafter')).toEqual([
      ['paragraph', 'Text\r\n'],
      ['code', '    code\r\n\r\n    more\r\n'],
      ['paragraph', 'after'],
    ]);
  });

  it('reads the same blocks whatever the line breaks (LF, CRLF, lone CR), closing fences after each', () => {
    const lines = ['Intro line', 'goes on', '', '```sh', '  not a close ```', '~~~', '```', 'After', '- item', '  more', '', '| a | b |', '|---|---|', 'last'];
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = lines.join(eol);
      const rows = (...rows: string[]) => rows.map((row) => row + eol).join('');
      expect(kinds(text)).toEqual([
        ['paragraph', rows('Intro line', 'goes on')],
        ['code', rows('```sh', '  not a close ```', '~~~', '```')],
        ['paragraph', rows('After')],
        ['list', rows('- item', '  more')],
        ['table', rows('| a | b |', '|---|---|')],
        ['paragraph', 'last'],
      ]);
    }
  });

  it('steps over a list\'s blank lines (blank characters too) and reads fences at a block start, whatever the line breaks', () => {
    const lines = ['- a', ' \t\u00a0', '', '- b', '', 'para', '', '   ~~~~ py', 'x', '~~~~~', '- c', '', '', 'after', '- d', '', ' '];
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = lines.join(eol);
      const rows = (...rows: string[]) => rows.map((row) => row + eol).join('');
      expect(kinds(text)).toEqual([
        ['list', rows('- a', ' \t\u00a0', '', '- b')],
        ['paragraph', rows('para')],
        ['code', rows('   ~~~~ py', 'x', '~~~~~')],
        ['list', rows('- c')],
        ['paragraph', rows('after')],
        ['list', rows('- d')],
      ]);
      // An unclosed fence at a block start, on the text's last line.
      expect(kinds(`p${eol}${eol}\`\`\`js`)).toEqual([['paragraph', `p${eol}`], ['code', '```js']]);
    }
  });

  it('reads a paragraph line by line where it may end: a pipe, a block mark, a blank character, indentation', () => {
    expect(kinds('Plain\nno | pipe\n  - item')).toEqual([['paragraph', 'Plain\nno | pipe\n'], ['list', '  - item']]);
    expect(kinds('Plain\n\u00a0\nNext')).toEqual([['paragraph', 'Plain\n'], ['paragraph', 'Next']]);
    expect(kinds('Plain\n\u00a0text\n\tindented goes on\n# Head')).toEqual([['paragraph', 'Plain\n\u00a0text\n\tindented goes on\n'], ['heading', '# Head']]);
    expect(kinds('   Three spaces\n    four')).toEqual([['paragraph', '   Three spaces\n    four']]);
    expect(kinds('\tTabbed code\n\nText')).toEqual([['code', '\tTabbed code\n'], ['paragraph', 'Text']]);
  });

  it('stays linear on many unclosed $$ lines (each used to scan to the next blank line)', () => {
    const lines = 100_000;
    const blocks = markdownBlocks('$$ not a formula\n'.repeat(lines));
    expect(blocks.length).toBe(lines);
    expect(blocks.every((block) => block.kind === 'paragraph')).toBe(true);
    // A closed one still reads as a formula block.
    expect(markdownBlocks('$$\nx^2\n$$\n').map((block) => block.kind)).toEqual(['math']);
  });
});

describe('scanMarkdownBlocks against its reference (blocks-reference.ts)', () => {
  /** Lines built to reach every rule's edge: an indentation, a block mark or none, some content, any line break. */
  const indentation = fc.constantFrom('', '', ' ', '  ', '   ', '    ', '     ', '\t', ' \t', '\u3000', '\u00a0');
  const mark = fc.constantFrom('', '', '', '#', '# ', '## ', '####### ', '```', '````', '~~~', '```ts', '$$', '$$ x $$', '|', '| a |', '|---|', '| :-: |', '-', '- ', '-- ', '* ', '*em', '+ ', '1. ', '12) ', '2.1 ', '=', '===', '---', '- - -', '`c`', '``');
  const content = fc.constantFrom('', '', 'a', 'word word', 'Ab. Cd', '中文', '😀', ' x $$', '$$', ' | b', ' ```', '  ', ':');
  const lineBreak = fc.constantFrom('\n', '\n', '\r\n', '\r');
  const markdownLike = fc.array(fc.tuple(indentation, mark, content, lineBreak), { maxLength: 14 }).map((lines) => lines.map((parts) => parts.join('')).join(''));
  /** A last line with no break, sometimes. */
  const randomText = fc.tuple(markdownLike, fc.boolean()).map(([text, trim]) => (trim ? text.replace(/(?:\r\n|\r|\n)$/, '') : text));
  const corpus = ['markdown-code.md', 'plain.txt', 'crlf.txt', 'cjk.txt', 'mixed-unicode.txt'].map((name) => readFileSync(new URL(`../../test/fixtures/docs/${name}`, import.meta.url), 'utf8'));

  it('finds the blocks the line-by-line reference finds, on random Markdown-like text', () => {
    fc.assert(
      fc.property(randomText, (text) => {
        expect(scanMarkdownBlocks(text)).toEqual(markdownBlocksByLines(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds the same blocks on the sample documents, whole and cut at random places, with any line breaks', () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.nat(), fc.nat(), fc.constantFrom('\n', '\r\n', '\r'), (doc, a, b, lineBreak) => {
        const text = doc.replace(/\r\n|\r|\n/g, lineBreak).slice(Math.min(a, b) % doc.length, Math.max(a, b) % (doc.length + 1));
        expect(scanMarkdownBlocks(text)).toEqual(markdownBlocksByLines(text));
      }),
      { numRuns: 300 },
    );
    for (const doc of corpus) expect(scanMarkdownBlocks(doc)).toEqual(markdownBlocksByLines(doc));
  });
});
