/**
 * A document that cannot be read (missing, a folder, binary, not UTF-8, an unsupported or broken
 * file). The message is one line meant for a person; callers show it as is.
 */
export class DocumentReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentReadError';
  }
}
