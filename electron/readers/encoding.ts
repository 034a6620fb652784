/**
 * Decoding bytes to text the way a browser does (WHATWG Encoding and HTML "determining the
 * character encoding"): a byte order mark wins, then an encoding the person chose, then for HTML
 * a `<meta charset>` or `http-equiv="Content-Type"` in the first 1024 bytes, then UTF-8 when the
 * bytes are valid UTF-8, else windows-1252 (what browsers assume for an undeclared legacy page).
 * Plain text has no fallback: it is UTF-8 or refused with the byte offset, unless the person
 * names its encoding. TextDecoder knows every WHATWG label; an unknown one is refused.
 */
import type { ENCODING_SOURCES } from '../../shared/document/reader-report';
import { binaryReason, decodeTextFile, firstInvalidUtf8Byte } from './decode-text';
import { DocumentReadError } from './errors';

export interface Decoded {
  text: string;
  /** The encoding's WHATWG name, e.g. "utf-8", "windows-1252". */
  encoding: string;
  source: (typeof ENCODING_SOURCES)[number];
}

/** The HTML prescan looks this far (HTML, 13.2.3.2). */
const PRESCAN_BYTES = 1024;

/** The WHATWG name for a label, or a DocumentReadError naming the label. */
export function encodingName(name: string, label: string): string {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    throw new DocumentReadError(`${name}: unknown encoding '${label.slice(0, 64)}' (give a WHATWG label such as utf-8, windows-1252, iso-8859-2, koi8-r or shift_jis)`);
  }
}

/** The encoding a byte order mark names, or null. */
export function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const pattern = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g;
  for (const match of tag.matchAll(pattern)) {
    const key = match[1]!.toLowerCase();
    if (!attrs.has(key)) attrs.set(key, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

/** The charset in a Content-Type value ("text/html; charset=windows-1252"). */
function charsetInContent(content: string): string | null {
  const match = /charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;"']+))/i.exec(content);
  return match ? (match[1] ?? match[2] ?? match[3] ?? null) : null;
}

/**
 * The encoding the first <meta> that declares one names, as the HTML prescan finds it; UTF-16
 * labels mean UTF-8 there (a page that could be read to its meta is not UTF-16), x-user-defined
 * means windows-1252. Unknown labels are skipped, as browsers skip them.
 */
export function metaCharset(bytes: Uint8Array): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, PRESCAN_BYTES)).replace(/<!--[\s\S]*?-->/g, '');
  for (const match of head.matchAll(/<meta[\s/]([^>]*)>?/gi)) {
    const attrs = attributes(match[1]!);
    let label = attrs.get('charset') ?? null;
    if (label === null && attrs.get('http-equiv')?.toLowerCase() === 'content-type') label = charsetInContent(attrs.get('content') ?? '');
    if (!label) continue;
    let encoding: string;
    try {
      encoding = new TextDecoder(label.trim()).encoding;
    } catch {
      continue;
    }
    if (encoding === 'utf-16le' || encoding === 'utf-16be') return 'utf-8';
    if (label.trim().toLowerCase() === 'x-user-defined') return 'windows-1252';
    return encoding;
  }
  return null;
}

/**
 * windows-1252's 0x80-0x9F (WHATWG index-windows-1252). Node 20's TextDecoder decodes the label as
 * ISO-8859-1 there, turning curly quotes, dashes and the euro sign into C1 controls.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  const CHUNK = 8192;
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const codes = Array.from(bytes.subarray(at, at + CHUNK), (b) => (b >= 0x80 && b <= 0x9f ? WINDOWS_1252_HIGH[b - 0x80]! : b));
    text += String.fromCharCode(...codes);
  }
  return text;
}

function decode(bytes: Uint8Array, encoding: string, fatal: boolean): string {
  // Every byte is defined in windows-1252, so fatal changes nothing there.
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  // ignoreBOM false: a BOM of the encoding is stripped, as browsers strip it.
  return new TextDecoder(encoding, { fatal, ignoreBOM: false }).decode(bytes);
}

function refuseBinary(name: string, bytes: Uint8Array): void {
  const binary = binaryReason(bytes);
  if (binary) throw new DocumentReadError(`${name} looks like a binary file: ${binary}`);
}

/** A file in an encoding the person named: every byte must decode (no silent U+FFFD). */
function decodeNamed(name: string, bytes: Uint8Array, label: string): Decoded {
  const encoding = encodingName(name, label);
  try {
    return { text: decode(bytes, encoding, true), encoding, source: 'option' };
  } catch {
    throw new DocumentReadError(`${name} is not valid ${encoding}: it has bytes that encoding does not define`);
  }
}

/**
 * .txt and .md: the named encoding, else strict UTF-8 (refused with the offset of the first bad
 * byte; a UTF-8 BOM is stripped). UTF-16 never gets this far: its NUL bytes make it binary.
 */
export function decodePlainText(name: string, bytes: Uint8Array, label?: string): Decoded {
  const bom = bomEncoding(bytes);
  if (label !== undefined) {
    refuseBinary(name, bytes);
    return decodeNamed(name, bytes, label);
  }
  return { text: decodeTextFile(name, bytes), encoding: 'utf-8', source: bom === 'utf-8' ? 'bom' : 'utf-8' };
}

/** HTML, as a browser determines its encoding. */
export function decodeHtml(name: string, bytes: Uint8Array, label?: string): Decoded {
  const bom = bomEncoding(bytes);
  if (bom) return { text: decode(bytes, bom, false), encoding: bom, source: 'bom' };
  refuseBinary(name, bytes);
  if (label !== undefined) return decodeNamed(name, bytes, label);
  const declared = metaCharset(bytes);
  if (declared) return { text: decode(bytes, declared, false), encoding: declared, source: 'meta' };
  if (firstInvalidUtf8Byte(bytes) === -1) return { text: decode(bytes, 'utf-8', true), encoding: 'utf-8', source: 'utf-8' };
  return { text: decode(bytes, 'windows-1252', false), encoding: 'windows-1252', source: 'fallback' };
}
