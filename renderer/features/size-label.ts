/** Sizes as every view shows them. */

/** Approximate token count, labelled "~tok" in the UI: no tokenizer runs in the renderer. */
export function approxTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

export const numberFormat = new Intl.NumberFormat('en-US');

/** A segment's size as every view shows it: "1,234 chars · ~309 tok". */
export function sizeLabel(chars: number): string {
  return `${numberFormat.format(chars)} chars · ~${numberFormat.format(approxTokens(chars))} tok`;
}
