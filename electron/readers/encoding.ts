/**
 * Decoding bytes to text the way a browser does (WHATWG Encoding and HTML "determining the
 * character encoding"): a byte order mark wins, then an encoding the person chose, then for HTML
 * a `<meta charset>` or `http-equiv="Content-Type"` in the first 1024 bytes, then UTF-8 when the
 * bytes are valid UTF-8, else windows-1252 (what browsers assume for an undeclared legacy page).
 * Plain text has no fallback: it is UTF-8 or refused with the byte offset, unless the person
 * names its encoding. TextDecoder knows every WHATWG label; an unknown one is refused.
 *
 * UTF-16 (a Windows "Unicode" file) is read when a BOM says so or the person names utf-16le or
 * utf-16be; without either its NUL bytes would look binary, so it is refused naming the option.
 * An odd byte length or an unpaired surrogate is decoded with U+FFFD and said in the warnings.
 */
import type { ENCODING_SOURCES } from '../../shared/document/reader-report';
import { binaryReason, decodeTextFile, firstInvalidUtf8Byte } from './decode-text';
import { DocumentReadError } from './errors';

export interface Decoded {
  text: string;
  /** The encoding's WHATWG name, e.g. "utf-8", "windows-1252". */
  encoding: string;
  source: (typeof ENCODING_SOURCES)[number];
  /** What the decoding had to replace (UTF-16 only: an odd last byte, unpaired surrogates). */
  warnings: string[];
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

const UTF16 = new Set(['utf-16le', 'utf-16be']);

/** Whether a label names UTF-16 (utf-16, utf-16le, unicodefffe...); false for an unknown label. */
export function isUtf16Label(label: string): boolean {
  try {
    return UTF16.has(new TextDecoder(label.trim()).encoding);
  } catch {
    return false;
  }
}

/** Whether the first bytes read as UTF-16 text of mostly Latin letters without a BOM: 'utf-16le', 'utf-16be' or null. */
export function bomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const units = Math.min(bytes.length, 64 * 1024) >> 1;
  if (units < 4) return null;
  for (const [encoding, high] of [['utf-16le', 1], ['utf-16be', 0]] as const) {
    let narrow = 0;
    let zero = false;
    for (let u = 0; u < units && !zero; u++) {
      const hi = bytes[2 * u + high]!;
      const lo = bytes[2 * u + 1 - high]!;
      if (hi === 0 && lo === 0) zero = true;
      else if (hi === 0) narrow++;
    }
    // Text: no U+0000, and at least half its characters in U+0001-U+00FF (their high byte NUL).
    if (!zero && narrow * 2 >= units) return encoding;
  }
  return null;
}

/** Ends the refusal of a document that is not UTF-8: names the option that reads it, as the UTF-16 refusal below does. */
export const LEGACY_ENCODING_ADVICE = 'name its encoding, e.g. --encoding windows-1252 (Encoding in the app)';

/** The refusal for UTF-16 without a BOM, naming the option that reads it. */
export function bomlessUtf16Message(name: string, likely: 'utf-16le' | 'utf-16be'): string {
  return `${name} looks like UTF-16 text (probably ${likely}) without a byte order mark: name its encoding, --encoding utf-16le or --encoding utf-16be (Encoding in the app)`;
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

/** Refuses bytes that look binary; UTF-16 without a BOM is refused naming --encoding instead. */
export function refuseBinary(name: string, bytes: Uint8Array): void {
  const binary = binaryReason(bytes);
  if (!binary) return;
  const utf16 = bomlessUtf16(bytes);
  if (utf16) throw new DocumentReadError(bomlessUtf16Message(name, utf16));
  throw new DocumentReadError(`${name} looks like a binary file: ${binary}`);
}

/** Unpaired surrogates among the UTF-16 code units (a BOM of the encoding counts as a unit, harmlessly). */
function unpairedSurrogates(bytes: Uint8Array, encoding: string): number {
  const high = encoding === 'utf-16le' ? 1 : 0;
  const unit = (u: number) => (bytes[2 * u + high]! << 8) | bytes[2 * u + 1 - high]!;
  const units = bytes.length >> 1;
  let unpaired = 0;
  for (let u = 0; u < units; u++) {
    const c = unit(u);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = u + 1 < units ? unit(u + 1) : -1;
      if (next >= 0xdc00 && next <= 0xdfff) u++;
      else unpaired++;
    } else if (c >= 0xdc00 && c <= 0xdfff) unpaired++;
  }
  return unpaired;
}

/**
 * UTF-16 (its BOM stripped), never refused for a bad code unit: an odd last byte and unpaired
 * surrogates become U+FFFD, and the warnings say how many. A U+0000 in the text means binary.
 */
function decodeUtf16(name: string, bytes: Uint8Array, encoding: string, source: Decoded['source']): Decoded {
  const text = new TextDecoder(encoding, { fatal: false, ignoreBOM: false }).decode(bytes);
  const nul = text.indexOf('\0');
  if (nul !== -1) throw new DocumentReadError(`${name} looks like a binary file: it contains a NUL character (U+0000) at character ${nul} of its ${encoding} text`);
  const warnings: string[] = [];
  const unpaired = unpairedSurrogates(bytes, encoding);
  if (unpaired > 0) warnings.push(`${unpaired} unpaired UTF-16 surrogate${unpaired === 1 ? '' : 's'} decoded as U+FFFD`);
  if (bytes.length % 2 === 1) warnings.push(`the odd last byte of the ${encoding} file decoded as U+FFFD`);
  return { text, encoding, source, warnings };
}

/** A file in an encoding the person named: every byte must decode (no silent U+FFFD; UTF-16 replaces and says so). */
function decodeNamed(name: string, bytes: Uint8Array, label: string): Decoded {
  const encoding = encodingName(name, label);
  if (UTF16.has(encoding)) return decodeUtf16(name, bytes, encoding, 'option');
  refuseBinary(name, bytes);
  try {
    return { text: decode(bytes, encoding, true), encoding, source: 'option', warnings: [] };
  } catch {
    throw new DocumentReadError(`${name} is not valid ${encoding}: it has bytes that encoding does not define`);
  }
}

/**
 * .txt and .md: a UTF-16 BOM (Windows "Unicode" files), else the named encoding, else strict
 * UTF-8 (refused with the offset of the first bad byte; a UTF-8 BOM is stripped). A BOM wins
 * over the named encoding, as it does in a browser.
 */
export function decodePlainText(name: string, bytes: Uint8Array, label?: string): Decoded {
  const bom = bomEncoding(bytes);
  if (bom !== null && UTF16.has(bom)) return decodeUtf16(name, bytes, bom, 'bom');
  if (bom === 'utf-8' || label === undefined) {
    refuseBinary(name, bytes);
    return { text: decodeTextFile(name, bytes, LEGACY_ENCODING_ADVICE), encoding: 'utf-8', source: bom === 'utf-8' ? 'bom' : 'utf-8', warnings: [] };
  }
  return decodeNamed(name, bytes, label);
}

/** HTML, as a browser determines its encoding: a BOM wins over the named encoding and any <meta charset>. */
export function decodeHtml(name: string, bytes: Uint8Array, label?: string): Decoded {
  const bom = bomEncoding(bytes);
  if (bom !== null && UTF16.has(bom)) return decodeUtf16(name, bytes, bom, 'bom');
  if (bom) return { text: decode(bytes, bom, false), encoding: bom, source: 'bom', warnings: [] };
  if (label !== undefined) return decodeNamed(name, bytes, label);
  refuseBinary(name, bytes);
  const declared = metaCharset(bytes);
  if (declared) return { text: decode(bytes, declared, false), encoding: declared, source: 'meta', warnings: [] };
  if (firstInvalidUtf8Byte(bytes) === -1) return { text: decode(bytes, 'utf-8', true), encoding: 'utf-8', source: 'utf-8', warnings: [] };
  return { text: decode(bytes, 'windows-1252', false), encoding: 'windows-1252', source: 'fallback', warnings: [] };
}
