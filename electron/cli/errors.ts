import { BAD_INPUT, UserError } from '../../shared/errors';

/** A command line a person got wrong (a flag, a missing argument): `error: <message>`, exit 2. */
export class UserInputError extends UserError {
  constructor(message: string) {
    super(BAD_INPUT, message);
    this.name = 'UserInputError';
  }
}
