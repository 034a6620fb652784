import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';
import { utf8Encode, utf8Length } from './utf8';

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 / NIST test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256Hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('agrees with node:crypto on arbitrary Unicode, including lone surrogates and block-edge lengths', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
    );
    for (let n = 50; n < 70; n++) {
      const text = 'x'.repeat(n);
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });
});

describe('utf8Encode', () => {
  it('encodes like Node, lone surrogates as U+FFFD', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (text) => {
        const ours = utf8Encode(text);
        expect(Buffer.from(ours).equals(Buffer.from(text, 'utf8'))).toBe(true);
        expect(utf8Length(text)).toBe(ours.length);
      }),
    );
    expect([...utf8Encode('\ud800x')]).toEqual([0xef, 0xbf, 0xbd, 0x78]);
    expect([...utf8Encode('é😀')]).toEqual([0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80]);
  });
});
