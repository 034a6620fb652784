/**
 * What a thrown value says: an error's message, anything else as String() gives it. The one way
 * to get a message from a `catch (err)`; firstLine (first-line.ts) takes its first line.
 */
export function errorMessage(value: unknown): string {
  return value instanceof Error ? value.message : String(value);
}
