import { BAD_INPUT, UserError } from '../../shared/errors';

/**
 * A command line a person got wrong (a flag, a missing argument): the CLI prints `error: <message>`
 * and exits 2; the desktop app shows the message and exits 2 before its window opens.
 */
export class UserInputError extends UserError {
  constructor(message: string) {
    super(BAD_INPUT, message);
    this.name = 'UserInputError';
  }
}
