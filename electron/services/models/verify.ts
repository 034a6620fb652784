/**
 * "Verify every GGUF before use", for files the model manager handles (import, pull, list):
 * a structural check, and for an adapter, that it is made for the base it will be used with.
 */
import { basename } from 'node:path';
import { GgufFormatError, ggufErrorCode } from '../../model-files/errors';
import { verifyGgufFile, type VerifiedGguf } from '../../model-files/verify';
import { checkAdapterFile, checkModelFile } from '../inference/gguf-check';
import { ModelError } from './errors';

/** The seed's three models are all Qwen2-0.5B-Instruct adapters; a lone adapter is checked against it. */
export const WORKBENCH_ARCHITECTURE = 'qwen2';

export async function verifyGguf(path: string): Promise<VerifiedGguf> {
  try {
    return await verifyGgufFile(path);
  } catch (err) {
    const name = basename(path);
    if (err instanceof GgufFormatError) {
      const code = ggufErrorCode(err.kind);
      const messages = {
        'not-gguf': `${name}: ${err.message}`,
        'truncated-gguf': `${name}: ${err.message}; download or copy it again`,
        'bad-gguf': `${name}: not a usable GGUF: ${err.message}`,
      };
      throw new ModelError(code, messages[code]);
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ModelError('not-found', `file not found: ${path}`);
    throw err;
  }
}

/**
 * Verifies a file for use: structure, then for an adapter its architecture against the base model
 * (tensor names and shapes too, when a base file is given).
 */
export async function verifyForUse(path: string, options: { base?: string } = {}): Promise<VerifiedGguf> {
  const verified = await verifyGguf(path);
  if (verified.kind === 'model') return verified;
  if (options.base) {
    await checkAdapterFile(path, await checkModelFile(options.base));
    return verified;
  }
  if (verified.architecture !== WORKBENCH_ARCHITECTURE) {
    throw new ModelError(
      'adapter-mismatch',
      `${basename(path)} is a LoRA adapter for architecture ${verified.architecture}; the workbench's base model is ${WORKBENCH_ARCHITECTURE} (Qwen2-0.5B-Instruct), so llama.cpp would refuse it`,
    );
  }
  return verified;
}
