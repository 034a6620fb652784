/**
 * Everything that can go wrong before or while a model runs, as one typed error. They are all
 * things a person can fix (a wrong file, a window too big), so they are UserErrors: the CLI
 * prints `error: <message>` and exits 2, the service sends the message as a run-failed event.
 * Written here, at the bottom, because the native owner throws them too (out of memory, no
 * backend); inference/errors.ts passes them on to the layers above.
 */
import { UserError } from '../../../shared/errors';
import { firstLine } from '../../../shared/text/first-line';

export type InferenceErrorCode =
  | 'profile-not-found'
  | 'profile-invalid'
  | 'model-missing'
  | 'not-gguf'
  | 'truncated-gguf'
  | 'bad-gguf'
  | 'not-an-adapter'
  | 'adapter-mismatch'
  | 'window-too-large'
  | 'out-of-memory'
  | 'backend-unavailable'
  | 'invalid-option';

export class InferenceError extends UserError {
  declare readonly code: InferenceErrorCode;
  constructor(code: InferenceErrorCode, message: string) {
    super(code, message);
    this.name = 'InferenceError';
  }
}

/** True for llama.cpp's and ggml's ways of saying an allocation failed. */
export function isOutOfMemory(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /out of memory|failed to allocate|alloc(?:ation)? failed|insufficient memory|not enough (?:v?ram|memory)|cudaMalloc|ErrorOutOfDeviceMemory|VK_ERROR_OUT_OF/i.test(
    message,
  );
}

/** Turns an allocation failure into a clear error; any other error passes through unchanged. */
export function explainOutOfMemory(err: unknown, what: string, advice: string): unknown {
  if (!isOutOfMemory(err)) return err;
  const detail = firstLine(err);
  return new InferenceError('out-of-memory', `out of memory while ${what} (${detail}); ${advice}`);
}

// One abort error for every runner (rules, models): written in platform/abort.ts.
export { abortError, throwIfAborted } from '../platform/abort';
