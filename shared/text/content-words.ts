/**
 * Content words for the lexical strategies (c99, learned): lower-cased words minus the English
 * stopwords, reduced by the Porter stemmer (`stemmer`, pure JS), so "segments" and "segmented"
 * count as one term. Han, Hiragana and Katakana characters count one per token, as in texttiling,
 * since those scripts have no spaces; the stemmer only touches ASCII-letter words.
 */
import { stemmer } from 'stemmer';
import { ENGLISH_STOPWORDS } from './stopwords';

const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}][\p{L}\p{N}\p{M}'’]*/gu;
const ASCII_WORD = /^[a-z]+$/;

/** One stemmed content word and where it starts in the text. */
export interface ContentWord {
  stem: string;
  offset: number;
}

export function contentWords(text: string, from = 0, to = text.length): ContentWord[] {
  const words: ContentWord[] = [];
  for (const match of text.slice(from, to).matchAll(TOKEN)) {
    const word = match[0].toLowerCase().replace(/['’]s$/, '');
    if (ENGLISH_STOPWORDS.has(word)) continue;
    words.push({ stem: ASCII_WORD.test(word) ? stemmer(word) : word, offset: from + match.index });
  }
  return words;
}

/**
 * Term-frequency vectors of consecutive text units (sentences, lines): unit i is
 * text[starts[i], starts[i + 1]). Terms are numbered in order of first appearance.
 */
export function unitTermCounts(text: string, starts: readonly number[]): Array<Map<number, number>> {
  const ids = new Map<string, number>();
  return starts.map((start, i) => {
    const counts = new Map<number, number>();
    for (const { stem } of contentWords(text, start, starts[i + 1] ?? text.length)) {
      let id = ids.get(stem);
      if (id === undefined) ids.set(stem, (id = ids.size));
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  });
}

/**
 * The other half of the words: counts of each stopword per unit. Their profile is a style
 * fingerprint (who is speaking, which era), which changes where texts by different authors meet.
 */
export function unitFunctionWordCounts(text: string, starts: readonly number[]): Array<Map<string, number>> {
  return starts.map((start, i) => {
    const counts = new Map<string, number>();
    for (const match of text.slice(start, starts[i + 1] ?? text.length).matchAll(TOKEN)) {
      const word = match[0].toLowerCase();
      if (ENGLISH_STOPWORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    return counts;
  });
}

/** Cosine similarity of two term-frequency vectors (0 when either is empty). */
export function cosineOf<K>(a: ReadonlyMap<K, number>, b: ReadonlyMap<K, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, count] of small) dot += count * (large.get(term) ?? 0);
  if (dot === 0) return 0;
  let na = 0;
  let nb = 0;
  for (const count of a.values()) na += count * count;
  for (const count of b.values()) nb += count * count;
  return dot / Math.sqrt(na * nb);
}
