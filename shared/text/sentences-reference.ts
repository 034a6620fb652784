/**
 * sentenceStartsIn written the obvious way: every offset of the range, asked of isSentenceStart
 * (the rules, one test per offset). sentenceStartsIn must give exactly these (a property test
 * compares them); it finds its candidates with one regular expression instead.
 */
import { isSentenceStart } from './sentences';

export function sentenceStartsByLoop(text: string, from = 0, to = text.length): number[] {
  const starts: number[] = [];
  for (let p = Math.max(0, from); p < Math.min(to, text.length); p++) if (isSentenceStart(text, p)) starts.push(p);
  return starts;
}
