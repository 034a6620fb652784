/**
 * Strict decoding of text files: UTF-8 only, refused with the byte offset of the first bad byte
 * rather than silently turned into U+FFFD, and binary content recognised before decoding so that
 * a stray PNG is "binary", not "invalid UTF-8 at byte 0".
 */
import { DocumentReadError } from './errors';

/** How much of the start of a file the control-character test looks at. */
const SAMPLE_BYTES = 64 * 1024;
/** More control characters than this share of the sample means binary. */
const MAX_CONTROL_RATIO = 0.1;

function isTextControl(byte: number): boolean {
  // Tab, LF, VT, FF, CR and ESC (ANSI colours) occur in real text files.
  return byte === 0x09 || byte === 0x0a || byte === 0x0b || byte === 0x0c || byte === 0x0d || byte === 0x1b;
}

/** Why the bytes look binary, or null when they look like text. */
export function binaryReason(bytes: Uint8Array): string | null {
  const nul = bytes.indexOf(0);
  if (nul !== -1) return `it contains a NUL byte at byte ${nul}`;
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  let control = 0;
  for (const byte of sample) if ((byte < 0x20 && !isTextControl(byte)) || byte === 0x7f) control++;
  if (sample.length > 0 && control / sample.length > MAX_CONTROL_RATIO) {
    return `${Math.round((100 * control) / sample.length)}% of its first ${sample.length} bytes are control characters`;
  }
  return null;
}

/**
 * Offset of the first byte that is not part of a well-formed UTF-8 sequence (Unicode 15, table
 * 3-7: no overlongs, no surrogates, nothing above U+10FFFF), or -1 when all are.
 */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b0 = bytes[i]!;
    if (b0 < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b0 >= 0xc2 && b0 <= 0xdf) length = 2;
    else if (b0 >= 0xe0 && b0 <= 0xef) {
      length = 3;
      if (b0 === 0xe0) lo = 0xa0;
      if (b0 === 0xed) hi = 0x9f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      length = 4;
      if (b0 === 0xf0) lo = 0x90;
      if (b0 === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const b = bytes[i + k];
      // The first continuation byte has the narrowed range; a bad one makes the lead byte the culprit.
      if (b === undefined || b < (k === 1 ? lo : 0x80) || b > (k === 1 ? hi : 0xbf)) return i;
    }
    i += length;
  }
  return -1;
}

/**
 * Decodes a text file: refuses binary content and invalid UTF-8, strips a UTF-8 byte order mark,
 * keeps line endings exactly as they are. `advice` ends the invalid-UTF-8 refusal where the file
 * could be read another way (a document: its encoding named; encoding.ts).
 */
export function decodeTextFile(name: string, bytes: Uint8Array, advice?: string): string {
  const binary = binaryReason(bytes);
  if (binary) throw new DocumentReadError(`${name} looks like a binary file: ${binary}`);
  const bad = firstInvalidUtf8Byte(bytes);
  if (bad !== -1) {
    const value = bytes[bad]!.toString(16).padStart(2, '0');
    throw new DocumentReadError(`${name} is not valid UTF-8: invalid byte 0x${value} at byte offset ${bad}${advice ? `; ${advice}` : ''}`);
  }
  // The validator above already proved the bytes well-formed; fatal mode is a second guard.
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
}
