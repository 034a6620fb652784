/**
 * Errors across the worker boundary. Structured cloning keeps only a plain Error, but callers
 * tell the user's mistakes from bugs by class (isInputError, toWireError): the known classes are
 * sent by name with their own fields and rebuilt on this side.
 */
import { BudgetError } from '../../../shared/budgets/budgets';
import { CoverageError } from '../../../shared/document/segmentation';
import { FormatError } from '../../../shared/formats/errors';
import { DocumentReadError } from '../../readers/errors';
import { UnknownStrategyError } from '../run-strategy';

export interface SentError {
  name: string;
  message: string;
  /** The error's own enumerable fields (e.g. BudgetError's `budget`). */
  fields: Record<string, unknown>;
}

const KNOWN: Record<string, { prototype: Error }> = {
  BudgetError,
  CoverageError,
  DocumentReadError,
  FormatError,
  UnknownStrategyError,
};

export function toSentError(err: unknown): SentError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields = Object.fromEntries(Object.entries(err).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value)));
  return { name: err.name, message: err.message, fields };
}

export function fromSentError(sent: SentError): Error {
  const error = new Error(sent.message);
  const known = Object.hasOwn(KNOWN, sent.name) ? KNOWN[sent.name] : undefined;
  if (known) Object.setPrototypeOf(error, known.prototype);
  return Object.assign(error, sent.fields, { name: sent.name });
}
