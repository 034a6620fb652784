/** An error a person caused and can fix: the CLI prints `error: <message>` and exits 2. */
export class UserInputError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UserInputError';
  }
}
