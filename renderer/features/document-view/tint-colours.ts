/**
 * Which tint each segment gets, so that neighbouring segments always differ. A fresh drawing
 * alternates two tints (0, 1, 0, 1...). An edit recolours only the segments it replaced: a split
 * or merge would otherwise flip the alternation of every later segment (thousands of decorations
 * redrawn for one click), so the replaced run picks tints that differ from its left and right
 * neighbours, reaching for a third tint (2) only where two would clash.
 */
export type Tint = 0 | 1 | 2;

/** Tints for `count` segments placed between a left and a right neighbour (null: none). */
export function tintsBetween(left: Tint | null, right: Tint | null, count: number): Tint[] {
  const tints: Tint[] = [];
  let previous = left;
  for (let i = 0; i < count; i++) {
    const isLast = i === count - 1;
    const alternate: Tint = previous === 0 ? 1 : 0;
    const other: Tint = alternate === 0 ? 1 : 0;
    const tint = ([alternate, other, 2] as const).find((t) => t !== previous && !(isLast && t === right))!;
    tints.push(tint);
    previous = tint;
  }
  return tints;
}
