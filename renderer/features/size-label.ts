/** Sizes as every view shows them. */

export const numberFormat = new Intl.NumberFormat('en-US');

/**
 * A segment's size as every view shows it: "1,234 chars · 309 tok" with the token count the host
 * gave by the tokenizer the person picked (Export panel), "1,234 chars" without one. Tokens are
 * never guessed from characters.
 */
export function sizeLabel(chars: number, tokens: number | null = null): string {
  const size = `${numberFormat.format(chars)} chars`;
  return tokens === null ? size : `${size} · ${numberFormat.format(tokens)} tok`;
}
