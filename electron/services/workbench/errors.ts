import { BudgetError } from '../../../shared/budgets/budgets';
import { CoverageError } from '../../../shared/document/segmentation';
import type { WireError } from '../../../shared/ipc/contract';
import { wireErrorCodes } from '../../../shared/ipc/wire';
import { UserInputError } from '../../cli/errors';
import { DocumentReadError } from '../../readers/errors';

/** A refusal the service means to send to the caller: a stable code and a one-line message. */
export class WorkbenchError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkbenchError';
  }
}

export function firstLine(message: string): string {
  return message.split('\n')[0]?.trim() || 'unknown error';
}

/** What any thrown value becomes on the wire: never a stack, always one line. */
export function toWireError(err: unknown): WireError {
  if (err instanceof WorkbenchError) return { code: err.code, message: firstLine(err.message) };
  // Input errors of the readers, models and inference keep their own code when they have one.
  if (err instanceof UserInputError || err instanceof DocumentReadError || err instanceof BudgetError) {
    const own = (err as { code?: unknown }).code;
    return { code: typeof own === 'string' ? own : wireErrorCodes.badInput, message: firstLine(err.message) };
  }
  if (err instanceof CoverageError) return { code: wireErrorCodes.coverage, message: firstLine(err.message) };
  const message = err instanceof Error ? err.message : String(err);
  return { code: wireErrorCodes.internal, message: firstLine(message) };
}
