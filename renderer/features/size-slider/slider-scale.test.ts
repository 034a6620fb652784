import { describe, expect, it } from 'vitest';
import { charsAt, positionOf, SLIDER_MAX_CHARS, SLIDER_MIN_CHARS, SLIDER_STEPS } from './slider-scale';

describe('the Max chars slider scale', () => {
  it('runs from the least to the most, never down', () => {
    expect(charsAt(0)).toBe(SLIDER_MIN_CHARS);
    expect(charsAt(SLIDER_STEPS)).toBe(SLIDER_MAX_CHARS);
    for (let p = 1; p <= SLIDER_STEPS; p++) expect(charsAt(p)).toBeGreaterThanOrEqual(charsAt(p - 1));
  });

  it('finds a value back within a step, and clamps what lies beyond the ends', () => {
    for (const chars of [150, 500, 1000, 2000, 7500]) expect(Math.abs(charsAt(positionOf(chars)) - chars) / chars).toBeLessThan(0.05);
    expect(positionOf(1)).toBe(0);
    expect(positionOf(1e9)).toBe(SLIDER_STEPS);
  });
});
