import { BAD_INPUT, UserError } from '../../../shared/errors';

/** Apart from the loader, so callers can recognise the error without importing llama.cpp. */

/** A tokenizer could not be loaded; the message says which file and why, in one line. */
export class TokenizerLoadError extends UserError {
  constructor(message: string) {
    super(BAD_INPUT, message);
    this.name = 'TokenizerLoadError';
  }
}
