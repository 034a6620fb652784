/**
 * `npx tsx bench/retrieval-test.ts [--mb 5] [--rounds 5]`: what the workbench's retrieval test
 * (shared/retrieval/segment-search.ts, the same BM25 as the benchmark's retrieval check) costs on
 * a large document: the text is Moby-Dick and installed packages' Markdown, about --mb MB,
 * segmented with `structural` (the strategy a document opens with) and with `sentence-rules`
 * (many small chunks). It times building the index (once per segmentation: the first question
 * after a run or an edit) and one question (every keystroke after that), median of --rounds.
 * A benchmark: it prints figures and asserts nothing.
 */
import { segmentSearch } from '../shared/retrieval/segment-search';
import { getRuleStrategy } from '../shared/strategies';
import { flag } from './flag';
import { loadAverage } from './load';
import { markdownText, proseText } from './speed/texts';

const argv = process.argv.slice(2);
const mb = Number(flag(argv, 'mb', '5'));
const rounds = Number(flag(argv, 'rounds', '5'));
const chars = Math.round(mb * 1e6);
let text = proseText(chars / 4) + '\n\n' + markdownText(chars);
while (text.length < chars) text += '\n\n' + text;
text = text.slice(0, chars);
const QUESTIONS = ['whale harpoon captain', 'install the package with npm', 'what does the config option do', 'Ahab and the white whale at sea'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function time(job: () => unknown): number {
  const started = performance.now();
  job();
  return performance.now() - started;
}

console.log(`${(text.length / 1e6).toFixed(2)} M characters; ${loadAverage()}`);
for (const strategy of ['structural', 'sentence-rules']) {
  const { segmentation } = getRuleStrategy(strategy)!.segment(text, {});
  const builds: number[] = [];
  let search = segmentSearch(text, segmentation);
  for (let r = 0; r < rounds; r++) builds.push(time(() => (search = segmentSearch(text, segmentation))));
  const asks: number[] = [];
  for (let r = 0; r < rounds; r++) for (const q of QUESTIONS) asks.push(time(() => search.search(q, 5)));
  console.log(
    `${strategy}: ${segmentation.notes.length} segments; index ${median(builds).toFixed(0)} ms, question ${median(asks).toFixed(1)} ms (median of ${rounds} builds, ${asks.length} questions)`,
  );
}
