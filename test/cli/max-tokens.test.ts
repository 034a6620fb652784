/**
 * `segment --max-tokens` with a rule strategy: tokens are counted by the real Qwen2 tokenizer
 * (node-llama-cpp, vocab-only), so the limit holds by that same tokenizer's count.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toSegments } from '../../shared/document/segmentation';
import { runStrategy } from '../../electron/services/strategies/run-strategy';
import { loadTokenCounter, type TokenCounter } from '../../electron/services/tokenizer/token-counter';
import { scratchDir } from '../support/scratch-dir';
import { expectUserError, REPO_ROOT, runCliAll, type CliRun } from './support/run-cli';

const DOC = 'test/fixtures/docs/plain.txt';
const LIMIT = 64;
const dir = scratchDir('max-tokens-');

interface CliResult {
  segments: { start: number; end: number; text: string }[];
  warnings: { code: string; offset?: number }[];
  meta: Record<string, unknown>;
}

let runs: CliRun[];
let counter: TokenCounter;

beforeAll(async () => {
  writeFileSync(join(dir, 'notes.txt'), 'not a tokenizer');
  runs = await runCliAll([
    ['segment', DOC, '--strategy', 'structural', '--max-tokens', String(LIMIT)],
    ['segment', DOC, '--max-tokens', '64', '--tokenizer', join(dir, 'missing.gguf')],
    ['segment', DOC, '--max-tokens', '64', '--tokenizer', join(dir, 'notes.txt')],
    ['segment', DOC, '--tokenizer', join(dir, 'notes.txt')],
    ['segment', DOC, '--strategy', 'topic', '--max-tokens', '64', '--tokenizer', join(dir, 'notes.txt')],
  ]);
  counter = await loadTokenCounter();
}, 180_000);

describe('segment --max-tokens with a rule strategy', () => {
  it('keeps every segment within the limit by the Qwen2 tokenizer, or says which one is not', () => {
    const [run] = runs;
    expect(run!.stderr).toBe('');
    expect(run!.code).toBe(0);
    const result = JSON.parse(run!.stdout) as CliResult;
    expect(result.meta.tokenizer).toBe(counter.source);
    expect(result.warnings.map((w) => w.code)).not.toContain('max-tokens-ignored');
    const text = readFileSync(join(REPO_ROOT, DOC), 'utf-8');
    expect(result.segments.map((s) => s.text).join('')).toBe(text);
    const flagged = new Set(result.warnings.filter((w) => w.code === 'over-limit').map((w) => w.offset));
    for (const segment of result.segments) {
      if (!flagged.has(segment.start)) expect(counter.countTokens(segment.text), `segment at ${segment.start}`).toBeLessThanOrEqual(LIMIT);
    }
  });

  it('cuts where the character limit alone would not', async () => {
    const text = readFileSync(join(REPO_ROOT, DOC), 'utf-8');
    const info = { name: 'plain.txt', chars: text.length, sha256: '' };
    const charsOnly = await runStrategy({ text, info, strategy: 'structural', options: {} });
    const longest = Math.max(...toSegments(text, charsOnly.segmentation).map((s) => counter.countTokens(text.slice(s.start, s.end))));
    expect(longest).toBeGreaterThan(LIMIT);
  });

  it('refuses a tokenizer file it cannot load: exit 2, one line', () => {
    expectUserError(runs[1]!, /tokenizer file not found: .*missing\.gguf/);
    expectUserError(runs[2]!, /cannot load a tokenizer from .*notes\.txt/);
  });

  it('refuses --tokenizer where it cannot mean anything', () => {
    expectUserError(runs[3]!, /--tokenizer only matters with --max-tokens/);
    expectUserError(runs[4]!, /--tokenizer applies only to the rule strategies, not 'topic'/);
  });

  it('falls back to the character limit, with the reason, when the default tokenizer cannot be had', async () => {
    // A models "folder" that is a file: the vocabulary cannot be cached there.
    const notAFolder = join(dir, 'models-file');
    writeFileSync(notAFolder, '');
    const text = 'A sentence. Another one.';
    const result = await runStrategy({
      text,
      info: { name: 'd', chars: text.length, sha256: '' },
      strategy: 'structural',
      options: { maxTokens: 3 },
      settings: { modelsDir: notAFolder },
    });
    expect(result.meta.tokenizer).toBeUndefined();
    const ignored = result.warnings.find((w) => w.code === 'max-tokens-ignored');
    expect(ignored?.message).toMatch(/none could be loaded \(cannot extract the Qwen2 vocabulary: .+\): only the character limit was applied/);
  }, 60_000);
});
