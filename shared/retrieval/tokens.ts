/**
 * Word tokens for retrieval: the same tokens ROUGE-L counts (lower-cased runs of letters, digits
 * and marks; one token per CJK character), so that retrieval and its score see the same words.
 * No stemming, so that results do not depend on an English-only stemmer.
 */
import { rougeTokens } from '../metrics';

/** Common English function words: they carry no topic, so questions never consist of them. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have ' +
    'having he her here hers herself him himself his how i if in into is it its itself just me more most ' +
    'my myself no nor not now of off on once only or other our ours ourselves out over own same she should ' +
    'so some such than that the their theirs them themselves then there these they this those through to ' +
    'too under until up upon very was we were what when where which while who whom why will with would you ' +
    'your yours yourself yourselves shall may might must also one us let thus yet'
  ).split(' '),
);

export function tokenize(text: string): string[] {
  return rougeTokens(text);
}

/** Tokens that can carry a question: not a stopword, at least three characters. */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
}
