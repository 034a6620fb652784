/** The flag `train` and `segment --strategy learned` share: the embedding model of the embedding features. */
import type { FlagSpecs } from './args';

export const EMBEDDING_MODEL_FLAGS = {
  'embedding-model': {
    type: 'string',
    valueName: 'FILE',
    description: 'learned: GGUF model whose sentence embeddings add the cosine-drop features (a model trained with them needs the same file)',
  },
} as const satisfies FlagSpecs;
