/**
 * Cue words learned from the training segmentations: how much more often than average a
 * candidate whose first word is w starts a segment ("Type:", "Install", "Chapter", "Now"...).
 * The model keeps the table (readable: word, cuts, times seen); the feature is the smoothed
 * log-ratio of w's cut rate to the base rate, 0 for a word never seen. For the training rows
 * themselves each document's own counts are left out, so the classifier learns how far the
 * table carries over to documents it was not built from, not how well it remembers them.
 */

export const LEARNED_CUE_FEATURE = 'first word often starts a segment in training';
export const LEARNED_TRANSITION_FEATURE = 'change of line kind often starts a segment in training';

/** Pseudo-count pulling a rarely seen word's rate toward the base rate. */
const SMOOTHING = 5;
/** Words kept in the model: the most frequent first words, seen at least twice. */
const MAX_WORDS = 300;

export interface CueTable {
  baseRate: number;
  /** word -> [cuts, seen] */
  words: Record<string, [number, number]>;
}

interface Counted {
  firstWords: readonly string[];
  labels: ArrayLike<number>;
}

function countsOf(doc: Counted): Map<string, [number, number]> {
  const counts = new Map<string, [number, number]>();
  doc.firstWords.forEach((word, i) => {
    if (word === '') return;
    const entry = counts.get(word) ?? [0, 0];
    entry[0] += doc.labels[i] as number;
    entry[1] += 1;
    counts.set(word, entry);
  });
  return counts;
}

function score(cuts: number, seen: number, baseRate: number): number {
  if (seen <= 0 || baseRate <= 0) return 0;
  return Math.log((cuts + SMOOTHING * baseRate) / (seen + SMOOTHING) / baseRate);
}

export function buildCueTable(docs: readonly Counted[]): CueTable {
  const total = new Map<string, [number, number]>();
  let cuts = 0;
  let seen = 0;
  for (const doc of docs) {
    for (const [word, [c, s]] of countsOf(doc)) {
      const entry = total.get(word) ?? [0, 0];
      total.set(word, [entry[0] + c, entry[1] + s]);
    }
    for (let i = 0; i < doc.labels.length; i++) cuts += doc.labels[i] as number;
    seen += doc.labels.length;
  }
  const kept = [...total].filter(([, [, s]]) => s >= 2).sort((a, b) => b[1][1] - a[1][1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_WORDS);
  return { baseRate: seen ? cuts / seen : 0, words: Object.fromEntries(kept) };
}

/** The feature for a document the table was not built from. */
export function cueValues(table: CueTable, firstWords: readonly string[]): number[] {
  return firstWords.map((word) => {
    const entry = Object.hasOwn(table.words, word) ? table.words[word] : undefined;
    return entry ? score(entry[0], entry[1], table.baseRate) : 0;
  });
}

/** The feature for a training document: the table without that document's own counts. */
export function cueValuesLeavingOut(table: CueTable, doc: Counted): number[] {
  const own = countsOf(doc);
  return doc.firstWords.map((word) => {
    const entry = Object.hasOwn(table.words, word) ? table.words[word] : undefined;
    if (!entry) return 0;
    const mine = own.get(word) ?? [0, 0];
    return score(entry[0] - mine[0], entry[1] - mine[1], table.baseRate);
  });
}
