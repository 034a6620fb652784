import { UserError } from '../errors';
import type { WireError } from './contract';
import { wireErrorCodes } from './wire';
import { firstLine } from '../text/first-line';

/** A refusal the service means to send to the caller: a stable code and a one-line message. */
export class WorkbenchError extends UserError {
  constructor(code: string, message: string) {
    super(code, message);
    this.name = 'WorkbenchError';
  }
}

/** One line for the wire: the error's first line, trimmed, never empty. */
function wireLine(err: unknown): string {
  return firstLine(err).trim() || 'unknown error';
}

/** What any thrown value becomes on the wire: never a stack, always one line. */
export function toWireError(err: unknown): WireError {
  // Every error a person can fix (readers, formats, models, inference, workspace files...) keeps its code.
  if (err instanceof UserError) return { code: err.code, message: wireLine(err) };
  return { code: wireErrorCodes.internal, message: wireLine(err) };
}
