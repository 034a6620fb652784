/**
 * The derived segment list of the current result, memoised on (text, segmentation) identity so
 * that every component asking for it during one render shares one array.
 */
import type { Segment, Segmentation } from '../../shared/document/types';
import { toSegments } from '../../shared/document/segmentation';
import { useDocumentStore } from './document';
import { useSegmentationStore } from './segmentation';

let lastText: string | null = null;
let lastSegmentation: Segmentation | null = null;
let lastSegments: Segment[] = [];

export function segmentsOf(text: string, segmentation: Segmentation | null): Segment[] {
  if (!segmentation) return [];
  if (text !== lastText || segmentation !== lastSegmentation) {
    lastSegments = toSegments(text, segmentation);
    lastText = text;
    lastSegmentation = segmentation;
  }
  return lastSegments;
}

/** The segments on screen; empty until a result for the open document exists. */
export function useSegments(): Segment[] {
  const text = useDocumentStore((s) => s.text);
  const segmentation = useSegmentationStore((s) => s.current?.segmentation ?? null);
  return segmentsOf(text, segmentation);
}

/** Approximate token count, labelled "~tok" in the UI: no tokenizer runs in the renderer. */
export function approxTokens(chars: number): number {
  return Math.ceil(chars / 4);
}
