/**
 * Problems with model files a person can fix (a wrong file, an adapter that cannot be expressed):
 * UserErrors, so the CLI prints `error: <message>` and exits 2.
 */
import { UserError } from '../../../shared/errors';

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

export class ModelError extends UserError {
  declare readonly code: ModelErrorCode;
  constructor(code: ModelErrorCode, message: string) {
    super(code, message);
    this.name = 'ModelError';
  }
}
