/**
 * The one base of every error a person caused and can fix: a missing file, a malformed gold file,
 * an unknown strategy, a model that does not fit. `code` is stable (the wire's `WireError.code`);
 * the message is one line meant for a person. The CLI prints `error: <message>` and exits 2 for
 * every UserError; both transports send `{ code, message }`. Anything else is a bug: exit 1, or
 * the wire code `internal`.
 */

/** The code of a UserError that has no more specific one. */
export const BAD_INPUT = 'bad-input';

export class UserError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UserError';
  }

  /**
   * What to type on the command line to get past it (a flag, a command), said only by the CLI
   * after the message: the message itself is what every window shows, and names no flag.
   */
  cliHint?: string;

  withCliHint(hint: string): this {
    this.cliHint = hint;
    return this;
  }
}
