/**
 * Segment cohesion for decoding (Utiyama & Isahara 2001): the log-likelihood of a segment's
 * content words under its own Laplace-smoothed unigram model, sum over words w of
 * c_w * ln((c_w + 1) / (n + V)), with n the segment's word count and V the document's vocabulary.
 * Summed over the segments of a segmentation it is larger when each segment keeps to its own
 * words: a cut between two stretches that share no vocabulary gains much, a cut inside a stretch
 * that repeats its words gains little. It is a property of the whole segment, so the
 * per-cut-point classifier cannot see it; the decoder adds it, weighted, per segment.
 */

import type { SegmentRows } from './decode';

/** Term counts of the text units (unit p = the text from candidate p to candidate p + 1). */
export type UnitTerms = ReadonlyArray<ReadonlyMap<number, number>>;

/**
 * The cohesion of the segments the decoder looks at, one row at a time: row j (a segment ending
 * before unit j) holds, at index j - 1 - i, the cohesion of units i .. j - 1, for the predecessors
 * i the decoder reaches (`reach(j)`: the smallest i). A row is computed when asked for and its
 * array is reused by the next call, so a long document costs one row of memory, not the table.
 */
export function cohesionRows(units: UnitTerms, vocabulary: number, reach: (j: number) => number): SegmentRows {
  const v = Math.max(1, vocabulary);
  // Flat term and count arrays per unit, and counts by term id (ids are 0 .. vocabulary - 1):
  // a Map per predecessor would cost most of a training.
  const flat = units.map((unit) => ({ terms: Int32Array.from(unit.keys()), counts: Int32Array.from(unit.values()) }));
  let size = 0;
  for (const unit of flat) for (const term of unit.terms) size = Math.max(size, term + 1);
  const counts = new Int32Array(size);
  // c ln(c + 1), by c: the sum of these minus n ln(n + V) is the log-likelihood.
  const cLog: number[] = [0];
  const cLogOf = (c: number) => {
    for (let k = cLog.length; k <= c; k++) cLog.push(k * Math.log(k + 1));
    return cLog[c] as number;
  };
  let buffer = new Float64Array(0);
  return (j) => {
    const first = Math.max(0, reach(j));
    if (buffer.length < j - first) buffer = new Float64Array(Math.max(j - first, 2 * buffer.length));
    const row = buffer.subarray(0, j - first);
    let sum = 0;
    let n = 0;
    for (let i = j - 1; i >= first; i--) {
      const { terms, counts: unitCounts } = flat[i] as { terms: Int32Array; counts: Int32Array };
      for (let t = 0; t < terms.length; t++) {
        const term = terms[t] as number;
        const k = unitCounts[t] as number;
        const c = counts[term] as number;
        sum += cLogOf(c + k) - cLogOf(c);
        counts[term] = c + k;
        n += k;
      }
      row[j - 1 - i] = sum - n * Math.log(n + v);
    }
    for (let i = j - 1; i >= first; i--) for (const term of (flat[i] as { terms: Int32Array }).terms) counts[term] = 0;
    return row;
  };
}

/** Every row of cohesionRows, kept: training decodes each document under many settings. */
export function cohesionTable(units: UnitTerms, vocabulary: number, reach: (j: number) => number): Float64Array[] {
  const rowOf = cohesionRows(units, vocabulary, reach);
  const rows: Float64Array[] = [new Float64Array(0)];
  for (let j = 1; j <= units.length; j++) rows.push(rowOf(j).slice());
  return rows;
}
