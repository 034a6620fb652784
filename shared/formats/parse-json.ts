import type { z } from 'zod';
import { FormatError } from './errors';
import { firstLine } from '../text/first-line';

/** JSON.parse with the file name and position in the error instead of a bare SyntaxError. */
export function parseJsonText(source: string, content: string): unknown {
  try {
    return JSON.parse(content);
  } catch (err) {
    throw new FormatError(`${source}: not valid JSON (${firstLine(err)})`);
  }
}

/** Validates against a schema and reports the first problem as `source: path: message`. */
export function validate<T>(source: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue && issue.path.length ? issue.path.join('.') : '(top level)';
  throw new FormatError(`${source}: ${path}: ${issue?.message ?? 'invalid'}`);
}
