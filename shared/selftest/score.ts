/**
 * The self-test's figures for one profile variant over the probe documents, and the score that
 * picks the best variant. What each figure means:
 * - parse share: the output lines the parser read as a head or a note, of all non-empty lines;
 * - heads placed: the heads the locator placed in the text, of all heads read;
 * - joins found: the joins with a boundary within one sentence of them (the sentence before or after);
 * - repetition: the share of output lines that repeat an earlier line of the same window;
 * - tokens per second: generated and evaluated tokens over the run time.
 * Score = 0.5 × joins found + 0.2 × parse share + 0.2 × heads placed + 0.1 × (1 − repetition).
 * Finding the joins is what a segmentation model is for, so it weighs most; output that parses and
 * places, without loops, is what makes its boundaries usable.
 */
import type { ProbeDocument } from './probe';

export const SCORE_RULE = '0.5 × joins found + 0.2 × parse share + 0.2 × heads placed + 0.1 × (1 − repetition)';

export interface VariantRun {
  /** Per window: the raw output. */
  outputs: string[];
  /** Lines the parser read (heads and notes). */
  parsedLines: number;
  heads: number;
  placed: number;
  boundaries: readonly number[];
  tokensPerSecond: number;
}

export interface VariantFigures {
  parseShare: number;
  headsPlaced: number;
  joinsFound: number;
  repetition: number;
  tokensPerSecond: number;
  score: number;
}

function nonEmptyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** Joins with a boundary no more than one sentence away (between the sentence starts around them). */
export function joinsFound(doc: ProbeDocument, boundaries: readonly number[]): number {
  let found = 0;
  for (const join of doc.joins) {
    const i = doc.sentences.indexOf(join);
    const lo = i > 0 ? doc.sentences[i - 1]! : 0;
    const hi = i >= 0 && i + 1 < doc.sentences.length ? doc.sentences[i + 1]! : join;
    if (boundaries.some((b) => b >= lo && b <= hi)) found++;
  }
  return found;
}

export function variantFigures(runs: readonly { doc: ProbeDocument; run: VariantRun }[]): VariantFigures {
  let lines = 0;
  let parsed = 0;
  let repeated = 0;
  let heads = 0;
  let placed = 0;
  let joins = 0;
  let found = 0;
  let rate = 0;
  for (const { doc, run } of runs) {
    for (const output of run.outputs) {
      const ls = nonEmptyLines(output);
      lines += ls.length;
      repeated += ls.length - new Set(ls).size;
    }
    parsed += run.parsedLines;
    heads += run.heads;
    placed += run.placed;
    joins += doc.joins.length;
    found += joinsFound(doc, run.boundaries);
    rate += run.tokensPerSecond;
  }
  const share = (a: number, b: number) => (b === 0 ? 0 : Math.min(1, a / b));
  const f = {
    parseShare: share(parsed, lines),
    headsPlaced: share(placed, heads),
    joinsFound: share(found, joins),
    repetition: share(repeated, lines),
    tokensPerSecond: runs.length ? rate / runs.length : 0,
  };
  return { ...f, score: 0.5 * f.joinsFound + 0.2 * f.parseShare + 0.2 * f.headsPlaced + 0.1 * (1 - f.repetition) };
}

/** The table `models selftest` prints and the Models screen shows, one row per variant. */
export function figuresTable(rows: readonly { variant: string; figures: VariantFigures }[]): string {
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  const header = ['variant', 'parse', 'placed', 'joins', 'repeat', 'tok/s', 'score'];
  const body = rows.map((r) => [r.variant, pct(r.figures.parseShare), pct(r.figures.headsPlaced), pct(r.figures.joinsFound), pct(r.figures.repetition), r.figures.tokensPerSecond.toFixed(1), r.figures.score.toFixed(3)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  return [header, ...body].map((row) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

/** The best variant: highest score, ties to the earlier (the listed order). */
export function bestVariant<T extends { figures: VariantFigures }>(rows: readonly T[]): T | undefined {
  return rows.reduce<T | undefined>((best, r) => (!best || r.figures.score > best.figures.score ? r : best), undefined);
}
