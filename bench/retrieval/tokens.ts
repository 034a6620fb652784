/**
 * Word tokens for retrieval: the same tokens ROUGE-L counts (lower-cased runs of letters, digits
 * and marks; one token per CJK character), so that retrieval and its score see the same words.
 * No stemming, so that results do not depend on an English-only stemmer.
 */
import { rougeTokens } from '../../shared/metrics';
import { ENGLISH_STOPWORDS } from '../../shared/text/stopwords';

/** The shared English function words, and a few more that never make a question's topic. */
export const STOPWORDS: ReadonlySet<string> = new Set([...ENGLISH_STOPWORDS, 'us', 'let', 'thus', 'yet']);

export function tokenize(text: string): string[] {
  return rougeTokens(text);
}

/** Tokens that can carry a question: not a stopword, at least three characters. */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
}
