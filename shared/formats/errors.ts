/** A segmentation file that cannot be read: the message says which file, where and why, on one line. */
export class FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormatError';
  }
}
