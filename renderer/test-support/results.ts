/** For the renderer's tests: a strategy result over `text` with segments starting at `cuts`. */
import { describeDocument } from '../../shared/document/document-info';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import type { SegmentationResult } from '../../shared/document/types';

export function resultFromCuts(text: string, cuts: number[], strategy = 'structural', name = 'doc.txt'): SegmentationResult {
  return { document: describeDocument(name, text), strategy, segmentation: segmentationFromCuts(text, cuts), warnings: [], meta: {} };
}
