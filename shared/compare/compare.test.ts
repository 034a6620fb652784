import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDocument } from '../document/document-info';
import { segmentationFromCuts } from '../document/segmentation';
import { writeJson } from '../formats';
import { evaluateBoundaries } from '../metrics';
import { barChartSvg, fitLabel } from './bar-chart';
import { compareSegmentations, elapsedMsOf, strategyFigures } from './compare';
import { compareReportHtml } from './report';

const TEXT = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(' ') + '\n';
const at = (i: number) => TEXT.indexOf(`Sentence number ${i} `);
const left = segmentationFromCuts(TEXT, [at(5), at(12), at(20), at(31)]);
const right = segmentationFromCuts(TEXT, [at(5), at(13), at(20) + 1, at(25), at(36)]);

describe('compareSegmentations', () => {
  it('diffs the boundaries with the tolerance it scores with', () => {
    const { diff, evaluation } = compareSegmentations(TEXT, left, right, { tolerance: 2 });
    expect(diff.shared).toEqual([{ left: at(5), right: at(5) }, { left: at(20), right: at(20) + 1 }]);
    expect(diff.leftOnly).toEqual([at(12), at(31)]);
    expect(diff.rightOnly).toEqual([at(13), at(25), at(36)]);
    expect(evaluation.precision).toBeCloseTo(2 / 5);
    expect(evaluation.recall).toBeCloseTo(2 / 4);
  });

  it('gives exactly the figures of the shared metrics, left as reference', () => {
    const { evaluation } = compareSegmentations(TEXT, left, right);
    expect(evaluation).toEqual(evaluateBoundaries(left.boundaries, right.boundaries, TEXT.length));
  });

  it('gives the same figures as `cli eval` on the same pair', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'compare-cli-'));
    try {
      const info = describeDocument('doc.txt', TEXT);
      const gold = path.join(dir, 'left.json');
      const pred = path.join(dir, 'right.json');
      writeFileSync(gold, writeJson({ document: info, strategy: 'left', segmentation: left, warnings: [], meta: {} }, TEXT));
      writeFileSync(pred, writeJson({ document: info, strategy: 'right', segmentation: right, warnings: [], meta: {} }, TEXT));
      const out = execFileSync(process.execPath, ['--import', 'tsx', 'electron/cli/main.ts', 'eval', '--gold', gold, '--pred', pred, '--tolerance', '3', '--json'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        encoding: 'utf8',
      });
      const cli = JSON.parse(out) as Record<string, number>;
      const { evaluation } = compareSegmentations(TEXT, left, right, { tolerance: 3 });
      for (const key of ['pk', 'windowDiff', 'precision', 'recall', 'f1'] as const) expect(cli[key], key).toBe(evaluation[key]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('figures, chart and report', () => {
  it('computes segment count and mean length per strategy', () => {
    expect(strategyFigures('left', TEXT, left, 12.5)).toEqual({ name: 'left', segments: 5, meanChars: TEXT.length / 5, timeMs: 12.5 });
    expect(elapsedMsOf({ elapsedMs: 3 })).toBe(3);
    expect(elapsedMsOf({ elapsedMs: 'x' })).toBeNull();
  });

  it('draws bars proportional to the values, escapes labels and marks missing values', () => {
    const svg = barChartSvg('Segments', [{ label: 'a<b', value: 10 }, { label: 'c', value: 5 }, { label: 'd', value: null }]);
    expect(svg).toContain('a&lt;b');
    expect(svg).toContain('width="160"');
    expect(svg).toContain('width="80"');
    expect(svg).toContain('>n/a<');
  });

  it('keeps labels inside the chart: a long one is cut with an ellipsis and shown whole in a tooltip', () => {
    const long = 'sentence-rules with a very long custom name (shown)';
    const svg = barChartSvg('Time', [{ label: 'sentence-rules (shown)', value: 2 }, { label: long, value: 1 }], 'ms');
    // Labels start at the chart's left edge, never at a negative or end-anchored position.
    expect(svg).not.toContain('text-anchor="end"');
    expect(svg).toContain('<title>sentence-rules (shown): 2 ms</title>sentence-rules (shown)</text>');
    expect(svg).toContain(`<title>${long}: 1 ms</title>${fitLabel(long)}</text>`);
    expect(fitLabel(long)).toMatch(/…$/);
    expect(Array.from(fitLabel(long)).length * 7).toBeLessThanOrEqual(Number(/width="(\d+)"/.exec(svg)![1]));
    expect(fitLabel('short')).toBe('short');
  });

  it('writes a self-contained HTML report with the figures and charts', () => {
    const comparison = compareSegmentations(TEXT, left, right);
    const html = compareReportHtml({
      documentName: 'doc <1>.txt',
      leftName: 'corrected',
      rightName: 'structural',
      comparison,
      figures: [strategyFigures('corrected', TEXT, left, null), strategyFigures('structural', TEXT, right, 4)],
      createdAt: '2026-01-01T00:00:00Z',
    });
    expect(html).toContain('doc &lt;1&gt;.txt');
    expect(html).toContain(comparison.evaluation.pk.toFixed(4));
    expect(html).toContain(comparison.evaluation.f1.toFixed(4));
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });
});
