/**
 * Keeps the heads in order: among every head's candidate offsets, picks at most one per head so
 * that the picked offsets strictly increase with the head's position in the list, maximising the
 * summed weight (a weighted longest increasing subsequence, O(n log n) with a Fenwick tree of
 * prefix maxima). A single far-off false match therefore cannot push every later head out of
 * reach: the chain that skips it weighs more.
 */

export interface ChainCandidate {
  offset: number;
  weight: number;
}

interface Best {
  value: number;
  entry: number;
  /** Offset of the entry, so that equal totals go to the earlier placement. */
  offset: number;
}

function better(a: Best, b: Best): boolean {
  return a.value > b.value || (a.value === b.value && a.entry >= 0 && (b.entry < 0 || a.offset < b.offset));
}

/** For each head, the index of its chosen candidate, or -1 when it is left out. */
export function bestIncreasingChain(candidates: readonly (readonly ChainCandidate[])[]): number[] {
  const offsets = [...new Set(candidates.flatMap((list) => list.map((c) => c.offset)))].sort((a, b) => a - b);
  const rank = new Map(offsets.map((o, i) => [o, i + 1]));
  const none: Best = { value: 0, entry: -1, offset: Infinity };
  const tree: Best[] = Array.from({ length: offsets.length + 1 }, () => none);
  const entries: Array<{ head: number; index: number; previous: number; value: number }> = [];

  const prefixBest = (r: number): Best => {
    let best = none;
    for (let i = r; i > 0; i -= i & -i) if (better(tree[i] as Best, best)) best = tree[i] as Best;
    return best;
  };
  const raise = (r: number, candidate: Best): void => {
    for (let i = r; i < tree.length; i += i & -i) if (better(candidate, tree[i] as Best)) tree[i] = candidate;
  };

  candidates.forEach((list, head) => {
    // Score all of this head's candidates before inserting any, so a head never chains to itself.
    const scored = list.map((c, index) => {
      const r = rank.get(c.offset) as number;
      const before = prefixBest(r - 1);
      return { r, head, index, previous: before.entry, value: before.value + c.weight, offset: c.offset };
    });
    for (const s of scored) {
      entries.push({ head: s.head, index: s.index, previous: s.previous, value: s.value });
      raise(s.r, { value: s.value, entry: entries.length - 1, offset: s.offset });
    }
  });

  const chosen = candidates.map(() => -1);
  let last = prefixBest(offsets.length).entry;
  while (last >= 0) {
    const e = entries[last] as (typeof entries)[number];
    chosen[e.head] = e.index;
    last = e.previous;
  }
  return chosen;
}
