import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../../test/support/scratch-dir';

const run = promisify(execFile);
const out = scratchDir('bench-quality-');

describe('bench quality --json on the committed sample', () => {
  let stdout = '';
  beforeAll(async () => {
    // One spawn of the real CLI; every assertion below reads its output.
    const result = await run('npx', ['tsx', 'bench/main.ts', 'quality', '--corpus', 'test/fixtures/corpus-sample/speeches', '--json', '--out', out], {
      cwd: join(import.meta.dirname, '../..'),
      maxBuffer: 16 * 1024 * 1024,
    });
    stdout = result.stdout;
  }, 120_000);

  it('prints pk, windowDiff, f1 and embeddingBytes for every model-free strategy', () => {
    const report = JSON.parse(stdout) as { strategies: Record<string, Record<string, unknown>>; corpus: { documents: number } };
    expect(Object.keys(report.strategies)).toEqual(expect.arrayContaining(['structural', 'sentence-rules', 'texttiling']));
    expect(report.corpus.documents).toBe(3);
    for (const figures of Object.values(report.strategies)) {
      for (const key of ['pk', 'windowDiff', 'f1', 'embeddingBytes']) expect(typeof figures[key]).toBe('number');
      expect(figures.embeddingBytes).toBe((figures.segments as number) * 1024 * 4);
    }
  });

  it('writes the same JSON to a file and an HTML report with inline SVG charts', () => {
    expect(readFileSync(join(out, 'quality.json'), 'utf8')).toBe(stdout);
    const html = readFileSync(join(out, 'quality.html'), 'utf8');
    for (const title of ['Segmentation time', 'Segment count', 'Embedding size', 'Pk', 'WindowDiff', 'Boundary F1', 'Retrieval top-1', 'ROUGE-L']) {
      expect(html).toMatch(new RegExp(`<text [^>]*>${title}`));
    }
    expect(html.match(/<svg /g)?.length).toBe(9);
    expect(html).not.toMatch(/<script|src="http/);
  });
});
