import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { UserInputError } from '../../electron/cli/errors';
import { qualityCommand } from '../quality/cli';
import type { QualityReport } from '../quality/types';
import { tinyProfile } from '../../test/inference/tiny-profiles';

describe('bench quality: bad input is a one-line user error', () => {
  it.each([
    [[], /needs --corpus/],
    [['--corpus', 'novel-typo'], /no corpus at novel-typo/],
    [['--corpus', 'test/fixtures/corpus-sample'], /not a corpus folder: no manifest\.json \(it holds corpora: .*novel/],
    [['--corpus', 'test/fixtures/corpus-sample/novel/manifest.json'], /is not a folder/],
    [['--corpus', 'test/fixtures/corpus-sample/novel', '--strategies', 'structural,nope'], /unknown strategy 'nope'/],
    [['--corpus', 'test/fixtures/corpus-sample/novel', '--limit', '0'], /--limit must be at least 1/],
    [['--corpus', 'test/fixtures/corpus-sample/novel', '--documents-at-once', '2'], /--documents-at-once applies only with --backend remote/],
    [['--corpus', 'test/fixtures/corpus-sample/novel', '--backend', 'remote', '--endpoint', 'http://127.0.0.1:9', '--documents-at-once', '0'], /--documents-at-once must be at least 1/],
  ])('%j', async (argv, message) => {
    const error = await qualityCommand(argv).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserInputError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('bench quality: a strategy that fails', () => {
  it('is reported as failed (exit 1) while the other strategies keep their figures', async () => {
    const work = mkdtempSync(join(tmpdir(), 'bench-fail-'));
    const saved = { profiles: process.env.WORKBENCH_PROFILES_DIR, models: process.env.WORKBENCH_MODELS_DIR };
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      // A profile whose "model" is a text file: listed as installed, refused when it runs.
      writeFileSync(join(work, 'not-a-model.gguf'), 'plain text, not GGUF');
      writeFileSync(join(work, 'simple.json'), JSON.stringify(tinyProfile('simple', { name: 'simple', model: { merged: { file: 'not-a-model.gguf' } } })));
      process.env.WORKBENCH_PROFILES_DIR = work;
      process.env.WORKBENCH_MODELS_DIR = work;
      const code = await qualityCommand(['--corpus', 'test/fixtures/corpus-sample/novel', '--strategies', 'simple,structural', '--json', '--out', join(work, 'out')]);
      expect(code).toBe(1);
      const report = JSON.parse(readFileSync(join(work, 'out', 'quality.json'), 'utf8')) as QualityReport;
      expect(Object.keys(report.strategies)).toEqual(['structural']);
      expect(report.failed).toHaveLength(1);
      expect(report.failed[0]!.strategy).toBe('simple');
      expect(report.failed[0]!.error).not.toContain('\n');
      expect(stderr.mock.calls.map((c) => String(c[0]))).toContain(`error: simple failed: ${report.failed[0]!.error}\n`);
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
      process.env.WORKBENCH_PROFILES_DIR = saved.profiles;
      process.env.WORKBENCH_MODELS_DIR = saved.models;
      if (saved.profiles === undefined) delete process.env.WORKBENCH_PROFILES_DIR;
      if (saved.models === undefined) delete process.env.WORKBENCH_MODELS_DIR;
      rmSync(work, { recursive: true, force: true });
    }
  });
});
