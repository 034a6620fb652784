import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkExtras } from '../chunks';
import { describeDocument } from '../document/document-info';
import { assertValidSegmentation, toSegments } from '../document/segmentation';
import { structural } from './structural';

function run(text: string, options: Parameters<typeof structural.segment>[1]) {
  const { segmentation, warnings } = structural.segment(text, options);
  assertValidSegmentation(text, segmentation);
  return { segments: toSegments(text, segmentation), segmentation, warnings };
}

const item = (i: number, indent = '') => `${indent}- item ${i}: some words about it\n`;
const LIST = Array.from({ length: 30 }, (_, i) => item(i) + item(i * 100 + 1, '  ') + item(i * 100 + 2, '  ')).join('');
const TABLE = '| name | value |\n|------|-------|\n' + Array.from({ length: 40 }, (_, i) => `| row ${i} | ${'x'.repeat(10)} |\n`).join('');
const CODE = '```ts\n' + Array.from({ length: 12 }, (_, i) => `function f${i}() {\n  return ${i};\n}\n`).join('\n') + '```\n';

describe('structural: a block over the limit is cut at its inner boundaries', () => {
  it('cuts a nested list between top-level items, each continuation saying so', () => {
    const text = `# Items\n\n${LIST}\nAfter the list.\n`;
    const { segments } = run(text, { maxChars: 300 });
    expect(Math.max(...segments.map((s) => s.end - s.start))).toBeLessThanOrEqual(300);
    const inList = segments.filter((s) => s.start > text.indexOf('- item') && s.start < text.indexOf('After'));
    expect(inList.length).toBeGreaterThan(3);
    for (const s of inList) {
      expect(s.continues).toBe('list');
      // A top-level item starts each part: its nested items stay with it.
      expect(s.text).toMatch(/^- item/);
    }
    expect(segments[0]?.continues).toBeUndefined();
  });

  it('cuts a table between rows, never in its header, and --repair-blocks repeats the header', () => {
    const text = `Intro paragraph.\n\n${TABLE}`;
    const result = { document: describeDocument('t.md', text), strategy: 'structural', ...run(text, { maxChars: 200 }), meta: {} };
    const parts = result.segments.filter((s) => s.continues === 'table');
    expect(parts.length).toBeGreaterThan(2);
    for (const s of parts) expect(s.text).toMatch(/^\| row \d+ \|/);
    const extras = chunkExtras(result, text, { headings: 'off', repairBlocks: true, offsets: 'codepoint' });
    const firstPart = result.segments.indexOf(parts[0]!);
    expect(extras[firstPart]?.content).toMatch(/^\| name \| value \|\r?\n\|------\|-------\|\r?\n\| row/);
  });

  it('cuts code at blank lines first, never right after the opening fence', () => {
    const { segments } = run(CODE, { maxChars: 120 });
    const parts = segments.filter((s) => s.continues === 'code');
    expect(parts.length).toBeGreaterThan(2);
    for (const s of parts) expect(s.text).toMatch(/^function f\d+\(\) \{/);
    expect(segments[0]?.text).toMatch(/^```ts\nfunction f0/);
  });

  it('keeps every block whole with blocks: whole, and says so', () => {
    const text = `${LIST}\n${TABLE}\n${CODE}`;
    const { segments, warnings } = run(text, { maxChars: 200, blocks: 'whole' });
    expect(segments.some((s) => s.continues !== undefined)).toBe(false);
    expect(segments.map((s) => s.text)).toEqual(expect.arrayContaining([expect.stringContaining(TABLE), expect.stringContaining(CODE)]));
    expect(warnings.filter((w) => w.code === 'over-limit').length).toBeGreaterThanOrEqual(3);
  });

  // Documents of short lines (30 characters at most) and some lines longer than any limit, in
  // every kind of block: no segment is over the limit but one that holds such a line.
  const short = fc.stringMatching(/^[a-z][a-z ]{0,24}[a-z.]$/);
  const longLine = fc.integer({ min: 420, max: 900 }).map((n) => 'w'.repeat(n));
  const line = fc.oneof({ weight: 9, arbitrary: short }, { weight: 1, arbitrary: longLine });
  const blockArb = fc.oneof(
    short.map((s) => `# ${s}\n`),
    fc.array(line, { minLength: 1, maxLength: 6 }).map((ls) => ls.join('\n') + '\n'),
    fc.array(fc.tuple(fc.constantFrom('', '  ', '    '), line), { minLength: 1, maxLength: 40 }).map((items) => items.map(([indent, l]) => `${indent}- ${l}\n`).join('')),
    fc.array(line, { minLength: 1, maxLength: 40 }).map((rows) => '| a | b |\n|---|---|\n' + rows.map((r) => `| ${r} | x |\n`).join('')),
    fc.array(fc.oneof(line, fc.constant('')), { minLength: 1, maxLength: 40 }).map((ls) => '```\n' + ls.join('\n') + '\n```\n'),
  );
  const docArb = fc.array(blockArb, { minLength: 1, maxLength: 12 }).map((blocks) => blocks.join('\n'));

  it('holds the limit unless a single line is over it; coverage holds', () => {
    fc.assert(
      fc.property(docArb, fc.integer({ min: 100, max: 400 }), fc.boolean(), (text, maxChars, crlf) => {
        const doc = crlf ? text.replace(/\n/g, '\r\n') : text;
        const { segments, warnings } = run(doc, { maxChars });
        for (const s of segments) {
          if (s.end - s.start <= maxChars) continue;
          expect(s.text.split(/\r?\n/).some((l) => l.length > maxChars), JSON.stringify(s.text.slice(0, 200))).toBe(true);
          expect(warnings.some((w) => w.code === 'over-limit' && w.offset !== undefined && w.offset >= s.start && w.offset < s.end)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
