/**
 * How deep an XML part's elements nest, counted in one pass over its bytes without parsing it:
 * mammoth reads a .docx's XML recursively, so 3,000 nested tables ended in "Maximum call stack size
 * exceeded" rather than a refusal naming the nesting-depth limit. Start tags open a level, end tags
 * close one, empty-element tags neither; comments, CDATA, processing instructions and the doctype
 * are skipped, and a `>` inside a quoted attribute value does not end its tag.
 */

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

const COMMENT_END = Buffer.from('-->');
const CDATA_END = Buffer.from(']]>');
const PI_END = Buffer.from('?>');

function startsWith(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** The index just past `end` from `from` on, or the end of the bytes when it never comes. */
function skipPast(bytes: Uint8Array, from: number, end: Uint8Array): number {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(end, from);
  return at === -1 ? bytes.length : at + end.length;
}

/** The deepest element nesting in the XML (UTF-8 or any ASCII-compatible encoding). */
export function xmlDepth(bytes: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i] !== LT) {
      i++;
      continue;
    }
    const next = bytes[i + 1];
    if (next === BANG) {
      if (startsWith(bytes, i, '<!--')) i = skipPast(bytes, i + 4, COMMENT_END);
      else if (startsWith(bytes, i, '<![CDATA[')) i = skipPast(bytes, i + 9, CDATA_END);
      else i = skipPast(bytes, i + 2, Buffer.from('>'));
      continue;
    }
    if (next === QUESTION) {
      i = skipPast(bytes, i + 2, PI_END);
      continue;
    }
    const closing = next === SLASH;
    // To the tag's `>`, stepping over quoted attribute values.
    let j = i + 1;
    let quote = 0;
    while (j < bytes.length) {
      const b = bytes[j]!;
      if (quote) {
        if (b === quote) quote = 0;
      } else if (b === DQUOTE || b === SQUOTE) quote = b;
      else if (b === GT) break;
      j++;
    }
    if (closing) depth = Math.max(0, depth - 1);
    else if (bytes[j - 1] !== SLASH) {
      depth++;
      if (depth > deepest) deepest = depth;
    }
    i = j + 1;
  }
  return deepest;
}
