/** C99's tunable parameters, declared once: the strategy, the run options' schema, the CLI flags and the Run panel read them here. */
import { resolveOptions, type OptionValues } from './declaration';

export const C99_DEFAULTS = { mask: 11, band: 100, coefficient: 1.2, maxSegments: 1000 } as const;

/** The options of the c99 declaration: `--c99-mask`, `options.c99.mask`, the Run panel's Mask field. */
export const C99_OPTIONS = {
  mask: { type: 'int', min: 3, max: 41, odd: true, default: C99_DEFAULTS.mask, label: 'Mask', help: 'rank mask side in sentences, odd' },
  band: { type: 'int', min: 2, max: 2000, default: C99_DEFAULTS.band, label: 'Band', help: 'sentences compared on each side of the diagonal' },
  coefficient: {
    type: 'number',
    min: 0,
    max: 5,
    default: C99_DEFAULTS.coefficient,
    label: 'Stopping c',
    help: 'c in the stopping threshold mean + c * sd of the density gradient; higher gives fewer cuts',
  },
} as const;

/** The tunable parameters; any left out take C99_DEFAULTS. */
export type C99Parameters = OptionValues<typeof C99_OPTIONS>;

/** Checks the parameters and fills in the defaults; a RangeError with one line for a bad value. */
export function resolveC99Parameters(params: C99Parameters = {}): Required<C99Parameters> {
  return resolveOptions('c99', C99_OPTIONS, params);
}
