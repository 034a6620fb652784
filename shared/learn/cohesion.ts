/**
 * Segment cohesion for decoding (Utiyama & Isahara 2001): the log-likelihood of a segment's
 * content words under its own Laplace-smoothed unigram model, sum over words w of
 * c_w * ln((c_w + 1) / (n + V)), with n the segment's word count and V the document's vocabulary.
 * Summed over the segments of a segmentation it is larger when each segment keeps to its own
 * words: a cut between two stretches that share no vocabulary gains much, a cut inside a stretch
 * that repeats its words gains little. It is a property of the whole segment, so the
 * per-cut-point classifier cannot see it; the decoder adds it, weighted, per segment.
 */

/** Term counts of the text units (unit p = the text from candidate p to candidate p + 1). */
export type UnitTerms = ReadonlyArray<ReadonlyMap<number, number>>;

/**
 * The cohesion of every segment the decoder looks at: row j (a segment ending before unit j)
 * holds, at index j - 1 - i, the cohesion of units i .. j - 1, for the predecessors i the
 * decoder reaches (`reach(j)`: the smallest i).
 */
export function cohesionTable(units: UnitTerms, vocabulary: number, reach: (j: number) => number): Float64Array[] {
  const rows: Float64Array[] = [new Float64Array(0)];
  const v = Math.max(1, vocabulary);
  for (let j = 1; j <= units.length; j++) {
    const first = Math.max(0, reach(j));
    const row = new Float64Array(j - first);
    const counts = new Map<number, number>();
    // sum of c_w ln(c_w + 1): the log-likelihood is this minus n ln(n + V).
    let sum = 0;
    let n = 0;
    for (let i = j - 1; i >= first; i--) {
      for (const [term, k] of units[i] as Map<number, number>) {
        const c = counts.get(term) ?? 0;
        sum += (c + k) * Math.log(c + k + 1) - c * Math.log(c + 1);
        counts.set(term, c + k);
        n += k;
      }
      row[j - 1 - i] = sum - n * Math.log(n + v);
    }
    rows.push(row);
  }
  return rows;
}
