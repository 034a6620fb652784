/**
 * Old/new equivalence of the rule strategies, for speed work that must not change a single cut:
 * `structural` and `sentence-rules` (five option sets), the Markdown block scanner and the
 * sentence-start, line-start and paragraph-start scanners (whole texts and random sub-ranges)
 * of this tree against the same modules of a git revision, on the corpora from `npm run
 * corpora`, both `bench speed` texts, the test fixtures and 4,000 random texts from a hostile
 * alphabet.
 *
 *   npm run bench:equivalence -- [revision]     (default HEAD; exits 1 on any difference)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuleStrategy } from '../shared/strategies/types';
import { MARKDOWN_CHARS, PROSE_CHARS } from './speed/rules-section';
import { markdownText, proseText } from './speed/texts';

const ROOT = resolve(import.meta.dirname, '..');

interface Modules {
  structural: RuleStrategy;
  sentenceRules: RuleStrategy;
  markdownBlocks: (text: string) => unknown;
  sentenceStartsIn: (text: string, from: number, to: number) => number[];
  lineStartsIn: (text: string, from: number, to: number) => number[];
  paragraphStartsIn: (text: string, from: number, to: number) => number[];
}

async function load(root: string): Promise<Modules> {
  const from = async (path: string) => import(pathToFileURL(join(root, path)).href);
  return {
    structural: (await from('shared/strategies/structural.ts')).structural,
    sentenceRules: (await from('shared/strategies/sentence-rules.ts')).sentenceRules,
    markdownBlocks: (await from('shared/text/blocks.ts')).markdownBlocks,
    sentenceStartsIn: (await from('shared/text/sentences.ts')).sentenceStartsIn,
    lineStartsIn: (await from('shared/text/lines.ts')).lineStartsIn,
    paragraphStartsIn: (await from('shared/text/lines.ts')).paragraphStartsIn,
  };
}

function fileTexts(): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(txt|md)$/.test(name)) texts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(join(ROOT, 'corpora'));
  walk(join(ROOT, 'test/fixtures'));
  texts.push(proseText(PROSE_CHARS), markdownText(MARKDOWN_CHARS));
  return texts;
}

/** Seeded, so every run compares the same texts. */
function randomTexts(count: number, next: () => number): string[] {
  const atoms = ['a', 'B', 'word', 'Mr', 'e.g', 'No', '3', '12', '.', '. ', '...', '!', '?', '。', '．', '"', '”', ')', '」', ' ', '  ', '\t', '\u00a0', '\u3000', '\ufeff', '\n', '\r\n', '\r', '\n\n', '#', '# ', '## ', '```', '~~~', '$$', '|', '| a | b |\n|---|---|\n', '- ', '* ', '*', '**', '`', '``', '1. ', '    ', '=', '---', 'é', 'É', 'ß', 'ǅ', '\u0301', '😀', '\ud83d', ',', ';', ':', '—', '，', 'J. ', 'i.e. ', 'etc. ', 'Fig. 3', 'x'.repeat(50)];
  const texts: string[] = [];
  for (let n = 0; n < count; n++) {
    const length = 1 + Math.floor(next() * 300);
    let text = '';
    for (let i = 0; i < length; i++) text += atoms[Math.floor(next() * atoms.length)];
    texts.push(text);
  }
  return texts;
}

const OPTION_SETS = [{}, { maxChars: 200 }, { maxChars: 50, minChars: 10 }, { maxChars: 7 }, { maxChars: 500, maxTokens: 40, countTokens: (s: string) => s.split(/\s+/).length }];

async function main(): Promise<number> {
  const revision = process.argv[2] ?? 'HEAD';
  const oldRoot = mkdtempSync(join(tmpdir(), 'equivalence-'));
  try {
    execFileSync('sh', ['-c', `git archive "$1" shared | tar -x -C "$2"`, 'sh', revision, oldRoot], { cwd: ROOT });
    const [before, after] = [await load(oldRoot), await load(ROOT)];
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const files = fileTexts();
    const texts = [...files, ...randomTexts(4000, next)];
    let compared = 0;
    let differences = 0;
    const check = (what: string, a: unknown, b: unknown, text: string) => {
      compared++;
      if (JSON.stringify(a) === JSON.stringify(b)) return;
      differences++;
      if (differences <= 5) console.log(`difference: ${what} on ${JSON.stringify(text.slice(0, 200))}`);
    };
    for (const text of texts) {
      for (const options of OPTION_SETS) {
        check(`structural ${JSON.stringify(options)}`, before.structural.segment(text, options), after.structural.segment(text, options), text);
        check(`sentence-rules ${JSON.stringify(options)}`, before.sentenceRules.segment(text, options), after.sentenceRules.segment(text, options), text);
      }
      check('markdownBlocks', before.markdownBlocks(text), after.markdownBlocks(text), text);
      const from = Math.floor(next() * text.length);
      const to = from + Math.floor(next() * (text.length - from + 1));
      check(`sentenceStartsIn ${from}-${to}`, before.sentenceStartsIn(text, from, to), after.sentenceStartsIn(text, from, to), text);
      check('sentenceStartsIn whole', before.sentenceStartsIn(text, 0, text.length), after.sentenceStartsIn(text, 0, text.length), text);
      for (const scan of ['lineStartsIn', 'paragraphStartsIn'] as const) {
        check(`${scan} ${from}-${to}`, before[scan](text, from, to), after[scan](text, from, to), text);
        check(`${scan} whole`, before[scan](text, 0, text.length), after[scan](text, 0, text.length), text);
      }
    }
    console.log(`${files.length} file texts + ${texts.length - files.length} random vs ${revision}: ${compared} comparisons, ${differences} differences`);
    return differences === 0 ? 0 : 1;
  } finally {
    rmSync(oldRoot, { recursive: true, force: true });
  }
}

process.exitCode = await main();
