/**
 * `sentence-rules`: the fine-grained baseline, in the spirit of the Jina Segmenter API the seed
 * compares against. Every non-blank line that is not a wrapped continuation, and every sentence, is its own segment; a sentence longer
 * than the limit is cut at a clause, then a word, then a character boundary. Nothing is merged,
 * so it yields many short segments.
 */
import { sentenceStarts } from '../text/sentences';
import { concatAll } from '../util/concat-all';
import { nextNotFittingByLength, overLimitWarnings, resolveLimits, splitToFit } from './limits';
import { defineRuleStrategy } from './types';

/** Default maximum segment length in characters (the Segmenter API's default chunk size order). */
export const SENTENCE_RULES_MAX_CHARS = 1000;

export const sentenceRules = defineRuleStrategy({
  name: 'sentence-rules',
  kind: 'rules',
  options: {},
  description: 'Splits at every line break and sentence end; long sentences are cut to --max-chars (default 1000). Many short segments: the baseline.',
  cut(text, options) {
    const limits = resolveLimits(options, SENTENCE_RULES_MAX_CHARS);
    const starts = sentenceStarts(text);
    // The cuts are the sentence starts (segmentationFromCuts drops the leading 0), with the cuts
    // of each over-long sentence after its start: most texts have few such sentences, so the
    // starts are copied (natively, in runs) only around them, not pushed one by one.
    const runs: number[][] = [];
    let copied = 0;
    const overLimit: Array<[number, number]> = [];
    // Most sentences fit: only the others are visited, each to try a split.
    for (let i = nextNotFittingByLength(starts, 0, text.length, limits); i < starts.length; i = nextNotFittingByLength(starts, i + 1, text.length, limits)) {
      const start = starts[i] as number;
      const end = starts[i + 1] ?? text.length;
      runs.push(starts.slice(copied, i + 1));
      copied = i + 1;
      // Between two sentence starts lie no sentence or paragraph starts, and no line starts but
      // wrapped ones, which read as spaces: the clause level is the first that should cut, so
      // splitToFit starts there instead of asking the sentence scanner again (which V8 then
      // compiled a second time).
      const split = splitToFit(text, start, end, limits, undefined, 'clause');
      runs.push(split.cuts);
      for (const piece of split.overLimit) overLimit.push(piece);
    }
    if (copied > 0) runs.push(starts.slice(copied));
    const cuts = copied === 0 ? starts : concatAll(runs);
    return {
      cuts,
      warnings: overLimitWarnings(overLimit, limits, 'no boundary inside it satisfies the limits'),
    };
  },
});
