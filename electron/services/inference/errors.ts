/**
 * The inference errors, for the layers above: written once in native/errors.ts, where the native
 * owner throws them too.
 */
export { abortError, explainOutOfMemory, InferenceError, isOutOfMemory, throwIfAborted, type InferenceErrorCode } from '../native/errors';
