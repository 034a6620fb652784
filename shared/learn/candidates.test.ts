/**
 * learned's candidate cut points on real texts, pinned: they come from the sentence rules and the
 * wrapped-line rule (shared/text/wrapped-lines.ts), so a change there moves the model's figures
 * without a line of shared/learn changing. Issue 33: the wrap window went from 8 to 4 lines in a
 * commit called a refactor, and learned's held-out F1 moved with it. If this test fails, measure
 * learned again (docs/benchmarks.md, "learned: the wrap window and other strategies' cuts") and
 * pin the new candidates only with those figures in the commit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { candidateFeatures } from './features';

const fixture = (path: string) => readFileSync(new URL(`../../test/fixtures/${path}`, import.meta.url), 'utf8');

/** A short digest of a list of offsets (FNV-1a over their decimal text). */
function digest(offsets: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const c of offsets.join(',')) {
    hash ^= c.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

describe('learned: candidate cut points on real texts', () => {
  // hd.4.ru (a hard-wrapped Russian man page) and llama.cpp's function-calling page both change
  // their candidates when the wrap window changes (2, 4 and 8 lines give three different sets).
  it.each([
    ['manpages/hd.4.ru.txt', 29, 'bb6614f1'],
    ['docs/llama-cpp/function-calling.md', 382, 'b44f8081'],
    ['manpages/uuidd.8.de.txt', 68, '7c47418f'],
  ])('%s', (path, count, hash) => {
    const { offsets } = candidateFeatures(fixture(path));
    expect([offsets.length, digest(offsets)]).toEqual([count, hash]);
  });
});
