/**
 * The document and the corrections the kill test uses. Correction k splits the document at the
 * start of line k and gives the new segment the topic `c<k>`, so the corrections accumulate and
 * any one of them can be checked for in a saved segmentation.
 */
export const KILL_TEST_LINES = 20_000;

export function killTestText(): string {
  const lines: string[] = [];
  for (let i = 0; i < KILL_TEST_LINES; i++) lines.push(`Line ${i} says something about topic ${i % 97}.`);
  return lines.join('\n') + '\n';
}

/** Offset where line k starts. */
export function lineStartOffsets(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length - 1; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

export const correctionTopic = (k: number) => `c${k}`;
