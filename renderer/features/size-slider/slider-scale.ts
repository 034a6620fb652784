/**
 * The Max chars slider's scale: logarithmic, so that the short sizes a retrieval chunk is usually
 * cut to get as much of the track as the long ones. Positions are 0..STEPS; values are rounded
 * to a readable step (10 under 1,000, 50 under 5,000, then 100).
 */
export const SLIDER_MIN_CHARS = 100;
export const SLIDER_MAX_CHARS = 20_000;
export const SLIDER_STEPS = 200;

const ratio = Math.log(SLIDER_MAX_CHARS / SLIDER_MIN_CHARS);

function readable(chars: number): number {
  const step = chars < 1_000 ? 10 : chars < 5_000 ? 50 : 100;
  return Math.round(chars / step) * step;
}

/** The Max chars at a slider position. */
export function charsAt(position: number): number {
  const p = Math.min(SLIDER_STEPS, Math.max(0, position));
  return Math.min(SLIDER_MAX_CHARS, Math.max(SLIDER_MIN_CHARS, readable(SLIDER_MIN_CHARS * Math.exp((ratio * p) / SLIDER_STEPS))));
}

/** The slider position nearest a Max chars (the ends for values beyond them). */
export function positionOf(chars: number): number {
  if (!(chars > SLIDER_MIN_CHARS)) return 0;
  if (chars >= SLIDER_MAX_CHARS) return SLIDER_STEPS;
  return Math.round((Math.log(chars / SLIDER_MIN_CHARS) / ratio) * SLIDER_STEPS);
}
