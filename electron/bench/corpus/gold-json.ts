/**
 * A gold segmentation as the workbench's JSON segmentation file, so that `cli eval --gold` and
 * the UI read corpus files like any other result.
 */
import { describeDocument } from '../../../shared/document/document-info';
import { segmentationFromCuts, toSegments } from '../../../shared/document/segmentation';
import type { SegmentationResult } from '../../../shared/document/types';

export function goldResult(name: string, text: string, boundaries: readonly number[], sources: unknown): SegmentationResult {
  return {
    document: describeDocument(name, text),
    strategy: 'gold',
    segmentation: segmentationFromCuts(text, boundaries),
    warnings: [],
    meta: { sources },
  };
}

// PROVISIONAL until shared/formats lands: the segments carry their text, so the file alone
// gives the document back.
export function writeGoldJson(result: SegmentationResult, text: string): string {
  const { segmentation, ...rest } = result;
  return JSON.stringify({ ...rest, segments: toSegments(text, segmentation).map(({ start, end, text: t }) => ({ start, end, text: t })) }, null, 2) + '\n';
}

/** The text and gold boundaries back from a gold JSON file. */
export function readGoldJson(json: string): { text: string; boundaries: number[] } {
  const parsed = JSON.parse(json) as { segments: Array<{ start: number; text: string }> };
  return { text: parsed.segments.map((s) => s.text).join(''), boundaries: parsed.segments.slice(1).map((s) => s.start) };
}
