/**
 * A PDF's Flate streams, inflated once before pdf.js opens the file and counted without being kept:
 * pdf.js inflates a stream into one typed array that doubles as it grows, so one stream that
 * inflates to 400 MB (from 400 KB) peaked at 838 MB and was read, under the memory budget. Each
 * stream is held to the expanded-characters budget (a content stream is the page's text and its
 * operators; a font or an image that large is no document this reader is for), and zlib is stopped
 * at the first byte over it, so a bomb costs what the budget allows, never its size.
 *
 * Streams are found by their `stream` keyword, the dictionary before it read for its `/Filter`, a
 * name or a chain (issue 36: a bomb behind `[/ASCIIHexDecode /FlateDecode]`, or deflated twice,
 * was counted as whatever its first filter gave and left to the memory budget). The chain is
 * decoded in order as far as its filters are cheap to decode here (ASCIIHex, ASCII85, Flate, LZW,
 * RunLength), every stage's output held to the budget; the last stage is counted without being
 * kept. A filter past those (images) ends what is counted: the stages before it were. A
 * stream zlib cannot inflate (damaged data) is left to pdf.js, under the read-memory budget like
 * everything else it does.
 */
import { createInflate, inflateSync } from 'node:zlib';
import { budgetMessage, BudgetError, type Budgets } from '../../shared/budgets/budgets';
import { decodeLzw, decodeRunLength } from './pdf-lzw-runlength';

const STREAM = Buffer.from('stream');
const END = Buffer.from('end');
/** How far back the stream's dictionary is looked for: dictionaries are a few hundred bytes. */
const DICTIONARY_WINDOW = 4096;
/** `/Filter /Name` or `/Filter [/A /B]`. */
const FILTER = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/;
const ENDSTREAM = Buffer.from('endstream');

type Filter = 'flate' | 'hex' | 'a85' | 'lzw' | 'rl' | 'other';
/** The filters that can give more bytes than they read by more than a few times. */
const EXPANDING: readonly Filter[] = ['flate', 'lzw', 'rl'];
/** `/EarlyChange 0` in the stream's /DecodeParms (1, the default, otherwise). */
const EARLY_CHANGE_0 = /\/EarlyChange\s+0(?![0-9])/;

const FILTER_NAMES: Record<string, Filter> = {
  FlateDecode: 'flate',
  Fl: 'flate',
  ASCIIHexDecode: 'hex',
  AHx: 'hex',
  ASCII85Decode: 'a85',
  A85: 'a85',
  LZWDecode: 'lzw',
  LZW: 'lzw',
  RunLengthDecode: 'rl',
  RL: 'rl',
};

/** The filters a dictionary names, in the order they decode. */
export function filterChain(dictionary: string): Filter[] {
  const match = FILTER.exec(dictionary);
  if (!match) return [];
  return (match[1]!.match(/\/[A-Za-z0-9]+/g) ?? []).map((name) => FILTER_NAMES[name.slice(1)] ?? 'other');
}

/** How many bytes zlib inflates `data` to, stopping once past `limit` (then limit + 1); null when it is no zlib stream. */
function inflatedSize(data: Uint8Array, limit: number): Promise<number | null> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(limit + 1);
      }
    });
    inflate.on('end', () => resolve(size));
    // Damaged data, or not zlib from here: pdf.js decides what to make of it.
    inflate.on('error', () => resolve(size > limit ? limit + 1 : null));
    inflate.end(data);
  });
}

const isWhite = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/** ASCIIHexDecode up to its `>`: half the input at most. */
export function decodeHex(data: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(Math.ceil(data.length / 2));
  let length = 0;
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e) break;
    if (isWhite(byte)) continue;
    const digit = byte <= 0x39 ? byte - 0x30 : (byte | 0x20) - 0x57;
    if (digit < 0 || digit > 15) break;
    if (high < 0) high = digit;
    else {
      out[length++] = (high << 4) | digit;
      high = -1;
    }
  }
  if (high >= 0) out[length++] = high << 4;
  return out.subarray(0, length);
}

/** ASCII85Decode up to its `~>`: at most four bytes per input byte (`z`), `limit` + 1 at most. */
export function decodeAscii85(data: Uint8Array, limit: number): Buffer {
  const chunks: Buffer[] = [];
  let block = Buffer.allocUnsafe(1 << 16);
  let length = 0;
  let total = 0;
  const put = (byte: number) => {
    if (length === block.length) {
      chunks.push(block);
      block = Buffer.allocUnsafe(1 << 16);
      length = 0;
    }
    block[length++] = byte;
    total++;
  };
  let group = 0;
  let count = 0;
  // Some writers open the data with `<~`, as PostScript does.
  const body = data[0] === 0x3c && data[1] === 0x7e ? data.subarray(2) : data;
  for (const byte of body) {
    if (total > limit) break;
    if (byte === 0x7e) break;
    if (isWhite(byte)) continue;
    if (byte === 0x7a && count === 0) {
      for (let i = 0; i < 4; i++) put(0);
      continue;
    }
    if (byte < 0x21 || byte > 0x75) break;
    group = group * 85 + (byte - 0x21);
    if (++count === 5) {
      for (let shift = 24; shift >= 0; shift -= 8) put((group >>> shift) & 0xff);
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let i = count; i < 5; i++) group = group * 85 + 84;
    for (let i = 0; i < count - 1; i++) put((group >>> (24 - 8 * i)) & 0xff);
  }
  chunks.push(block.subarray(0, length));
  return Buffer.concat(chunks);
}

/**
 * The most bytes one stage of the chain gives (limit + 1 once past the budget), or null where it
 * cannot be told (no expanding filter to count, data zlib refuses). `earlyChange` is LZW's. Unless
 * `whole` (the data runs to the file's end), an LZW or RunLength stage that ends without its
 * end-of-data mark is null too: its data may have been cut short at `endstream` bytes inside it.
 */
export async function decodedSize(data: Uint8Array, chain: readonly Filter[], limit: number, earlyChange = 1, whole = false): Promise<number | null> {
  const cheap = chain.slice(0, (chain.indexOf('other') + 1 || chain.length + 1) - 1);
  let last = cheap.length - 1;
  while (last >= 0 && !EXPANDING.includes(cheap[last]!)) last--;
  if (last < 0) return null;
  let most = 0;
  let current: Uint8Array = data;
  for (let i = 0; i <= last; i++) {
    const filter = cheap[i];
    const keep = i < last;
    if (filter === 'hex') current = decodeHex(current);
    else if (filter === 'a85') current = decodeAscii85(current, limit);
    else if (filter === 'lzw' || filter === 'rl') {
      const decoded = filter === 'lzw' ? decodeLzw(current, limit, keep, earlyChange) : decodeRunLength(current, limit, keep);
      if (decoded.size > limit) return limit + 1;
      if (!decoded.ended && !whole) return null;
      most = Math.max(most, decoded.size);
      if (!keep) return most;
      current = decoded.bytes!;
    } else if (!keep) {
      const size = await inflatedSize(current, limit);
      return size === null ? null : Math.max(most, size);
    } else {
      try {
        // zlib stops at the stream's end; one byte more than the budget is the breach.
        current = inflateSync(current, { maxOutputLength: limit + 1 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return limit + 1;
        return null;
      }
    }
    if (current.length > limit) return limit + 1;
    most = Math.max(most, current.length);
  }
  return most;
}

/** The byte offsets where each stream's data starts, with its filters. */
function* streams(pdf: Buffer): Generator<{ start: number; chain: Filter[]; earlyChange: number }> {
  let at = pdf.indexOf(STREAM);
  while (at !== -1) {
    const isEnd = at >= END.length && pdf.subarray(at - END.length, at).equals(END);
    if (!isEnd) {
      let start = at + STREAM.length;
      if (pdf[start] === 0x0d) start++;
      if (pdf[start] === 0x0a) start++;
      const window = pdf.toString('latin1', Math.max(0, at - DICTIONARY_WINDOW), at);
      const dictionary = window.slice(Math.max(0, window.lastIndexOf('obj')));
      yield { start, chain: filterChain(dictionary), earlyChange: EARLY_CHANGE_0.test(dictionary) ? 0 : 1 };
    }
    at = pdf.indexOf(STREAM, at + STREAM.length);
  }
}

/** Throws the expanded-characters budget's BudgetError for the first stream whose filters decode past it. */
export async function checkPdfStreams(name: string, bytes: Uint8Array, budgets: Budgets): Promise<void> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const limit = budgets.expandedChars;
  for (const { start, chain, earlyChange } of streams(pdf)) {
    if (!chain.some((filter) => EXPANDING.includes(filter))) continue;
    // The data up to the next `endstream` (pdf.js's own guess where /Length is wrong; /Length is not
    // trusted: it may lie). Should that cut the data short (the bytes `endstream` inside it), the rest
    // of the file: each filter stops at its own end of data.
    const end = pdf.indexOf(ENDSTREAM, start);
    let size = end === -1 ? null : await decodedSize(pdf.subarray(start, end), chain, limit, earlyChange);
    if (size === null) size = await decodedSize(pdf.subarray(start), chain, limit, earlyChange, true);
    if (size !== null && size > limit) {
      const through = chain.length > 1 ? ' through its filters' : '';
      const [verb, counting] = chain.includes('flate') ? ['inflates', 'inflating'] : ['decodes', 'decoding'];
      const finding = `the stream at byte ${start} ${verb}${through} to more than ${limit} characters (counted while ${counting})`;
      throw new BudgetError('expandedChars', budgetMessage('expandedChars', name, limit, finding));
    }
  }
}
