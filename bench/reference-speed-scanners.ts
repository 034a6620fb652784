/** The scanners bench/reference-speed.ts compares, each with its plain reference. */
import { scanMarkdownBlocks } from '../shared/text/blocks';
import { markdownBlocksByLines } from '../shared/text/blocks-reference';
import { lineStartsIn, paragraphStartsIn } from '../shared/text/lines';
import { lineStartsByLoop, paragraphStartsByLoop } from '../shared/text/lines-reference';
import { sentenceStarts } from '../shared/text/sentences';
import { sentenceStartsByLoop } from '../shared/text/sentences-reference';

export const SCANNERS = {
  blocks: { fast: (text: string) => scanMarkdownBlocks(text), reference: (text: string) => markdownBlocksByLines(text) },
  sentences: { fast: (text: string) => sentenceStarts(text), reference: (text: string) => sentenceStartsByLoop(text) },
  lines: { fast: (text: string) => lineStartsIn(text, 0, text.length), reference: (text: string) => lineStartsByLoop(text) },
  paragraphs: { fast: (text: string) => paragraphStartsIn(text, 0, text.length), reference: (text: string) => paragraphStartsByLoop(text) },
} as const;

export type ScannerName = keyof typeof SCANNERS;
