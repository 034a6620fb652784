/**
 * The UI benchmark's input: a deterministic prose document of about `targetChars` characters in
 * paragraphs, and a segmentation with `segments` segments cut at paragraph starts, every one
 * with a topic and a summary so that labels and hovers are exercised too.
 */
import type { Segmentation, SegmentNote } from '../../shared/document/types';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import { paragraphStarts } from '../../shared/text/lines';
import { seededRandom } from '../../shared/util/seeded-random';

const WORDS =
  'the of and segment model window boundary document topic summary river harbour whale captain ship sea voyage chapter sentence paragraph token cursor outline editor boundary reader writer export strategy quality speed language small local long break point'.split(
    ' ',
  );

export function benchText(targetChars: number, seed = 7): string {
  // Seeded: the same document on every run.
  const next = seededRandom(seed);
  const parts: string[] = [];
  let length = 0;
  while (length < targetChars) {
    const sentences: string[] = [];
    const sentenceCount = 3 + Math.floor(next() * 5);
    for (let s = 0; s < sentenceCount; s++) {
      const words: string[] = [];
      const wordCount = 8 + Math.floor(next() * 14);
      for (let w = 0; w < wordCount; w++) words.push(WORDS[Math.floor(next() * WORDS.length)]!);
      const sentence = words.join(' ');
      sentences.push(sentence[0]!.toUpperCase() + sentence.slice(1) + '.');
    }
    // Wrapped at about 90 columns, as plain-text files usually are.
    const paragraph = sentences.join(' ').replace(/(.{1,90})(\s|$)/g, '$1\n').trimEnd();
    parts.push(paragraph);
    length += paragraph.length + 2;
  }
  return parts.join('\n\n') + '\n';
}

let cached: { text: string; segments: number; segmentation: Segmentation } | null = null;

/**
 * `segments` segments cut at evenly spread paragraph starts (fewer if there are fewer paragraphs).
 * Remembers the last answer, so the benchmark can make it before the clock starts.
 */
export function benchSegmentation(text: string, segments: number): Segmentation {
  if (cached && cached.segments === segments && cached.text === text) return cached.segmentation;
  const segmentation = makeSegmentation(text, segments);
  cached = { text, segments, segmentation };
  return segmentation;
}

function makeSegmentation(text: string, segments: number): Segmentation {
  const starts = paragraphStarts(text).filter((s) => s > 0);
  const step = starts.length / Math.max(1, segments - 1);
  const cuts: number[] = [];
  for (let i = 1; i < segments; i++) {
    const cut = starts[Math.min(starts.length - 1, Math.floor(i * step) - 1)];
    if (cut !== undefined) cuts.push(cut);
  }
  const seg = segmentationFromCuts(text, cuts);
  const notes: SegmentNote[] = seg.notes.map((_, i) => ({
    topic: `Topic ${i + 1}: ${WORDS[i % WORDS.length]} and ${WORDS[(i * 7) % WORDS.length]}`,
    summary: `Summary of segment ${i + 1}, generated for the benchmark.`,
  }));
  return { boundaries: seg.boundaries, notes };
}
