/** The flags of training `learned`: the embedding model (`segment --strategy learned` takes it too) and the declared training options. */
import type { FlagSpecs } from './args';
import { TRAINING_OPTION_DECLARATIONS, TRAINING_OPTION_KEYS, trainingOptionFlag, type TrainingOptions } from '../../shared/learn/training-options';

export const EMBEDDING_MODEL_FLAGS = {
  'embedding-model': {
    type: 'string',
    valueName: 'FILE',
    description: 'learned: GGUF model whose sentence embeddings add the cosine-drop features (a model trained with them needs the same file)',
  },
} as const satisfies FlagSpecs;

/** One flag per declared training option (`--strategy-cuts yes|no`), for `train` and `bench learn`. */
export const TRAINING_OPTION_FLAGS: FlagSpecs = Object.fromEntries(
  TRAINING_OPTION_KEYS.map((key) => {
    const option = TRAINING_OPTION_DECLARATIONS[key];
    return [trainingOptionFlag(key), { type: 'enum', values: ['yes', 'no'], description: `${option.help} (default ${option.default ? 'yes' : 'no'})` }];
  }),
);

/** The training options the flags give (those not given are left out: they take their defaults). */
export function trainingOptionsFromFlags(flags: Readonly<Record<string, unknown>>): Partial<TrainingOptions> {
  const options: Partial<TrainingOptions> = {};
  for (const key of TRAINING_OPTION_KEYS) {
    const value = flags[trainingOptionFlag(key)];
    if (value !== undefined) options[key] = value === 'yes';
  }
  return options;
}
