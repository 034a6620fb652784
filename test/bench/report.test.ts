import { describe, expect, it } from 'vitest';
import { barChartSvg } from '../../electron/bench/report/bar-chart';
import { formatBytes, formatSeconds } from '../../electron/bench/report/format';
import { formatTable } from '../../electron/bench/report/table';
import { speedCommand } from '../../electron/bench/speed/cli';
import { UserInputError } from '../../electron/cli/errors';

describe('bar chart', () => {
  it('draws bars proportional to the values and escapes labels', () => {
    const svg = barChartSvg({ title: 'T <1>', bars: [{ label: 'a&b', value: 2, display: '2' }, { label: 'c', value: 1, display: '1' }] });
    const widths = [...svg.matchAll(/<rect [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toHaveLength(2);
    expect(widths[0]! / widths[1]!).toBeCloseTo(2, 6);
    expect(svg).toContain('a&#38;b');
    expect(svg).toContain('T &#60;1>'.replace('>', '&#62;'));
    expect(svg).not.toContain('a&b');
  });

  it('draws nothing for zero values instead of dividing by zero', () => {
    const svg = barChartSvg({ title: 't', bars: [{ label: 'x', value: 0, display: '0' }] });
    expect(svg).toMatch(/width="0.0"/);
  });
});

describe('formatting', () => {
  it('writes sizes and times the way the seed did', () => {
    expect(formatBytes(48 * 4096)).toBe('192 KB');
    expect(formatBytes(1755 * 4096)).toBe('6.86 MB');
    expect(formatSeconds(0.0042)).toBe('4 ms');
    expect(formatSeconds(49)).toBe('49.0 s');
    expect(formatSeconds(123)).toBe('2 m 3 s');
  });

  it('aligns a table', () => {
    expect(formatTable(['name', 'n'], [['ab', '1'], ['c', '100']])).toBe('name    n\n----  ---\nab      1\nc     100');
  });
});

describe('bench speed flags', () => {
  it('refuses an unknown section in one line', async () => {
    const error = await speedCommand(['--only', 'rules,gpu']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserInputError);
    expect((error as Error).message).toBe("unknown section 'gpu' (valid: locator, rules, ui)");
  });
});
