/**
 * The features of a candidate cut point (every sentence and line start but 0), named so a person
 * can read the model: lexical cohesion at several window sizes (how different the words before
 * and after are, TextTiling's depth, C99's rank contrast, and whether texttiling or c99 would cut
 * there), layout (blank lines, heading-like lines, list items, code fences, indentation) and cue
 * words; and, when sentence embeddings are given, cosine drops between the windows on each side
 * (embedding-features.ts). The distance from the previous cut is not a per-point feature: it
 * enters decoding through the segment-length prior (decode.ts), where the previous cut is known.
 */
import { cosineOf, unitFunctionWordCounts, unitTermCounts } from '../text/content-words';
import { sentenceStarts } from '../text/sentences';
import { c99Splits, rankMatrix, similarityMatrix, type BandMatrix } from '../strategies/c99';
import { texttiling } from '../strategies/texttiling';
import { LayoutIndex } from './layout';
import { depths } from './depth';
import type { UnitTerms } from './cohesion';
import { embeddingFeatureRows, EMBEDDING_FEATURE_NAMES } from './embedding-features';

/** Words that often open a new topic or section in English prose and documentation. */
const CUE_WORDS: ReadonlySet<string> = new Set(
  ('now finally first next then turning another meanwhile however moreover furthermore also lastly today ' +
    'chapter section part note example install installation usage see introduction overview summary').split(' '),
);

/** A line that opens with Markdown markup: code, a link or image, emphasis, a quote or a table. */
const MARKUP_START = /^(?:`|!?\[|\*\*|__|>|\|)/;

const DISSIMILARITY_WINDOWS = [1, 3, 8] as const;
const DEPTH_WINDOWS = [3, 8] as const;
/** Paragraphs (blank-line separated) on each side: sections of documentation are a few paragraphs long. */
const PARAGRAPH_WINDOWS = [1, 2] as const;
/** Sentence windows of the word change with each word weighted by its rarity in the document (tf-idf). */
const RARE_WORD_WINDOWS = [3, 8] as const;
/** C99 contrast: rank mask and half-window (sentences on each side), and the band it needs. */
const CONTRAST = { mask: 11, half: 5 } as const;

export const FEATURE_NAMES: readonly string[] = [
  ...DISSIMILARITY_WINDOWS.map((w) => `word change over ${w} sentence${w === 1 ? '' : 's'}`),
  ...DEPTH_WINDOWS.map((w) => `TextTiling depth over ${w} sentences`),
  ...RARE_WORD_WINDOWS.map((w) => `rare-word change over ${w} sentences (tf-idf)`),
  'C99 rank contrast over 5 sentences',
  ...PARAGRAPH_WINDOWS.map((w) => `word change over ${w} paragraph${w === 1 ? '' : 's'} (at a paragraph start)`),
  'function-word change over 3 sentences',
  'sentence length change over 3 sentences',
  'texttiling cuts here',
  'c99 cuts here',
  'c99 splits here early',
  'starts a line',
  'one blank line before',
  'two or more blank lines before',
  'heading-like line',
  'after a heading-like line',
  'list item',
  'after a list item',
  'opens a code fence',
  'inside a code block',
  'after a code fence',
  'indentation changes',
  'cue word',
  'after a line ending with a colon',
  'starts with markup',
];

/** The features that say where another strategy cuts: weighed only when the training option strategyCuts asks for them. */
export const STRATEGY_CUT_FEATURES: readonly string[] = ['texttiling cuts here', 'c99 cuts here', 'c99 splits here early'];

/** The feature names of a feature set with or without the embedding features and the other strategies' cuts. */
export function featureNames(withEmbeddings: boolean, strategyCuts = true): readonly string[] {
  const names = withEmbeddings ? [...FEATURE_NAMES, ...EMBEDDING_FEATURE_NAMES] : FEATURE_NAMES;
  return strategyCuts ? names : names.filter((name) => !STRATEGY_CUT_FEATURES.includes(name));
}

/** The units (sentence and line starts) whose texts an embedding model embeds for candidateFeatures. */
export function featureUnits(text: string): number[] {
  return sentenceStarts(text);
}

export interface CandidateFeatures {
  /** Candidate cut offsets, ascending. */
  offsets: number[];
  /** The first word at each candidate, lower-cased (for the cue words learned from training data). */
  firstWords: string[];
  /** The change of line kind at each candidate (LayoutIndex.transition), for the transitions learned from training data. */
  transitions: string[];
  /** rows[i][f]: feature f of offsets[i], in featureNames(embedded) order (raw, not standardised). */
  rows: number[][];
  /** Whether the rows end with the embedding features. */
  embedded: boolean;
  /** Content-word counts of each unit (the text from one candidate, or 0, to the next), for the decoder's segment cohesion. */
  unitTerms: UnitTerms;
  /** Distinct content words in the document. */
  vocabulary: number;
}

function sumCounts<K>(vectors: ReadonlyArray<ReadonlyMap<K, number>>, from: number, to: number): Map<K, number> {
  const sum = new Map<K, number>();
  for (let u = Math.max(0, from); u < Math.min(vectors.length, to); u++) {
    for (const [term, count] of vectors[u] as Map<K, number>) sum.set(term, (sum.get(term) ?? 0) + count);
  }
  return sum;
}

/** Mean rank inside the windows on each side minus the mean rank across the cut before unit u. */
function rankContrast(rank: BandMatrix, u: number): number {
  const h = CONTRAST.half;
  let inside = 0;
  let insideCount = 0;
  let across = 0;
  let acrossCount = 0;
  for (let x = Math.max(0, u - h); x < Math.min(rank.n, u + h); x++) {
    for (let y = x + 1; y < Math.min(rank.n, u + h); y++) {
      if (x < u && y >= u) {
        across += rank.get(x, y);
        acrossCount++;
      } else {
        inside += rank.get(x, y);
        insideCount++;
      }
    }
  }
  return (insideCount ? inside / insideCount : 0) - (acrossCount ? across / acrossCount : 0);
}

/**
 * 1 - cosine of the words of the w paragraphs before and after each unit that starts a paragraph
 * (0 elsewhere), per window of PARAGRAPH_WINDOWS; indexed by unit.
 */
function paragraphWordChange(vectors: ReadonlyArray<ReadonlyMap<number, number>>, startsParagraph: readonly boolean[]): number[][] {
  const starts = startsParagraph.flatMap((s, u) => (s ? [u] : []));
  return PARAGRAPH_WINDOWS.map((w) => {
    const out = new Array<number>(vectors.length).fill(0);
    for (let p = 1; p < starts.length; p++) {
      const u = starts[p] as number;
      const left = sumCounts(vectors, starts[Math.max(0, p - w)] as number, u);
      const right = sumCounts(vectors, u, starts[p + w] ?? vectors.length);
      out[u] = 1 - cosineOf(left, right);
    }
    return out;
  });
}

/**
 * The units' term counts weighted by inverse document frequency over the units: words every
 * part of a long speech uses ("government", "people") weigh little, a topic's own words much.
 */
function tfIdf(vectors: ReadonlyArray<ReadonlyMap<number, number>>): Array<Map<number, number>> {
  const df = new Map<number, number>();
  for (const v of vectors) for (const term of v.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  return vectors.map((v) => new Map([...v].map(([term, count]) => [term, count * Math.log(vectors.length / (df.get(term) as number))])));
}

function firstWord(text: string, offset: number): string {
  return /^[\s"'“‘(*_#>-]*(\p{L}+)/u.exec(text.slice(offset, offset + 40))?.[1]?.toLowerCase() ?? '';
}

/** `unitVectors`: one embedding per unit of featureUnits(text), in order, to add the embedding features. */
export function candidateFeatures(text: string, unitVectors?: readonly (readonly number[])[]): CandidateFeatures {
  const units = sentenceStarts(text);
  const embedded = unitVectors !== undefined;
  if (embedded && unitVectors.length !== units.length) throw new Error(`${unitVectors.length} embeddings for ${units.length} units`);
  if (text.length === 0 || units.length < 2) return { offsets: [], rows: [], firstWords: [], transitions: [], embedded, unitTerms: [], vocabulary: 0 };
  const vectors = unitTermCounts(text, units);
  const similarityOf = (vs: ReadonlyArray<ReadonlyMap<number, number>>, w: number) =>
    units.slice(1).map((_, i) => cosineOf(sumCounts(vs, i + 1 - w, i + 1), sumCounts(vs, i + 1, i + 1 + w)));
  const similarity = (w: number) => similarityOf(vectors, w);
  const weighted = tfIdf(vectors);
  const rareChange = RARE_WORD_WINDOWS.map((w) => similarityOf(weighted, w).map((v) => 1 - v));
  const byWindow = new Map<number, number[]>();
  for (const w of new Set<number>([...DISSIMILARITY_WINDOWS, ...DEPTH_WINDOWS])) byWindow.set(w, similarity(w));
  const depthByWindow = DEPTH_WINDOWS.map((w) => depths(byWindow.get(w) as number[]));
  const rank = rankMatrix(similarityMatrix(vectors, 2 * CONTRAST.half), CONTRAST.mask);
  const tilingCuts = new Set(texttiling.segment(text, {}).segmentation.boundaries);
  const c99 = c99Splits(text, units);
  const c99Set = new Set(c99.splits.slice(0, c99.segments - 1).map((u) => units[u] as number));
  // How early C99 made each split, relative to the number of cuts it kept: 1 for the first, 0 from twice that many on.
  const c99Order = new Map(c99.splits.map((u, i) => [units[u] as number, Math.max(0, 1 - i / (2 * Math.max(1, c99.segments - 1)))]));
  const layout = new LayoutIndex(text);
  const paragraphChange = paragraphWordChange(vectors, units.map((u) => u === 0 || layout.at(u).blankLinesBefore > 0));
  const style = unitFunctionWordCounts(text, units);
  const STYLE_WINDOW = 3;
  const styleChange = units.slice(1).map((_, i) => 1 - cosineOf(sumCounts(style, i + 1 - STYLE_WINDOW, i + 1), sumCounts(style, i + 1, i + 1 + STYLE_WINDOW)));
  const unitLength = (u: number) => Math.log(1 + ((units[u + 1] ?? text.length) - (units[u] as number)));
  const meanLength = (from: number, to: number) => {
    let sum = 0;
    let n = 0;
    for (let u = Math.max(0, from); u < Math.min(units.length, to); u++, n++) sum += unitLength(u);
    return n ? sum / n : 0;
  };

  const offsets = units.slice(1);
  const embeddingRows = embedded ? embeddingFeatureRows(unitVectors) : [];
  const rows = offsets.map((offset, i) => {
    const facts = layout.at(offset);
    const flag = (b: boolean) => (b ? 1 : 0);
    return [
      ...DISSIMILARITY_WINDOWS.map((w) => 1 - ((byWindow.get(w) as number[])[i] as number)),
      ...depthByWindow.map((d) => d[i] as number),
      ...rareChange.map((c) => c[i] as number),
      rankContrast(rank, i + 1),
      ...PARAGRAPH_WINDOWS.map((_, k) => (paragraphChange[k] as number[])[i + 1] as number),
      styleChange[i] as number,
      Math.abs(meanLength(i + 1 - STYLE_WINDOW, i + 1) - meanLength(i + 1, i + 1 + STYLE_WINDOW)),
      flag(tilingCuts.has(offset)),
      flag(c99Set.has(offset)),
      c99Order.get(offset) ?? 0,
      flag(facts.lineStart),
      flag(facts.blankLinesBefore === 1),
      flag(facts.blankLinesBefore >= 2),
      flag(facts.headingLike),
      flag(facts.previousHeadingLike),
      flag(facts.listItem),
      flag(facts.previousListItem),
      flag(facts.codeFence),
      flag(facts.insideCode),
      flag(facts.afterCode),
      flag(facts.indentChange),
      flag(CUE_WORDS.has(firstWord(text, offset))),
      flag(facts.previousEndsWithColon),
      flag(MARKUP_START.test(text.slice(offset, offset + 2))),
      ...(embeddingRows[i] ?? []),
    ];
  });
  const vocabulary = new Set(vectors.flatMap((v) => [...v.keys()])).size;
  return { offsets, rows, firstWords: offsets.map((offset) => firstWord(text, offset)), transitions: offsets.map((offset) => layout.transition(offset)), embedded, unitTerms: vectors, vocabulary };
}
