/** TextTiling's depth score, shared by the lexical and the embedding features. */

/** How far a similarity may climb to its peak on each side, in candidate points: bounds the time on long texts. */
const DEPTH_CLIMB_LIMIT = 100;

/** How far each similarity lies below the nearest peak on each side, summed. */
export function depths(similarities: readonly number[]): number[] {
  return similarities.map((value, i) => {
    let left = value;
    for (let j = i - 1; j >= Math.max(0, i - DEPTH_CLIMB_LIMIT) && (similarities[j] as number) >= left; j--) left = similarities[j] as number;
    let right = value;
    for (let j = i + 1; j < Math.min(similarities.length, i + DEPTH_CLIMB_LIMIT) && (similarities[j] as number) >= right; j++) right = similarities[j] as number;
    return left - value + (right - value);
  });
}
