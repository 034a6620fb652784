/** Apart from the loader, so callers can recognise the error without importing llama.cpp. */

/** A tokenizer could not be loaded; the message says which file and why, in one line. */
export class TokenizerLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenizerLoadError';
  }
}
