/**
 * `texttiling`: Hearst's TextTiling (Computational Linguistics 23(1), 1997), the classic
 * model-free topic segmenter, with the block-comparison method and the parameters of NLTK's
 * implementation:
 *
 * 1. Tokens are lower-cased words minus an inline English stopword list (no stemming). CJK
 *    ideographs and kana count one character per token, since those scripts have no spaces.
 * 2. Tokens are grouped into pseudo-sentences of w = 20 tokens; a gap lies between each pair.
 * 3. Each gap's lexical score is the cosine similarity of the term frequencies in the k = 10
 *    pseudo-sentences before it and the k after it (fewer near the edges).
 * 4. Scores are smoothed by a moving average over 2 * s + 1 gaps (s = 2, one round).
 * 5. A gap's depth is how far its score lies below the nearest peak on each side, summed.
 * 6. Gaps deeper than mean - sd / 2 of all depths become boundaries, deepest first, skipping
 *    any within 3 gaps of one already taken.
 * 7. Each boundary moves to the nearest paragraph start within one pseudo-sentence of it,
 *    otherwise to the nearest sentence (or line) start.
 *
 * maxChars / maxTokens are honoured only when given: topic segments are as long as the topic.
 */
import { paragraphStarts, sentenceStarts } from '../text/sentences';
import { ENGLISH_STOPWORDS } from '../text/stopwords';
import { overLimitWarnings, resolveLimits, splitToFit } from './limits';
import { chooseGaps, depthScores, nearest } from './texttiling-gaps';
import type { SegmentationWarning } from '../document/types';
import { defineRuleStrategy } from './types';
import { confidenceByOffset, depthConfidence, scaleOf } from './confidence';

export const TEXTTILING_DEFAULTS = { w: 20, k: 10, smoothingWidth: 2, minGapDistance: 3 } as const;

const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}][\p{L}\p{N}\p{M}'’]*/gu;

interface Token {
  word: string;
  offset: number;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const word = match[0].toLowerCase();
    if (!ENGLISH_STOPWORDS.has(word)) tokens.push({ word, offset: match.index });
  }
  return tokens;
}

/** Adds `by` (+1 or -1) for every token of a pseudo-sentence; a word whose count reaches 0 leaves the map. */
function addCounts(counts: Map<string, number>, sequence: Token[] | undefined, by: number): void {
  if (!sequence) return;
  for (const { word } of sequence) {
    const count = (counts.get(word) ?? 0) + by;
    if (count === 0) counts.delete(word);
    else counts.set(word, count);
  }
}

/**
 * Each gap's cosine between the k pseudo-sentences before it and the k after it. The two windows
 * slide one pseudo-sentence per gap, so the counts are updated, not rebuilt (the counts are
 * integers: the sums, and so the scores, are exactly those of counting afresh).
 */
function gapScores(sequences: Token[][], k: number): number[] {
  const before = new Map<string, number>();
  const after = new Map<string, number>();
  addCounts(before, sequences[0], 1);
  for (let s = 1; s < Math.min(sequences.length, 1 + k); s++) addCounts(after, sequences[s], 1);
  const gaps: number[] = [];
  for (let g = 0; g + 1 < sequences.length; g++) {
    if (g > 0) {
      addCounts(before, sequences[g], 1);
      addCounts(before, sequences[g - k], -1);
      addCounts(after, sequences[g], -1);
      addCounts(after, sequences[g + k], 1);
    }
    gaps.push(cosine(before, after));
  }
  return gaps;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [word, count] of a) {
    na += count * count;
    dot += count * (b.get(word) ?? 0);
  }
  for (const count of b.values()) nb += count * count;
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

function smooth(values: number[], width: number): number[] {
  return values.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, i - width); j <= Math.min(values.length - 1, i + width); j++) {
      sum += values[j] as number;
      n++;
    }
    return sum / n;
  });
}

export const texttiling = defineRuleStrategy({
  name: 'texttiling',
  kind: 'rules',
  options: {},
  description: "Hearst's TextTiling: cuts where the vocabulary of neighbouring token blocks changes most (w=20, k=10), snapped to paragraph or sentence starts.",
  cut(text, options) {
    const { w, k, smoothingWidth, minGapDistance } = TEXTTILING_DEFAULTS;
    const tokens = tokenize(text);
    const sequences: Token[][] = [];
    for (let i = 0; i < tokens.length; i += w) sequences.push(tokens.slice(i, i + w));
    const gaps = gapScores(sequences, k);
    const depths = depthScores(smooth(gaps, smoothingWidth));
    const chosen = chooseGaps(depths, minGapDistance);
    const paragraphs = paragraphStarts(text);
    const sentences = sentenceStarts(text);
    const cuts = chosen.map((g) => {
      const sequence = sequences[g + 1] as Token[];
      const offset = (sequence[0] as Token).offset;
      const previous = sequences[g] as Token[];
      const span = offset - (previous[0] as Token).offset;
      return nearest(paragraphs, offset, span) ?? nearest(sentences, offset, Infinity) ?? offset;
    });
    // Each chosen gap's depth on the scale of all the depths (confidence.ts); size-limit cuts have none.
    const scale = scaleOf(depths);
    const confidence = confidenceByOffset(chosen.map((g, i) => [cuts[i] as number, depthConfidence(depths[g] as number, scale)] as const));
    const warnings: SegmentationWarning[] = [];
    if (options.maxChars !== undefined || (options.maxTokens !== undefined && options.countTokens)) {
      const limits = resolveLimits(options, Number.MAX_SAFE_INTEGER);
      const sorted = [...new Set(cuts.filter((c) => c > 0))].sort((a, b) => a - b);
      const starts = [0, ...sorted];
      for (let i = 0; i < starts.length; i++) {
        const split = splitToFit(text, starts[i] as number, starts[i + 1] ?? text.length, limits);
        cuts.push(...split.cuts);
        warnings.push(...overLimitWarnings(split.overLimit, limits, 'no boundary inside it satisfies the limits'));
      }
    }
    return { cuts, warnings, confidence };
  },
});
