import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSafeBoundary } from '../document/text-boundaries';
import { BLANK_CLASS_SOURCE, isBlankChar, lineStartsIn, paragraphStartsIn } from './lines';
import { lineStartsByLoop, paragraphStartsByLoop } from './lines-reference';
import { sentenceStartsByLoop } from './sentences-reference';
import { lineStarts, nearestSnapPoint, paragraphStarts, sentenceStarts, sentenceStartsIn } from './sentences';

/** The first few characters at each start, which reads better in a failure than offsets. */
function startsOf(text: string): string[] {
  return sentenceStarts(text).map((s) => text.slice(s, s + 6));
}

describe('sentenceStarts', () => {
  it('splits after . ! ? … followed by a space', () => {
    expect(startsOf('One two. Three four! Five? Six… Seven.')).toEqual(['One tw', 'Three ', 'Five? ', 'Six… S', 'Seven.']);
  });

  it('keeps abbreviations, initials, decimals and lower-case continuations together', () => {
    const text = 'Mr. Smith paid 12.5 dollars, e.g. for J. R. Tolkien books. Dr. Who agreed. It was cheap i.e. free.';
    expect(startsOf(text)).toEqual(['Mr. Sm', 'Dr. Wh', 'It was']);
  });

  it('reads "No." and month names as abbreviations only before a number', () => {
    expect(startsOf('See No. 5 and Fig. 2 of Mar. 3. He said no. Then left.')).toEqual(['See No', 'He sai', 'Then l']);
  });

  it('starts a sentence at every non-blank line, CRLF and lone CR included', () => {
    const text = 'title\r\n\r\nfirst line\nsecond line\r  indented\n';
    expect(sentenceStarts(text)).toEqual([0, 9, 20, 32]);
    expect(text.slice(32)).toBe('  indented\n');
  });

  it('reads the common German, French, Spanish and Russian abbreviations, initials and ordinal dates as no sentence end', () => {
    expect(startsOf('Das gilt z. B. für Dateien, bzw. Ordner. Das heißt d. h. Alles. Neu.')).toEqual(['Das gi', 'Das he', 'Neu.']);
    expect(startsOf('Am 1. Januar 2020 begann es. Dann kam der 3. Mai. Ende.')).toEqual(['Am 1. ', 'Dann k', 'Ende.']);
    expect(startsOf('Voir p.ex. Mme. Dupont. Puis Sra. García llegó. Fin.')).toEqual(['Voir p', 'Puis S', 'Fin.']);
    expect(startsOf('Это т. е. Правило. Стихи А. С. Пушкина см. Рис. 3. Конец.')).toEqual(['Это т.', 'Стихи ', 'Конец.']);
  });

  it('still ends a sentence after a lone small letter ("a. The")', () => {
    expect(startsOf('He found a. The end.')).toEqual(['He fou', 'The en']);
  });

  it('reads a line break inside a hard-wrapped paragraph as a space, and keeps breaks that end a line early', () => {
    const wrapped =
      '       The quick brown fox jumps over the lazy dog and then it runs away\n' +
      '       to the forest, where nobody sees it again. Then a new sentence\n' +
      '       begins here.\n';
    expect(startsOf(wrapped)).toEqual(['      ', 'Then a']);
    // Short lines (a list without marks, verse), a heading over its indented body, a hanging indent.
    expect(startsOf('Roses are red,\nViolets are blue\n')).toEqual(['Roses ', 'Violet']);
    const manPage =
      'DESCRIPTION\n' +
      '       chrt sets or retrieves the real-time scheduling attributes of an existing\n' +
      '       PID, or runs command with the given attributes.\n\n' +
      '       •   If the calling process has a negative nice value, the nice value is\n' +
      '           reset to zero in child processes.\n';
    expect(startsOf(manPage)).toEqual(['DESCRI', '      ', '      ']);
  });

  it('reads a wrapped line break after a terminator as the space it stands for', () => {
    const text = 'This paragraph is wrapped at a width of about sixty columns, e.g.\nthe next line goes on. And this one ends the sentence here.\nNext one starts.\n';
    expect(startsOf(text)).toEqual(['This p', 'And th', 'Next o']);
  });

  it('reads wrapped CJK lines (two columns a character) as one paragraph', () => {
    const line = '数据库相关的缺省值覆盖任何在配置文件里出现或者从命令行接收到的设置只有数据库所有者或者超';
    expect(startsOf(`${line}\n级用户可以修改会话缺省。下一句。\n`)).toEqual(['数据库相关的', '下一句。\n']);
  });

  it('reads an old CJK man page paragraph, justified with runs of spaces, as sentences cut only after 。', () => {
    // groff does not break a run of CJK characters: it carries the whole run to the next line,
    // lets one longer than the line run past it, and pads the full lines with spaces.
    const text =
      '       用                                                                 grep\n' +
      '       命令可以查找一个文件里和模式匹配的每一行，并把它们写到标准输出。   如果\n' +
      '       给出了                                                               -n\n' +
      '       选项，那么在每一行的前面加上它的行号，行号从一开始计数，遇到空行时也照样计数，所以输出的行号和输入的行数总是一致的。\n' +
      '       这个 选项 可以 和 -c 一起使用，此时只输出匹配的行数。\n';
    expect(sentenceStarts(text).map((s) => text.slice(s).trimStart().slice(0, 4))).toEqual(['用   ', '如果\n ', '这个 选']);
  });

  it('does not cut after an ordered-list number', () => {
    expect(startsOf('Steps:\n1. Install it.\n2. Run it.')).toEqual(['Steps:', '1. Ins', '2. Run']);
  });

  it('splits CJK text after 。！？ without spaces, keeping closing brackets with their sentence', () => {
    const text = '春が来た。桜が咲く！本当？「はい。」次です。';
    expect(startsOf(text)).toEqual(['春が来た。桜', '桜が咲く！本', '本当？「はい', '「はい。」次', '次です。']);
  });

  it('treats a quote after a spaced terminator as the next sentence start', () => {
    expect(startsOf('He left. "Why?" she asked.')).toEqual(['He lef', '"Why?"']);
  });

  it('starts no sentence with punctuation: a spaced ellipsis, a closing bracket, a comma', () => {
    // The Bash manual's "name=(key1 value1 key2 value2 . . . )": one sentence, then the next.
    const text = 'Each is of the form name=(key1 value1 key2 value2 . . . ). These are treated alike. Wait. , she said. Done. ) or not.';
    expect(startsOf(text)).toEqual(['Each i', 'These ', 'Wait. ', 'Done. ']);
  });

  it('returns nothing for an empty text and only 0 for one without breaks', () => {
    expect(sentenceStarts('')).toEqual([]);
    expect(sentenceStarts('no breaks here')).toEqual([0]);
  });

  it('always returns sorted safe boundaries (or 0)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', ' ', '.', '!', '。', '\r', '\n', '\r\n', '😀', 'é', '"', '」') }), (text) => {
        const starts = sentenceStarts(text);
        for (let i = 0; i < starts.length; i++) {
          const s = starts[i] as number;
          expect(s === 0 || isSafeBoundary(text, s)).toBe(true);
          if (i > 0) expect(s).toBeGreaterThan(starts[i - 1] as number);
        }
      }),
    );
  });
});

describe('sentenceStartsIn', () => {
  /** The definition the scanner must reproduce: every offset in range where isSentenceStart holds. */
  const startsByDefinition = sentenceStartsByLoop;

  const unit = fc.constantFrom('a', 'B', 'x', '\ufeff', '\v', 'mr', 'Dr', 'e.g', 'No', '7', '12', ' ', '  ', '\t', '\u00a0', '\u3000', '.', '...', '!', '?', '…', '‼', '。', '！', '．', '\r', '\n', '\r\n', '"', "'", ')', '」', '）', '»', 'é', 'É', 'ß', '😀', '-', ',', 'z', 'т', 'е', 'А', 'Б', '1. Januar', ' x', ' é', '\n   ', '\n       ', 'x'.repeat(40), '数据库数据库数据库数据库数据库数据库数据库');

  it('finds exactly the offsets where isSentenceStart holds, over any range', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), fc.integer({ min: -2, max: 200 }), fc.integer({ min: -2, max: 200 }), (text, a, b) => {
        const from = Math.min(a, b);
        const to = Math.max(a, b);
        expect(sentenceStartsIn(text, from, to)).toEqual(startsByDefinition(text, from, to));
        expect(sentenceStarts(text)).toEqual(startsByDefinition(text, 0, text.length));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the same starts in a long text', () => {
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1, maxLength: 60 }), fc.nat(2000), (piece, from) => {
        const text = piece.repeat(Math.ceil(20_000 / piece.length));
        expect(sentenceStartsIn(text, from, text.length)).toEqual(startsByDefinition(text, from, text.length));
      }),
      { numRuns: 100 },
    );
  });
});

describe('lineStarts and paragraphStarts', () => {
  it('finds line starts after LF, CRLF and CR but not at the very end', () => {
    expect(lineStarts('a\r\nb\rc\nd\n')).toEqual([0, 3, 5, 7]);
    expect(lineStarts('')).toEqual([]);
  });

  it('finds paragraph starts after one or more blank (or whitespace-only) lines', () => {
    expect(paragraphStarts('a\n\n\nb\r\n \r\nc\n')).toEqual([0, 4, 10]);
    expect(paragraphStarts('\n\nfirst')).toEqual([0]);
  });

  const lineStartsByDefinition = (text: string) => lineStartsByLoop(text);
  const paragraphStartsByDefinition = (text: string) => paragraphStartsByLoop(text);

  it('finds exactly the line and paragraph starts of their definitions', () => {
    const unit = fc.constantFrom('a', ' ', '\t', '\u00a0', '\u3000', '\r', '\n', '\r\n', '\n\n', '\r\r\n', ' \r\n');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        expect(lineStarts(text)).toEqual(lineStartsByDefinition(text));
        expect(paragraphStarts(text)).toEqual(paragraphStartsByDefinition(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a range as the slice it stands for, without slicing', () => {
    const unit = fc.constantFrom('a', ' ', '\t', '\u00a0', '\r', '\n', '\r\n', '\n\n');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), fc.nat(60), fc.nat(60), (text, a, b) => {
        const start = Math.min(a, b, text.length);
        const end = Math.min(Math.max(a, b), text.length);
        const slice = text.slice(start, end);
        expect(lineStartsIn(text, start, end)).toEqual(lineStarts(slice).map((o) => o + start));
        expect(paragraphStartsIn(text, start, end)).toEqual(paragraphStarts(slice).map((o) => o + start));
        expect(lineStartsIn(text, start, end)).toEqual(lineStartsByLoop(text, start, end));
        expect(paragraphStartsIn(text, start, end)).toEqual(paragraphStartsByLoop(text, start, end));
      }),
    );
  });
});

describe('the scanners against their references on real-shaped documents', () => {
  const names = ['docs/markdown-code.md', 'docs/plain.txt', 'docs/crlf.txt', 'docs/cjk.txt', 'docs/mixed-unicode.txt', 'manpages/uuidd.8.de.txt', 'manpages/hd.4.ru.txt', 'manpages/alter_database.7.zh_CN.txt'];
  const documents = names.map((name) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8'));

  it('finds the sentence, line and paragraph starts of the loops, whole and in random ranges, with any line breaks', () => {
    fc.assert(
      fc.property(fc.constantFrom(...documents), fc.constantFrom('\n', '\r\n', '\r'), fc.nat(), fc.nat(), (doc, lineBreak, a, b) => {
        const text = doc.replace(/\r\n|\r|\n/g, lineBreak);
        const from = Math.min(a, b) % (text.length + 1);
        const to = Math.max(a, b) % (text.length + 1);
        expect(sentenceStartsIn(text, from, to)).toEqual(sentenceStartsByLoop(text, from, to));
        expect(lineStartsIn(text, from, to)).toEqual(lineStartsByLoop(text, from, to));
        expect(paragraphStartsIn(text, from, to)).toEqual(paragraphStartsByLoop(text, from, to));
      }),
      { numRuns: 60 },
    );
    for (const text of documents) expect(sentenceStarts(text)).toEqual(sentenceStartsByLoop(text));
  });
});

describe('nearestSnapPoint', () => {
  const text = 'First sentence here. Second one follows. Third.';

  it('moves an offset to the nearest sentence start within the distance', () => {
    expect(nearestSnapPoint(text, 23, 5)).toBe(21);
    expect(nearestSnapPoint(text, 19, 5)).toBe(21);
  });

  it('returns null when no start is close enough', () => {
    expect(nearestSnapPoint(text, 30, 3)).toBeNull();
  });

  it('never goes below the floor', () => {
    expect(nearestSnapPoint(text, 19, 5, 20)).toBe(21);
    expect(nearestSnapPoint(text, 2, 5, 1)).toBeNull();
  });

  it('prefers the earlier start on a tie', () => {
    expect(nearestSnapPoint('Go. Up. Now.', 6, 2)).toBe(4);
  });
});

describe('BLANK_CLASS_SOURCE', () => {
  it('is the class of exactly the code units isBlankChar accepts', () => {
    const blank = new RegExp(`^[${BLANK_CLASS_SOURCE}]$`);
    for (let c = 0; c < 0x10000; c++) expect(blank.test(String.fromCharCode(c))).toBe(isBlankChar(c));
  });
});

describe('the abbreviation look-behinds', () => {
  it('match a letter as a class of its two cases exactly where the case-insensitive pattern does', () => {
    // sentences.ts writes each abbreviation letter as [xX] in place of wordPattern's i flag: no
    // other code unit may fold to an ASCII letter without the u flag.
    const disagree: string[] = [];
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
      const pattern = new RegExp(`^${letter}$`, 'i');
      for (let c = 0; c < 0x10000; c++) {
        const unit = String.fromCharCode(c);
        if (pattern.test(unit) !== (unit === letter || unit === letter.toUpperCase())) disagree.push(`${letter} U+${c.toString(16)}`);
      }
    }
    expect(disagree).toEqual([]);
  });
});
