/**
 * A Flate bomb behind a filter chain (issue 36): `[/ASCIIHexDecode /FlateDecode]`, ASCII85 before
 * Flate, or a stream deflated twice was counted as what its first filter gave and left to the
 * memory budget. Each stage of the chain is decoded and held to --max-expanded-chars before pdf.js
 * opens the file; ordinary chained pages are still read.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BudgetError, resolveBudgets } from '../../shared/budgets/budgets';
import { flateBomb } from '../../test/support/hostile-files';
import { makeRawPdf } from '../../test/support/make-raw-pdf';
import { refusal } from '../../test/support/refusal';
import { readDocumentBytes } from './index';
import { decodeAscii85, decodedSize, decodeHex, filterChain } from './pdf-streams';

const hex = (data: Uint8Array) => Buffer.from(Buffer.from(data).toString('hex').replace(/(.{64})/g, '$1\n') + '>', 'latin1');

/** ASCII85 as PostScript writes it (`z` for four zero bytes), ended by `~>`. */
function ascii85(data: Uint8Array): Buffer {
  let out = '';
  for (let at = 0; at < data.length; at += 4) {
    const piece = Buffer.alloc(4);
    Buffer.from(data.subarray(at, at + 4)).copy(piece);
    const n = Math.min(4, data.length - at);
    let value = piece.readUInt32BE(0);
    if (value === 0 && n === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let i = 0; i < 5; i++) {
      digits.unshift(String.fromCharCode(0x21 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

const budgets = resolveBudgets({ expandedChars: 10_000_000 });
const EXPECTED = /^bomb\.pdf: the stream at byte \d+ inflates through its filters to more than 10000000 characters \(counted while inflating\), over the expanded-characters limit of 10000000 characters \(raise it with --max-expanded-chars N\)$/;

describe('the filters a PDF stream names', () => {
  it('are read as a name or a chain, abbreviations included', () => {
    expect(filterChain('<< /Length 10 /Filter /FlateDecode >>')).toEqual(['flate']);
    expect(filterChain('<< /Filter [/AHx /Fl] /Length 10 >>')).toEqual(['hex', 'flate']);
    expect(filterChain('<< /Filter [ /ASCII85Decode/LZWDecode /FlateDecode ] >>')).toEqual(['a85', 'lzw', 'flate']);
    expect(filterChain('<< /Length 10 >>')).toEqual([]);
  });

  it('ASCIIHex and ASCII85 decode what their encoders wrote, stopping at their end of data', () => {
    const data = Buffer.concat([Buffer.from('Hello, filters!'), Buffer.alloc(9), Buffer.from([255, 1, 2])]);
    expect(decodeHex(Buffer.concat([hex(data), Buffer.from('garbage after')]))).toEqual(data);
    for (let cut = 0; cut <= data.length; cut++) {
      expect(decodeAscii85(Buffer.concat([ascii85(data.subarray(0, cut)), Buffer.from('garbage')]), 1e6)).toEqual(data.subarray(0, cut));
    }
    expect(decodeAscii85(Buffer.concat([Buffer.from('<~'), ascii85(data)]), 1e6)).toEqual(data);
  });

  it('a filter it does not decode ends the count; the stages before it were counted', async () => {
    const bomb = flateBomb(12);
    expect(await decodedSize(bomb, ['flate', 'other'], 10_000_000)).toBe(10_000_001);
    expect(await decodedSize(bomb, ['other', 'flate'], 10_000_000)).toBeNull();
    expect(await decodedSize(deflateSync(Buffer.from('small')), ['flate', 'flate'], 10_000_000)).toBeNull();
  });
});

describe('a Flate bomb behind another filter is refused at the expanded-characters budget', () => {
  it.each([
    ['[/ASCIIHexDecode /FlateDecode]', () => hex(flateBomb(12))],
    ['[/A85 /Fl]', () => ascii85(flateBomb(12))],
    ['[/FlateDecode /FlateDecode] (deflated twice)', () => deflateSync(flateBomb(12))],
    ['[/AHx /FlateDecode /FlateDecode]', () => hex(deflateSync(flateBomb(12)))],
  ])('%s', { timeout: 120_000 }, async (filter, content) => {
    const pdf = makeRawPdf([{ content: content(), filter: filter.split(' (')[0]! }]);
    expect(pdf.length).toBeLessThan(40_000);
    const err = await refusal(readDocumentBytes('bomb.pdf', pdf, budgets));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toMatch(EXPECTED);
  });

  it('a page behind [/ASCIIHexDecode /FlateDecode] within the budget is read', { timeout: 120_000 }, async () => {
    const content = hex(deflateSync(Buffer.from('BT /F1 12 Tf 72 700 Td (Hello through two filters.) Tj ET')));
    const doc = await readDocumentBytes('chain.pdf', makeRawPdf([{ content, filter: '[/ASCIIHexDecode /FlateDecode]' }]), budgets);
    expect(doc.text).toBe('Hello through two filters.\n');
  });
});
