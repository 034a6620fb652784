import type { z } from 'zod';
import { isMethodName, paramSchemas, type MethodName, type ParamsOf } from './contract';
import { wireErrorCodes } from './wire';
import { WorkbenchError } from './workbench-error';

const MAX_ISSUES_SHOWN = 3;

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'params';
    return `${where}: ${issue.message}`;
  });
  const more = issues.length > MAX_ISSUES_SHOWN ? ` (and ${issues.length - MAX_ISSUES_SHOWN} more)` : '';
  return shown.join('; ') + more;
}

/** Checks a call from outside: the method must be in the contract and its params must parse. */
export function validateCall(method: unknown, rawParams: unknown): { method: MethodName; params: ParamsOf<MethodName> } {
  if (!isMethodName(method)) {
    const shown = typeof method === 'string' ? `'${method.slice(0, 64)}'` : typeof method;
    throw new WorkbenchError(wireErrorCodes.unknownMethod, `unknown method ${shown}`);
  }
  const parsed = paramSchemas[method].safeParse(rawParams);
  if (!parsed.success) {
    throw new WorkbenchError(wireErrorCodes.invalidParams, `invalid params for ${method}: ${describeIssues(parsed.error.issues)}`);
  }
  return { method, params: parsed.data as ParamsOf<MethodName> };
}
