/**
 * The first line of what a thrown value (or a string) says: an error's message, anything else as
 * String() gives it. For one-line messages made from a multi-line error (a stack, a tool's output).
 * No trimming and no fallback: a caller that needs them adds its own.
 */
import { errorMessage } from './error-message';

export function firstLine(value: unknown): string {
  return errorMessage(value).split('\n')[0]!;
}
