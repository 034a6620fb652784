/** How many arrays one concat call takes at most: an argument list that stays far below any stack limit. */
const ARRAYS_PER_CALL = 4096;

/**
 * The arrays one after another, in a new array. Array.prototype.concat copies each array whole
 * (natively), where Array.prototype.flat adds element by element; the arrays go in groups, so
 * that any number of them can be joined.
 */
export function concatAll<T>(arrays: readonly T[][]): T[] {
  let all: T[] = [];
  for (let i = 0; i < arrays.length; i += ARRAYS_PER_CALL) all = all.concat(...arrays.slice(i, i + ARRAYS_PER_CALL));
  return all;
}
