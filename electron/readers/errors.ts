/**
 * A document that cannot be read (missing, a folder, binary, not UTF-8, an unsupported or broken
 * file). The message is one line meant for a person; callers show it as is.
 */
import { BAD_INPUT, UserError } from '../../shared/errors';

export class DocumentReadError extends UserError {
  constructor(message: string) {
    super(BAD_INPUT, message);
    this.name = 'DocumentReadError';
  }
}
