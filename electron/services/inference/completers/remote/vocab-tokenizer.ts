/**
 * The model's tokenizer without its weights: the remote backend cuts and tokenizes windows here,
 * with the base GGUF's vocabulary loaded vocab-only by the native owner (native/vocab-models.ts).
 * A caller leases it for as long as it uses it and releases it after; the owner disposes what
 * nobody uses once newer ones push it out, and everything when the host closes.
 */
import { leaseVocab, VocabLoadError, type VocabLease } from '../../../native/vocab-models';
import { InferenceError } from '../../errors';
import { firstLine } from '../../../../../shared/text/first-line';

export type { VocabLease };

export async function vocabTokenizer(modelPath: string): Promise<VocabLease> {
  try {
    return await leaseVocab(modelPath);
  } catch (err) {
    const detail = err instanceof VocabLoadError ? err.detail : firstLine(err);
    throw new InferenceError('bad-gguf', `cannot read the tokenizer of ${modelPath}: ${detail}`);
  }
}

/** Runs `use` with the tokenizer of this GGUF, released after. */
export async function withVocabTokenizer<T>(modelPath: string, use: (tokenizer: VocabLease['tokenizer']) => Promise<T>): Promise<T> {
  const lease = await vocabTokenizer(modelPath);
  try {
    return await use(lease.tokenizer);
  } finally {
    lease.release();
  }
}
