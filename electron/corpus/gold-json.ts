/**
 * A gold segmentation as the workbench's JSON segmentation file, so that `cli eval --gold` and
 * the UI read corpus files like any other result.
 */
import { describeDocument } from '../../shared/document/document-info';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import type { SegmentationResult } from '../../shared/document/types';
import { readJson, writeJson } from '../../shared/formats/json';

export function goldResult(name: string, text: string, boundaries: readonly number[], sources: unknown): SegmentationResult {
  return {
    document: describeDocument(name, text),
    strategy: 'gold',
    segmentation: segmentationFromCuts(text, boundaries),
    warnings: [],
    meta: { sources },
  };
}

export function writeGoldJson(result: SegmentationResult, text: string): string {
  return writeJson(result, text);
}

/** The text and gold boundaries back from a gold JSON file; a FormatError names what is wrong. */
export function readGoldJson(source: string, json: string): { text: string; boundaries: number[] } {
  const { text, result } = readJson(source, json);
  return { text, boundaries: [...result.segmentation.boundaries] };
}
