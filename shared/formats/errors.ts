import { BAD_INPUT, UserError } from '../errors';

/** A segmentation file that cannot be read: the message says which file, where and why, on one line. */
export class FormatError extends UserError {
  constructor(message: string) {
    super(BAD_INPUT, message);
    this.name = 'FormatError';
  }
}
