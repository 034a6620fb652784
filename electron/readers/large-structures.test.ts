/**
 * Large tables and lists written as Markdown exactly (issue 36): the table rule walked the whole
 * table for every row and the list rule counted the list for every item, so 4,000 rows took over a
 * minute. The time is measured by bench/hostile-inputs.ts, not here; these check what is written.
 */
import { describe, expect, it } from 'vitest';
import { readDocumentBytes } from './index';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('large tables and lists as Markdown', () => {
  it('a table of 4,000 rows: one header, every row in order, short rows padded to the widest (the last) row', async () => {
    const rows = 4_000;
    const body = Array.from({ length: rows }, (_, i) => (i === rows - 1 ? `<tr><td>r${i}</td><td>b</td><td>c</td></tr>` : `<tr><td>r${i}</td><td>b</td></tr>`));
    const html = `<html><body><table><thead><tr><th>Name</th><th>B</th></tr></thead><tbody>${body.join('')}</tbody></table></body></html>`;
    const lines = (await readDocumentBytes('rows.html', utf8(html))).text.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual(['| Name | B | |', '| --- | --- | --- |', '| r0 | b | |']);
    expect(lines).toHaveLength(rows + 2);
    expect(lines.filter((line) => line.includes('---'))).toHaveLength(1);
    expect(lines.at(-2)).toBe(`| r${rows - 2} | b | |`);
    expect(lines.at(-1)).toBe(`| r${rows - 1} | b | c |`);
  });

  it('two tables in one page each get their own header and width', async () => {
    const html = '<table><tr><td>a</td></tr><tr><td>b</td><td>c</td></tr></table><p>Between.</p><table><tr><th>x</th><th>y</th><th>z</th></tr><tr><td>1</td></tr></table>';
    expect((await readDocumentBytes('two.html', utf8(html))).text).toBe('| a | |\n| --- | --- |\n| b | c |\n\nBetween.\n\n| x | y | z |\n| --- | --- | --- |\n| 1 | | |\n');
  });

  it('an ordered list of 4,000 items numbered from its start', async () => {
    const items = 4_000;
    const html = `<html><body><ol start="5">${Array.from({ length: items }, (_, i) => `<li>item ${i}</li>`).join('')}</ol></body></html>`;
    const lines = (await readDocumentBytes('list.html', utf8(html))).text.trimEnd().split('\n');
    expect(lines).toHaveLength(items);
    expect(lines[0]).toBe('5. item 0');
    expect(lines.at(-1)).toBe(`${items + 4}. item ${items - 1}`);
  });
});
