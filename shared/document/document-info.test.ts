import { describe, expect, it } from 'vitest';
import { describeDocument, describesText } from './document-info';

describe('describeDocument', () => {
  it('gives the length in code units and the sha256 of the UTF-8 bytes', () => {
    const info = describeDocument('a.txt', 'abc');
    expect(info).toEqual({
      name: 'a.txt',
      chars: 3,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
    expect(describeDocument('e', '😀').chars).toBe(2);
  });

  it('recognises its text and nothing else, whatever the name', () => {
    const info = describeDocument('a.txt', 'one\r\ntwo');
    expect(describesText({ ...info, name: 'other' }, 'one\r\ntwo')).toBe(true);
    expect(describesText(info, 'one\ntwo')).toBe(false);
    expect(describesText(info, 'one\r\ntwO')).toBe(false);
  });
});
