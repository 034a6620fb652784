import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertValidSegmentation, toSegments } from '../document/segmentation';
import { structural } from './structural';

const markdown = readFileSync(new URL('../../test/fixtures/docs/markdown-code.md', import.meta.url), 'utf8');

function segmentTexts(text: string, options = {}): string[] {
  const { segmentation } = structural.segment(text, options);
  assertValidSegmentation(text, segmentation);
  return toSegments(text, segmentation).map((s) => s.text);
}

/** The segment that contains `needle`, asserting it is contained whole in exactly one. */
function holderOf(segments: string[], needle: string): string {
  const holders = segments.filter((s) => s.includes(needle));
  expect(holders, `exactly one segment holds the block`).toHaveLength(1);
  return holders[0] as string;
}

function fencedBlock(text: string): string {
  const start = text.indexOf('```ts');
  return text.slice(start, text.indexOf('```\n', start + 3) + 4);
}

describe('structural', () => {
  it('keeps the 60-line fenced code block intact with default options', () => {
    const block = fencedBlock(markdown);
    expect(block.split('\n').length - 3).toBe(60); // opening fence, 60 lines, closing fence, ''
    holderOf(segmentTexts(markdown), block);
  });

  it('with blocks: whole, keeps the code block whole even when it is over --max-chars, and warns', () => {
    const block = fencedBlock(markdown);
    const { segmentation, warnings } = structural.segment(markdown, { maxChars: 500, blocks: 'whole' });
    const segments = toSegments(markdown, segmentation).map((s) => s.text);
    holderOf(segments, block);
    expect(warnings.map((w) => w.code)).toContain('over-limit');
    expect(warnings.find((w) => w.code === 'over-limit')?.offset).toBe(markdown.indexOf('```ts'));
  });

  it('with blocks: whole, never splits a table, a list or a $$ formula block, even with a small limit', () => {
    const table = markdown.slice(markdown.indexOf('| Kind'), markdown.indexOf('\n\nEvery character'));
    const list = markdown.slice(markdown.indexOf('- Node.js'), markdown.indexOf('\n\n## The complete'));
    const formula = markdown.slice(markdown.indexOf('$$\nT'), markdown.indexOf('$$\n\nwhich') + 2);
    const numbered = markdown.slice(markdown.indexOf('1. Add'), markdown.indexOf('\n\nMr. Smith'));
    for (const maxChars of [2000, 300, 80]) {
      const segments = segmentTexts(markdown, { maxChars, blocks: 'whole' });
      for (const block of [table, list, formula, numbered]) holderOf(segments, block);
    }
    // By default too, while each fits the limit.
    for (const block of [table, list, formula, numbered]) holderOf(segmentTexts(markdown, { maxChars: 2000 }), block);
  });

  it('ends segments with their blank lines rather than starting the next one with them', () => {
    for (const maxChars of [2000, 300, 80]) {
      for (const s of segmentTexts(markdown, { maxChars }).slice(1)) expect(s).toMatch(/^[^\r\n]*\S/);
    }
  });

  it('starts a segment at each heading, together with its body', () => {
    const segments = segmentTexts(markdown);
    const headings = markdown.split('\n').filter((l) => /^#{1,6} /.test(l));
    for (const heading of headings) {
      const holder = segments.find((s) => s.includes(heading + '\n')) as string;
      expect(holder.startsWith(heading)).toBe(true);
      expect(holder.trim().length).toBeGreaterThan(heading.length); // the body came along
    }
  });

  it('honours maxChars by cutting a long paragraph at lines, then sentences', () => {
    const sentence = 'This sentence is exactly fifty characters long ok. ';
    const paragraph = sentence.repeat(30).trimEnd();
    const text = `# Title\n\n${paragraph}\n\nShort closing paragraph that is long enough to stand alone in its own segment, surely.\n`;
    const segments = segmentTexts(text, { maxChars: 400 });
    for (const s of segments) expect(s.length).toBeLessThanOrEqual(400);
    for (const s of segments.slice(1)) expect(s.startsWith('This sentence') || s.startsWith('Short closing')).toBe(true);
    expect(segments[0]?.startsWith('# Title\n\nThis sentence')).toBe(true);
  });

  it('honours maxTokens when a token counter is given, and ignores it otherwise', () => {
    const text = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} has a handful of words in it to count.`).join('\n\n');
    const countTokens = (t: string) => t.split(/\s+/).filter(Boolean).length;
    const limited = segmentTexts(text, { maxTokens: 25, countTokens, minChars: 1 });
    for (const s of limited) expect(countTokens(s)).toBeLessThanOrEqual(25);
    expect(segmentTexts(text, { maxTokens: 25, minChars: 1 })).toHaveLength(12);
  });

  it('merges a tiny subsection into the section that holds it, never into a deeper one', () => {
    const long = 'This is a paragraph long enough that it will not be considered tiny at all by the merger.';
    // `## B` is tiny and last: it joins `# A`, the section that holds it (no higher heading between).
    expect(segmentTexts(`# A\n\nOk.\n\n${long}\n\n## B\n\nYes.\n`, { minChars: 40 })).toEqual([`# A\n\nOk.\n\n${long}\n\n## B\n\nYes.\n`]);
    // After a `### C` section it would join a section below its own level: it stays alone.
    expect(segmentTexts(`# A\n\n${long}\n\n### C\n\n${long}\n\n## B\n\nYes.\n`, { minChars: 40 })).toEqual([
      `# A\n\n${long}\n\n`,
      `### C\n\n${long}\n\n`,
      '## B\n\nYes.\n',
    ]);
  });

  it('treats plain text as paragraphs, CRLF included', () => {
    const paragraph = 'Words and more words, enough of them to pass the tiny-piece threshold for sure.';
    const text = [paragraph, paragraph, paragraph].join('\r\n\r\n') + '\r\n';
    const { segmentation } = structural.segment(text, { minChars: 10 });
    expect(segmentation.boundaries).toEqual([paragraph.length + 4, 2 * (paragraph.length + 4)]);
  });

  it('rejects a nonsensical limit with a clear message', () => {
    expect(() => structural.segment('text', { maxChars: 0 })).toThrow('maxChars must be a positive integer, got 0');
  });

  it('counts a piece as tiny by its length once trimmed, Unicode whitespace included', () => {
    // The tiny test reads \s, which must be exactly the whitespace String.prototype.trim removes.
    const disagree: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (/\s/.test(String.fromCharCode(c)) !== (String.fromCharCode(c).trim() === '')) disagree.push(c);
    expect(disagree).toEqual([]);
    // Sentences, not bare lines (those would read as headings).
    const text = `${'a'.repeat(29)}.\n\n\u3000\u00a0ab.\u3000\u2003\n\n${'b'.repeat(29)}.\n`;
    expect(segmentTexts(text, { maxChars: 200, minChars: 4 })).toHaveLength(2); // "ab." is under 4: merged
    expect(segmentTexts(text, { maxChars: 200, minChars: 3 })).toHaveLength(3);
    expect(segmentTexts(text, { maxChars: 200, minChars: 3.5 })).toHaveLength(2);
  });
});

describe('structural on plain text (headings that are not Markdown)', () => {
  const manPage = (name: string) => readFileSync(new URL(`../../test/fixtures/manpages/${name}`, import.meta.url), 'utf8');
  /** The segment starts, as the first line of each segment. */
  const firstLines = (text: string, options = {}) => segmentTexts(text, options).map((s) => s.split('\n')[0] as string);

  it('opens a segment at a short line standing alone, which merges forward into its section', () => {
    const body = 'This section explains how the tool is installed on a new machine and what it needs first.';
    const text = `Some closing words of the part before this one, long enough to stand alone as a piece.\n\nInstallation\n\n${body}\n\n2.1 Requirements\n\n${body}\n`;
    expect(firstLines(text, { minChars: 40 })).toEqual(['Some closing words of the part before this one, long enough to stand alone as a piece.', 'Installation', '2.1 Requirements']);
  });

  it('reads a one-line numbered item over a paragraph as a heading, and keeps a one-line body with its heading', () => {
    const text = 'Intro paragraph that ends here with a full stop.\n\n1. Introduction\n\nThe first chapter begins here and goes on for a while.\n';
    expect(firstLines(text, { minChars: 10 })).toEqual(['Intro paragraph that ends here with a full stop.', '1. Introduction']);
  });

  it('keeps a line ending with a colon with the list or code block it introduces', () => {
    const prose = 'A paragraph that says something about the tool, long enough to be a piece of its own here.';
    const list = Array.from({ length: 6 }, (_, i) => `- option number ${i} does one thing well`).join('\n');
    const text = `${prose}\n\nThe options are:\n\n${list}\n\nAfterwards:\n\n    npm install\n    npm test\n`;
    const segments = segmentTexts(text, { minChars: 20, maxChars: 400 });
    expect(segments.map((s) => s.split('\n')[0])).toEqual([prose, 'The options are:', 'Afterwards:']);
  });

  it('opens a segment at each section of a German man page and never exceeds the limit', () => {
    const text = manPage('uuidd.8.de.txt');
    const segments = segmentTexts(text);
    const starts = segments.map((s) => s.split('\n')[0]);
    for (const heading of ['BEZEICHNUNG', 'OPTIONEN', 'BEISPIEL', 'AUTOR', 'SIEHE AUCH']) expect(starts).toContain(heading);
    expect(segments.filter((s) => s.length > 2000)).toEqual([]);
    expect(structural.segment(text, {}).warnings).toEqual([]);
  });

  it('reads a Russian and a Chinese man page by their outdented section lines', () => {
    const russian = firstLines(manPage('hd.4.ru.txt'));
    for (const heading of ['ОПИСАНИЕ', 'ФАЙЛЫ', 'СМ. ТАКЖЕ']) expect(russian).toContain(heading);
    const chinese = firstLines(manPage('alter_database.7.zh_CN.txt'));
    for (const heading of ['DESCRIPTION 描述', 'PARAMETERS 参数']) expect(chinese).toContain(heading);
  });

  it('reads a man page body indentation as a margin, not as code that cannot be cut', () => {
    const paragraph = '       Indented body text of a manual page, as wide as man prints it on a terminal.\n';
    const text = `DESCRIPTION\n${paragraph.repeat(4)}\n${paragraph.repeat(40)}`;
    const { segmentation, warnings } = structural.segment(text, {});
    expect(warnings).toEqual([]);
    expect(segmentation.boundaries.length).toBeGreaterThan(0);
  });

  it('reads ALL-CAPS lines over their text as headings, in any script', () => {
    const body = 'Der Text dieses Abschnitts ist lang genug, um nicht mit dem vorigen zusammengelegt zu werden.';
    const text = `${body}\n\nBESCHREIBUNG\n${body}\n\nПРИМЕЧАНИЯ\n${body}\n`;
    expect(firstLines(text, { minChars: 40 })).toEqual([body, 'BESCHREIBUNG', 'ПРИМЕЧАНИЯ']);
  });

  it('reads a question standing alone as a heading (an FAQ, a post), in Russian too', () => {
    const body = 'Мы разработали малую языковую модель, потому что большие модели слишком медленны для этой задачи.';
    const text = `${body}\n\nПочему малая языковая модель?\n\n${body}\n`;
    expect(firstLines(text, { minChars: 40 })).toEqual([body, 'Почему малая языковая модель?']);
  });

  it('still reads Markdown headings, and no sentence as a heading', () => {
    const text = '# Title\n\nA sentence that ends here.\n\n## Part\n\nAnother one, which also ends.\n';
    expect(firstLines(text, { minChars: 5 })).toEqual(['# Title', '## Part']);
  });
});
