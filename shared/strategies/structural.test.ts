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

  it('keeps the code block whole even when it is over --max-chars, and warns', () => {
    const block = fencedBlock(markdown);
    const { segmentation, warnings } = structural.segment(markdown, { maxChars: 500 });
    const segments = toSegments(markdown, segmentation).map((s) => s.text);
    holderOf(segments, block);
    expect(warnings.map((w) => w.code)).toContain('over-limit');
    expect(warnings.find((w) => w.code === 'over-limit')?.offset).toBe(markdown.indexOf('```ts'));
  });

  it('never splits a table, a list or a $$ formula block, even with a small limit', () => {
    const table = markdown.slice(markdown.indexOf('| Kind'), markdown.indexOf('\n\nEvery character'));
    const list = markdown.slice(markdown.indexOf('- Node.js'), markdown.indexOf('\n\n## The complete'));
    const formula = markdown.slice(markdown.indexOf('$$\nT'), markdown.indexOf('$$\n\nwhich') + 2);
    const numbered = markdown.slice(markdown.indexOf('1. Add'), markdown.indexOf('\n\nMr. Smith'));
    for (const maxChars of [2000, 300, 80]) {
      const segments = segmentTexts(markdown, { maxChars });
      for (const block of [table, list, formula, numbered]) holderOf(segments, block);
    }
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

  it('merges tiny pieces into a neighbour but never a heading into the piece before it', () => {
    const text = '# A\n\nOk.\n\nThis is a paragraph long enough that it will not be considered tiny at all by the merger.\n\n## B\n\nYes.\n';
    const segments = segmentTexts(text, { minChars: 40 });
    expect(segments).toEqual([
      '# A\n\nOk.\n\nThis is a paragraph long enough that it will not be considered tiny at all by the merger.\n\n',
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
    const text = `${'a'.repeat(30)}\n\n\u3000\u00a0abc\u3000\u2003\n\n${'b'.repeat(30)}\n`;
    expect(segmentTexts(text, { maxChars: 200, minChars: 4 })).toHaveLength(2); // "abc" is under 4: merged
    expect(segmentTexts(text, { maxChars: 200, minChars: 3 })).toHaveLength(3);
    expect(segmentTexts(text, { maxChars: 200, minChars: 3.5 })).toHaveLength(2);
  });
});
