import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { base64Of, redact, redactAndCut } from './redact';
import { utf8Encode } from './utf8';

const KEY = 'sk-live-0123456789abcdefXYZ';

describe('redact', () => {
  it('encodes base64 as Node does', () => {
    for (const s of ['', 'a', 'ab', 'abc', 'user:pässwörd/€', KEY]) expect(base64Of(utf8Encode(s))).toBe(Buffer.from(s, 'utf8').toString('base64'));
  });

  it('removes a URL credential from // to the last @, with / @ and spaces in the password', () => {
    expect(redact('http://user:pa/ss@gpu1:8080')).toBe('http://gpu1:8080');
    expect(redact("'http://user:p@ss w/rd@gpu1:8080' is not a URL")).toBe("'http://gpu1:8080' is not a URL");
    expect(redact('no url here')).toBe('no url here');
  });

  it('replaces a secret as given, URL-encoded, JSON-escaped and in base64 at any alignment', () => {
    const password = 'p@ss/wörd"x';
    const basic = Buffer.from(`alice:${password}`).toString('base64');
    const texts = [
      `Basic ${basic}`,
      `token ${KEY}`,
      `got ${encodeURIComponent(password)}`,
      `got ${JSON.stringify(password)}`,
      ...[0, 1, 2].map((n) => `echo ${Buffer.from('x'.repeat(n) + KEY + 'y').toString('base64')}`),
      `url-safe ${Buffer.from('xy' + KEY).toString('base64url')}`,
    ];
    for (const text of texts) {
      const out = redact(text, ['alice', password, `alice:${password}`, KEY]);
      expect(out).toContain('***');
      expect(out).not.toContain(basic);
      expect(out).not.toContain(KEY.slice(0, 13));
      expect(out).not.toContain('ss/w');
      for (const n of [0, 1, 2]) expect(out).not.toContain(Buffer.from('x'.repeat(n) + KEY + 'y').toString('base64').slice(4, 24));
    }
  });

  it('redacts before cutting: a key straddling the cut leaves none of its characters', () => {
    const text = `${'e'.repeat(287)}${KEY}${'f'.repeat(100)}`;
    const out = redactAndCut(text, [KEY], 300);
    expect(out).not.toContain(KEY.slice(0, 6));
    expect(out.startsWith('e'.repeat(287) + '***')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(301);
  });
});
