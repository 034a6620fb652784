import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binaryReason, decodeTextFile, firstInvalidUtf8Byte } from './decode-text';
import { DocumentReadError } from './errors';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('decodeTextFile', () => {
  it('keeps line endings and strips a BOM', () => {
    expect(decodeTextFile('a', utf8('\ufeffone\r\ntwo\rthree\n'))).toBe('one\r\ntwo\rthree\n');
    expect(decodeTextFile('a', utf8('漢字 😀 e\u0301'))).toBe('漢字 😀 e\u0301');
    expect(decodeTextFile('a', bytes())).toBe('');
  });

  it('names the byte offset of the first invalid byte', () => {
    // "ab" then a lone continuation byte at offset 2.
    expect(() => decodeTextFile('x.txt', bytes(0x61, 0x62, 0x80, 0x63))).toThrow('x.txt is not valid UTF-8: invalid byte 0x80 at byte offset 2');
    // Latin-1 "café": the é is 0xE9 at offset 3, not followed by continuation bytes.
    expect(() => decodeTextFile('x.txt', bytes(0x63, 0x61, 0x66, 0xe9))).toThrow(/invalid byte 0xe9 at byte offset 3/);
    expect(() => decodeTextFile('x.txt', bytes(0x61, 0x80))).toThrow(DocumentReadError);
  });

  it('recognises binary content', () => {
    expect(() => decodeTextFile('img.txt', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toThrow(
      'img.txt looks like a binary file: it contains a NUL byte at byte 8',
    );
    expect(binaryReason(bytes(1, 2, 3, 4, 0x61))).toMatch(/80% of its first 5 bytes are control characters/);
    expect(binaryReason(utf8('plain\ttext\r\n\x1b[1mbold\x1b[0m\f'))).toBeNull();
  });
});

describe('firstInvalidUtf8Byte', () => {
  it('agrees with a fatal TextDecoder on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (data) => {
        let ok = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(data);
        } catch {
          ok = false;
        }
        expect(firstInvalidUtf8Byte(data) === -1).toBe(ok);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses overlongs, surrogates and code points above U+10FFFF', () => {
    expect(firstInvalidUtf8Byte(bytes(0x41, 0xc0, 0x80))).toBe(1); // overlong NUL
    expect(firstInvalidUtf8Byte(bytes(0xe0, 0x80, 0x80))).toBe(0); // overlong 3-byte
    expect(firstInvalidUtf8Byte(bytes(0xed, 0xa0, 0x80))).toBe(0); // U+D800
    expect(firstInvalidUtf8Byte(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0); // U+110000
    expect(firstInvalidUtf8Byte(bytes(0xe6, 0xbc))).toBe(0); // truncated
    expect(firstInvalidUtf8Byte(utf8('é漢😀'))).toBe(-1);
  });
});
