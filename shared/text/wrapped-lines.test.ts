import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWideCodePoint, isWrappedLine, shapeAt, shapeByCodePoints } from './wrapped-lines';

describe('isWrappedLine', () => {
  const full = 'the quick brown fox jumps over the lazy dog and runs far away from';
  it('reads a full line over a line of the same indent as wrapped, whatever the line break', () => {
    for (const lineBreak of ['\n', '\r\n', '\r']) {
      const text = `${full}${lineBreak}here it goes on${lineBreak}`;
      expect(isWrappedLine(text, full.length + lineBreak.length)).toBe(true);
    }
  });

  it('keeps the breaks of short lines, list items, colons, other indents and blank lines', () => {
    expect(isWrappedLine('short line\nanother short one\n', 11)).toBe(false);
    expect(isWrappedLine(`${full}\n- an item\n`, full.length + 1)).toBe(false);
    expect(isWrappedLine(`${full.slice(0, -5)}:\nwhat follows\n`, full.length - 3)).toBe(false);
    expect(isWrappedLine(`${full}\n      indented\n`, full.length + 1)).toBe(false);
    expect(isWrappedLine(`${full}\n\nnext\n`, full.length + 2)).toBe(false);
    expect(isWrappedLine(full, 0)).toBe(false);
  });

  it('lines up a hanging indent with the second word', () => {
    const text = `       •   ${full}\n           goes on here\n`;
    expect(isWrappedLine(text, text.indexOf('\n') + 1)).toBe(true);
  });
});

describe('shapeAt', () => {
  it('measures a printable-ASCII line natively exactly as its code-point reference does', () => {
    const unit = fc.constantFrom(' ', '  ', 'a', 'word', '-x', '.', '\n', '\r\n', '\r', '~');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), fc.nat(40), (text, at) => {
        const start = Math.min(at, text.length);
        expect(shapeAt(text, start)).toEqual(shapeByCodePoints(text, start));
      }),
      { numRuns: 3000 },
    );
  });
});

/**
 * Fills words the way groff fills an old CJK man page translation: a run of CJK characters is
 * one word (never broken), a word that does not fit goes to the next line, a word longer than
 * the line goes on a line of its own past the width, and every full line is justified with
 * runs of spaces between its words.
 */
function groffFill(words: string[], indent: number, width: number): string[] {
  const columns = (s: string) => [...s].reduce((n, c) => n + (isWideCodePoint(c.codePointAt(0) as number) ? 2 : 1), 0);
  const lines: string[][] = [];
  let line: string[] = [];
  let used = indent;
  for (const word of words) {
    if (line.length > 0 && used + 1 + columns(word) > width) {
      lines.push(line);
      line = [];
      used = indent;
    }
    used += (line.length > 0 ? 1 : 0) + columns(word);
    line.push(word);
  }
  lines.push(line);
  return lines.map((words, i) => {
    const pad = ' '.repeat(indent);
    if (i === lines.length - 1 || words.length < 2) return pad + words.join(' ');
    let spare = width - indent - words.reduce((n, w) => n + columns(w), 0);
    const gaps = words.length - 1;
    return pad + words.map((w, k) => {
      if (k === gaps) return w;
      const gap = Math.ceil(spare / (gaps - k));
      spare -= gap;
      return w + ' '.repeat(gap);
    }).join('');
  });
}

describe('isWrappedLine on CJK text filled without breaking CJK runs (old zh_CN and ja man pages)', () => {
  const words = (
    '用 grep 命令可以查找一个文件里和模式匹配的每一行，并把它们写到标准输出。 如果 给出了 -n ' +
    '选项，那么在每一行的前面加上它的行号，行号从一开始计数，遇到空行时也照样计数，所以输出的行号和输入的行数总是一致的。 ' +
    '这个 选项 可以 和 -c 一起使用，此时只输出匹配的行数。'
  ).split(' ');
  const lines = groffFill(words, 7, 78);

  it('reads every break of a justified paragraph as wrapped, a CJK run that ran past the width included', () => {
    // The shape the test stands for: runs of justification spaces, and one line past 78 columns.
    expect(lines.some((line) => / {3,}/.test(line.trim()))).toBe(true);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const text = `${lines.join('\n')}\n`;
    let offset = 0;
    for (const [i, line] of lines.entries()) {
      if (i > 0) expect(isWrappedLine(text, offset), `line ${i}: ${line}`).toBe(true);
      offset += line.length + 1;
    }
  });

  it('reads the break after a short word before a CJK run too long for the rest of the line as wrapped', () => {
    const text = '       这个文件里每一行写一个主机的地址和名字，可以用空格隔开写上它的几个别名\n       /etc/hosts\n       文件的格式在下面说明，每一个字段之间可以用任意多个空格或者制表符分隔。\n';
    expect(isWrappedLine(text, text.indexOf('       文件'))).toBe(true);
  });

  it('keeps the breaks of short CJK lines, and of rows under a rule as wide as their table', () => {
    expect(isWrappedLine('       第一项是名字\n       第二项是地址\n       第三项是别名\n', 20)).toBe(false);
    const rule = `       ${'─'.repeat(60)}`;
    const rows = ['       240   160   A0   不换行空格      NO-BREAK SPACE', '       241   161   A1   倒感叹号        INVERTED EXCLAMATION', '       242   162   A2   分币符号        CENT SIGN'];
    const table = [rule, ...rows, rule].join('\n');
    expect(isWrappedLine(table, table.indexOf(rows[2] as string))).toBe(false);
  });

  it('does not let a URL that runs past the width hide the wraps around it', () => {
    const text =
      'The manual is kept with the sources and can be read on the pages of the\n' +
      'project, where every release since the first one is listed, at the address\n' +
      'https://example.org/a/very/long/path/to/the/manual/of/this/program/and/its/releases/index.html\n' +
      'with its changes and its notes.\n';
    expect(isWrappedLine(text, text.indexOf('project'))).toBe(true);
    expect(isWrappedLine(text, text.indexOf('https'))).toBe(true);
  });
});
