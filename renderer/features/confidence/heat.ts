/**
 * A boundary's confidence as a heat mark in the document's gutter: the start marker gets a ring
 * whose colour runs from red (unsure) to its usual blue (sure), in five steps. Segments without a
 * confidence (the first, a person's split, a rule strategy without scores) keep the plain marker.
 */
import './confidence.css';

const STEPS = 5;

/** The extra gutter class for a confidence, or '' for none. */
export function heatClass(confidence: number | undefined): string {
  if (confidence === undefined || !(confidence >= 0 && confidence <= 1)) return '';
  return ` seg-heat seg-heat-${Math.min(STEPS - 1, Math.floor(confidence * STEPS))}`;
}

/** "confidence 0.42", for hovers and the review bar. */
export function confidenceLabel(confidence: number | undefined): string {
  return confidence === undefined ? '' : `confidence ${confidence.toFixed(2)}`;
}
