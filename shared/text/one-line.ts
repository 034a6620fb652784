/**
 * A message as one line that a terminal prints as it is. A file's name may hold a newline or an
 * escape sequence (`a\nb.txt`, `\x1b[31m…`): printed raw, the first cut an `error:` line short
 * ("error: a") and the second drives the terminal. Here every control character, and the two
 * Unicode line separators, is written as a JSON-style escape; a tab stays, it breaks nothing.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_BREAKING_OR_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r' };

export function oneLine(text: string): string {
  return text.replace(LINE_BREAKING_OR_CONTROL, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
