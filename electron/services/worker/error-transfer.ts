/**
 * Errors across the worker boundary. Structured cloning keeps only a plain Error, but callers
 * tell the user's mistakes from bugs by one class (UserError, shared/errors.ts): a UserError is
 * sent with that mark and its own fields (its code, a BudgetError's `budget`...) and rebuilt as
 * a UserError on this side (a BudgetError or a reader's DocumentReadError as its own class);
 * anything else stays a plain Error, a bug.
 */
import { BUDGET_SPECS, BudgetError, type BudgetName } from '../../../shared/budgets/budgets';
import { UserError } from '../../../shared/errors';
import { DocumentReadError } from '../../readers/errors';

export interface SentError {
  name: string;
  message: string;
  userError: boolean;
  /** The error's own enumerable fields (e.g. its code, a BudgetError's `budget`). */
  fields: Record<string, unknown>;
}

export function toSentError(err: unknown): SentError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), userError: false, fields: {} };
  const fields = Object.fromEntries(Object.entries(err).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value)));
  return { name: err.name, message: err.message, userError: err instanceof UserError, fields };
}

export function fromSentError(sent: SentError): Error {
  const budget = sent.fields.budget;
  // A BudgetError comes back as one, so that callers (and tests) can tell which budget it was.
  if (sent.userError && typeof budget === 'string' && budget in BUDGET_SPECS) return new BudgetError(budget as BudgetName, sent.message);
  if (sent.userError && sent.name === 'DocumentReadError') return new DocumentReadError(sent.message);
  const code = typeof sent.fields.code === 'string' ? sent.fields.code : 'bad-input';
  const error = sent.userError ? new UserError(code, sent.message) : new Error(sent.message);
  return Object.assign(error, sent.fields, { name: sent.name });
}
