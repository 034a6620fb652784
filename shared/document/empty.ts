/** A document with nothing to segment: no text, or only whitespace. It joins no workspace and is offered for no review. */
export function isEmptyDocument(text: string): boolean {
  return text.trim() === '';
}
