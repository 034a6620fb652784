/**
 * Window planning on token counts. The document is a sequence of units (sentences or paragraph
 * pieces) whose token counts the runtime measured once; a window is a run of whole units, so
 * windows start and end on sentence or paragraph boundaries, and consecutive windows share about
 * `overlapTokens` tokens of units.
 */

export interface WindowPlan {
  /** First unit of the window. */
  first: number;
  /** One past the last unit. */
  end: number;
  /** Sum of the units' token counts. */
  tokens: number;
}

export class WindowPlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WindowPlanError';
  }
}

/**
 * Greedy packing: each window takes units while they fit in `windowTokens`; the next window
 * starts early enough to repeat at most `overlapTokens` tokens of the previous one, and always
 * at least one unit later, so planning terminates. Every unit lands in some window.
 */
export function planWindows(unitTokens: readonly number[], windowTokens: number, overlapTokens: number): WindowPlan[] {
  if (!(windowTokens > 0)) throw new WindowPlanError(`window size must be positive, got ${windowTokens}`);
  const n = unitTokens.length;
  const windows: WindowPlan[] = [];
  let first = 0;
  while (first < n) {
    let end = first;
    let tokens = 0;
    while (end < n && tokens + unitTokens[end]! <= windowTokens) {
      tokens += unitTokens[end]!;
      end++;
    }
    if (end === first) {
      throw new WindowPlanError(`unit ${first} has ${unitTokens[first]} tokens, more than the window's ${windowTokens}`);
    }
    windows.push({ first, end, tokens });
    if (end === n) break;
    let next = end;
    let shared = 0;
    while (next - 1 > first && shared + unitTokens[next - 1]! <= overlapTokens) {
      shared += unitTokens[next - 1]!;
      next--;
    }
    first = next;
  }
  return windows;
}

/**
 * Offsets that cut `text` into `parts` pieces of roughly equal length, each moved to the nearest
 * whitespace (within a quarter piece) so words stay whole. Used for a sentence too long for any
 * window. Offsets are strictly increasing and inside (0, text.length); surrogate pairs stay whole.
 */
export function evenCuts(text: string, parts: number): number[] {
  const cuts: number[] = [];
  if (parts <= 1 || text.length < 2) return cuts;
  const size = text.length / parts;
  const reach = Math.max(1, Math.floor(size / 4));
  let previous = 0;
  for (let i = 1; i < parts; i++) {
    const target = Math.round(size * i);
    let best = -1;
    for (let d = 0; d <= reach && best < 0; d++) {
      for (const at of [target - d, target + d]) {
        if (at > previous && at < text.length && /\s/.test(text[at - 1]!) && !/\s/.test(text[at]!)) {
          best = at;
          break;
        }
      }
    }
    if (best < 0) best = target;
    const code = text.charCodeAt(best);
    if (code >= 0xdc00 && code <= 0xdfff) best++;
    if (best > previous && best < text.length) {
      cuts.push(best);
      previous = best;
    }
  }
  return cuts;
}
