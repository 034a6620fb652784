/**
 * LZW and RunLength bombs (issue 36): a stream behind /LZWDecode or /RunLengthDecode was not
 * counted (only Flate chains were), so one that decodes to more than --max-expanded-chars was left
 * to pdf.js and the memory budget. Each is now decoded as pdf.js decodes it and held to the
 * budget before pdf.js opens the file; ordinary pages behind these filters are still read.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BudgetError, resolveBudgets } from '../../shared/budgets/budgets';
import { makeRawPdf } from '../../test/support/make-raw-pdf';
import { lzwEncode, runLengthEncode } from '../../test/support/pdf-encoders';
import { refusal } from '../../test/support/refusal';
import { readDocumentBytes } from './index';
import { decodeLzw, decodeRunLength } from './pdf-lzw-runlength';
import { decodedSize, filterChain } from './pdf-streams';

const budgets = resolveBudgets({ expandedChars: 10_000_000 });
const refusedAs = (verb: 'decodes' | 'inflates', through: boolean) =>
  new RegExp(
    `^bomb\\.pdf: the stream at byte \\d+ ${verb}${through ? ' through its filters' : ''} to more than 10000000 characters \\(counted while ${verb === 'decodes' ? 'decoding' : 'inflating'}\\), over the expanded-characters limit of 10000000 characters \\(raise it with --max-expanded-chars N\\)$`,
  );

/** Text with runs and without: every code width and both RunLength shapes. */
function sample(): Buffer {
  const parts: Buffer[] = [];
  let seed = 7;
  for (let i = 0; i < 3000; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    parts.push(seed % 5 === 0 ? Buffer.alloc(seed % 300, 0x41 + (seed % 26)) : Buffer.from(`word${seed % 97} `));
  }
  return Buffer.concat(parts);
}

const page = (text: string) => Buffer.from(`BT /F1 12 Tf 72 700 Td (${text}) Tj ET`);

describe('LZWDecode and RunLengthDecode', () => {
  it('decode what their encoders wrote (LZW with EarlyChange 1 and 0, past a table clear), and count the same size', () => {
    const data = sample();
    expect(data.length).toBeGreaterThan(40_000);
    for (const early of [1, 0] as const) {
      const encoded = lzwEncode(data, early);
      expect(decodeLzw(encoded, 1e9, true, early)).toEqual({ size: data.length, bytes: data, ended: true });
      expect(decodeLzw(encoded, 1e9, false, early)).toEqual({ size: data.length, ended: true });
    }
    const runs = runLengthEncode(data);
    expect(decodeRunLength(runs, 1e9, true)).toEqual({ size: data.length, bytes: data, ended: true });
    expect(decodeRunLength(runs, 1e9, false)).toEqual({ size: data.length, ended: true });
  });

  it('stop one byte past the limit', () => {
    const data = Buffer.alloc(1_000_000, 0x20);
    expect(decodeLzw(lzwEncode(data), 1000, true)).toMatchObject({ size: 1001, ended: false });
    expect(decodeLzw(lzwEncode(data), 1000, true).bytes).toHaveLength(1001);
    expect(decodeRunLength(runLengthEncode(data), 1000, false)).toEqual({ size: 1001, ended: false });
  });

  it('are named in a filter chain, abbreviations included', () => {
    expect(filterChain('<< /Filter [/LZW /RL /LZWDecode /RunLengthDecode /DCTDecode] >>')).toEqual(['lzw', 'rl', 'lzw', 'rl', 'other']);
  });

  it('cut short without their end of data (`endstream` bytes inside the data) are counted to the file\'s end', async () => {
    const bomb = runLengthEncode(Buffer.alloc(12_000_000, 0x20));
    const cut = bomb.subarray(0, 1000);
    expect(await decodedSize(cut, ['rl'], 10_000_000)).toBeNull();
    expect(await decodedSize(cut, ['rl'], 10_000_000, 1, true)).toBe(64_000);
    expect(await decodedSize(bomb, ['rl'], 10_000_000)).toBe(10_000_001);
  });
});

describe('an LZW or RunLength bomb is refused at the expanded-characters budget', () => {
  const spaces = () => Buffer.alloc(12_000_000, 0x20);
  it.each([
    ['/LZWDecode', () => lzwEncode(spaces()), 'decodes', false],
    ['/LZW (EarlyChange 0)', () => lzwEncode(spaces(), 0), 'decodes', false],
    ['/RunLengthDecode', () => runLengthEncode(spaces()), 'decodes', false],
    ['[/ASCIIHexDecode /LZWDecode]', () => Buffer.from(lzwEncode(spaces()).toString('hex') + '>', 'latin1'), 'decodes', true],
    ['[/LZWDecode /FlateDecode]', () => lzwEncode(deflateSync(spaces())), 'inflates', true],
    ['[/FlateDecode /RunLengthDecode]', () => deflateSync(runLengthEncode(spaces())), 'inflates', true],
    // A literal run holding the bytes `endstream` first: the data is not cut there.
    ['/RL, `endstream` inside', () => Buffer.concat([Buffer.from([8]), Buffer.from('endstream'), runLengthEncode(spaces())]), 'decodes', false],
  ] as const)('%s', { timeout: 120_000 }, async (filter, content, verb, through) => {
    const early = filter.includes('EarlyChange 0');
    const name = filter.split(/ [(,]/)[0]!;
    const pdf = makeRawPdf([{ content: content(), filter: early ? `${name} /DecodeParms << /EarlyChange 0 >>` : name }]);
    expect(pdf.length).toBeLessThan(250_000);
    const err = await refusal(readDocumentBytes('bomb.pdf', pdf, budgets));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toMatch(refusedAs(verb, through));
  });

  it('pages behind LZW, RunLength and LZW after Flate are read, by pdf.js, to their text', { timeout: 120_000 }, async () => {
    const pdf = makeRawPdf([
      { content: lzwEncode(page('Behind LZW the text stays.')), filter: '/LZWDecode' },
      { content: runLengthEncode(page('Behind RunLength it stays tooooooo.')), filter: '/RunLengthDecode' },
      { content: lzwEncode(deflateSync(page('Behind both it stays.'))), filter: '[/LZWDecode /FlateDecode]' },
    ]);
    const document = await readDocumentBytes('pages.pdf', pdf, budgets);
    expect(document.text).toContain('Behind LZW the text stays.');
    expect(document.text).toContain('Behind RunLength it stays tooooooo.');
    expect(document.text).toContain('Behind both it stays.');
  });
});
