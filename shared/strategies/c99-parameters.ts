/** C99's tunable parameters, their defaults and ranges: one home for the strategy, the run options' schema and the CLI flags. */

export const C99_DEFAULTS = { mask: 11, band: 100, coefficient: 1.2, maxSegments: 1000 } as const;
/** The accepted ranges, checked here and in the IPC contract's schema. */
export const C99_LIMITS = { mask: { min: 3, max: 41 }, band: { min: 2, max: 2000 }, coefficient: { min: 0, max: 5 } } as const;

/** The tunable parameters (CLI `--c99-*`, the Run panel); any left out take C99_DEFAULTS. */
export interface C99Parameters {
  /** Side of the rank mask, an odd number of sentences (3..41). */
  mask?: number;
  /** Sentences compared on each side of the diagonal (2..2000). */
  band?: number;
  /** c in the stopping threshold mean + c * sd of the density gradient (0..5; higher: fewer cuts). */
  coefficient?: number;
}

/** Checks the parameters and fills in the defaults; a RangeError with one line for a bad value. */
export function resolveC99Parameters(params: C99Parameters = {}): Required<C99Parameters> {
  const { mask = C99_DEFAULTS.mask, band = C99_DEFAULTS.band, coefficient = C99_DEFAULTS.coefficient } = params;
  const L = C99_LIMITS;
  if (!Number.isInteger(mask) || mask < L.mask.min || mask > L.mask.max || mask % 2 === 0) {
    throw new RangeError(`c99 mask must be an odd whole number from ${L.mask.min} to ${L.mask.max}, got ${mask}`);
  }
  if (!Number.isInteger(band) || band < L.band.min || band > L.band.max) throw new RangeError(`c99 band must be a whole number from ${L.band.min} to ${L.band.max}, got ${band}`);
  if (!Number.isFinite(coefficient) || coefficient < L.coefficient.min || coefficient > L.coefficient.max) {
    throw new RangeError(`c99 coefficient must be a number from ${L.coefficient.min} to ${L.coefficient.max}, got ${coefficient}`);
  }
  return { mask, band, coefficient };
}
