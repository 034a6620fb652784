/**
 * A call's list of [start, end] text ranges (countTokens, denseScores), up to `max` of them,
 * checked in one plain loop. zod's tuple schema per item took 180–300 ms for the contract's
 * 200,000 ranges on the loaded build machine (a plain loop: 3–20 ms), on the host's event loop,
 * every other client waiting (issue 36, `npm run bench:host-load -- frame`). The same rules: an
 * array of at most `max` items (its length checked before any item, zod's words for it), each a
 * pair of whole numbers ≥ 0; the first bad item is named by its index.
 */
import { z } from 'zod';

export type TextRange = [number, number];

const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isRange(value: unknown): boolean {
  return Array.isArray(value) && value.length === 2 && isCount(value[0]) && isCount(value[1]);
}

export function rangeListSchema(max: number) {
  // No zod schema per item, not even z.array(z.unknown()): zod still walks and copies every item
  // (70 ms for 200,000 on a quiet core, on the loop), where this one loop reads each once.
  return z
    .unknown()
    .superRefine((items, ctx) => {
      if (!Array.isArray(items)) return ctx.addIssue({ code: 'invalid_type', expected: 'array', input: items });
      if (items.length > max) return ctx.addIssue({ code: 'too_big', origin: 'array', maximum: max, inclusive: true, input: items });
      const bad = items.findIndex((item) => !isRange(item));
      if (bad >= 0) ctx.addIssue({ code: 'custom', path: [bad], message: 'a range is [start, end], two whole numbers ≥ 0', input: items });
    })
    .pipe(z.custom<TextRange[]>());
}
