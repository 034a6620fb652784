/**
 * The choices of a `learned` training, declared once: each becomes a field of the model file
 * (`training`), a flag of `cli train` and `bench learn` (`--<kebab-key> yes|no`), a field of the
 * contract's `workspaceTrainLearned`, a checkbox of the Learn panel and a row of
 * docs/strategy-options.md (`npm run docs:options`).
 */
import { z } from 'zod';
import type { BooleanOption } from '../strategies/declaration';

export const TRAINING_OPTION_DECLARATIONS = {
  /**
   * Off by default: measured with and without (docs/benchmarks.md, "learned: other strategies'
   * cuts"), a model that weighs them does no better on documents it did not learn from, and one
   * trained on corrections of one strategy's result learns to copy that strategy.
   */
  strategyCuts: {
    type: 'boolean',
    default: false,
    label: "Weigh other strategies' cuts",
    help: "whether texttiling's and c99's cuts are features (on corrections that started from one of them, the model learns to copy it)",
  },
} as const satisfies Readonly<Record<string, BooleanOption>>;

export type TrainingOptionKey = keyof typeof TRAINING_OPTION_DECLARATIONS;
export type TrainingOptions = { [K in TrainingOptionKey]: boolean };

export const TRAINING_OPTION_KEYS = Object.keys(TRAINING_OPTION_DECLARATIONS) as TrainingOptionKey[];

/** Every option with its default. */
export const DEFAULT_TRAINING_OPTIONS: TrainingOptions = Object.fromEntries(TRAINING_OPTION_KEYS.map((k) => [k, TRAINING_OPTION_DECLARATIONS[k].default])) as TrainingOptions;

/** The options on the wire: each optional, nothing undeclared. */
export const trainingOptionsSchema = z
  .object(Object.fromEntries(TRAINING_OPTION_KEYS.map((k) => [k, z.boolean().optional()])) as { [K in TrainingOptionKey]: z.ZodOptional<z.ZodBoolean> })
  .strict();

/** The options as given, the others at their defaults. */
export function withTrainingDefaults(given: Partial<TrainingOptions> | undefined): TrainingOptions {
  const out = { ...DEFAULT_TRAINING_OPTIONS };
  for (const key of TRAINING_OPTION_KEYS) if (given?.[key] !== undefined) out[key] = given[key];
  return out;
}

/** The command-line flag of an option: `strategyCuts` -> `strategy-cuts`. */
export function trainingOptionFlag(key: TrainingOptionKey): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
