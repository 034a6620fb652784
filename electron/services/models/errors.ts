/**
 * Problems with model files a person can fix (a wrong file, an adapter that cannot be expressed):
 * UserInputErrors, so the CLI prints `error: <message>` and exits 2.
 */
import { UserInputError } from '../../cli/errors';

export type ModelErrorCode =
  | 'peft-invalid'
  | 'peft-unsupported'
  | 'peft-tied-embeddings'
  | 'not-gguf'
  | 'truncated-gguf'
  | 'bad-gguf'
  | 'adapter-mismatch'
  | 'file-exists'
  | 'bad-name'
  | 'not-found'
  | 'download-failed';

export class ModelError extends UserInputError {
  constructor(
    readonly code: ModelErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}
