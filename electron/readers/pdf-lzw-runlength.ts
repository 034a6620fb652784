/**
 * LZWDecode and RunLengthDecode as pdf.js decodes them, to hold a PDF stream behind them to the
 * expanded-characters budget before pdf.js opens the file (issue 36: a bomb behind them was left to
 * the memory budget, while a Flate bomb was refused by its size). LZW reaches about 2,700 bytes per
 * 12-bit code (a table entry of up to 4,096 bytes, repeated), RunLength 128 bytes per two.
 *
 * Both stop at `limit` + 1 bytes. With `keep` false only the size is counted (the last stage of a
 * chain: nothing is kept); with `keep` true the bytes are returned for the next filter. The LZW
 * arithmetic (code widths, EarlyChange, the table full at 4,096 codes, a code past the table) is
 * pdf.js's own (`LZWStream.readBlock`), so the count is what pdf.js would produce.
 */

export interface Decoded {
  /** Bytes produced, limit + 1 once past the limit. */
  size: number;
  /** The bytes, when kept. */
  bytes?: Buffer;
  /** Whether the data's own end-of-data mark was met (not the data's end, nor the limit). */
  ended: boolean;
}

/** Collects bytes up to limit + 1, or only counts them. */
class Output {
  size = 0;
  private readonly chunks: Buffer[] = [];
  private block: Buffer | undefined;
  private used = 0;
  constructor(
    private readonly limit: number,
    private readonly keep: boolean,
  ) {}
  get full(): boolean {
    return this.size > this.limit;
  }
  push(byte: number): void {
    this.size++;
    if (!this.keep) return;
    if (!this.block || this.used === this.block.length) {
      if (this.block) this.chunks.push(this.block);
      this.block = Buffer.allocUnsafe(1 << 16);
      this.used = 0;
    }
    this.block[this.used++] = byte;
  }
  /** `count` bytes of which only the size matters (when not kept). */
  pushMany(bytes: ArrayLike<number>, count: number): void {
    if (!this.keep) {
      this.size += count;
      return;
    }
    for (let i = 0; i < count && !this.full; i++) this.push(bytes[i] ?? 0);
  }
  result(ended: boolean): Decoded {
    const size = Math.min(this.size, this.limit + 1);
    if (!this.keep) return { size, ended };
    if (this.block) this.chunks.push(this.block.subarray(0, this.used));
    return { size, bytes: Buffer.concat(this.chunks).subarray(0, size), ended };
  }
}

const TABLE_SIZE = 4096;

/** LZWDecode (`earlyChange` 1 unless the stream's /DecodeParms say 0), to its EOD code or the data's end. */
export function decodeLzw(data: Uint8Array, limit: number, keep: boolean, earlyChange = 1): Decoded {
  const out = new Output(limit, keep);
  const values = new Uint8Array(TABLE_SIZE);
  const lengths = new Uint16Array(TABLE_SIZE);
  const previous = new Uint16Array(TABLE_SIZE);
  // Each entry's first byte, so that counting need not walk the entry.
  const firsts = new Uint8Array(TABLE_SIZE);
  for (let i = 0; i < 256; i++) {
    values[i] = i;
    lengths[i] = 1;
    firsts[i] = i;
  }
  // pdf.js writes a sequence into 4,096 bytes; a longer one (codes past a full table) counts its length.
  const sequence = new Uint8Array(TABLE_SIZE);
  let sequenceLength = 0;
  let codeLength = 9;
  let nextCode = 258;
  let prevCode = 0;
  let cached = 0;
  let bitsCached = 0;
  let at = 0;
  let ended = false;
  while (!out.full) {
    while (bitsCached < codeLength && at < data.length) {
      cached = ((cached << 8) | data[at++]!) >>> 0;
      bitsCached += 8;
    }
    if (bitsCached < codeLength) break;
    bitsCached -= codeLength;
    const code = (cached >>> bitsCached) & ((1 << codeLength) - 1);
    cached &= (1 << bitsCached) - 1;
    const hasPrevious = sequenceLength > 0;
    if (code < 256) {
      sequence[0] = code;
      sequenceLength = 1;
    } else if (code >= 258) {
      if (code < nextCode) {
        sequenceLength = lengths[code]!;
        if (keep) {
          for (let j = sequenceLength - 1, q = code; j >= 0; j--) {
            sequence[j] = values[q]!;
            q = previous[q]!;
          }
        } else sequence[0] = firsts[code]!;
      } else {
        if (sequenceLength < TABLE_SIZE) sequence[sequenceLength] = sequence[0]!;
        sequenceLength++;
      }
    } else if (code === 256) {
      codeLength = 9;
      nextCode = 258;
      sequenceLength = 0;
      continue;
    } else {
      ended = true; // 257: end of data
      break;
    }
    if (hasPrevious) {
      if (nextCode < TABLE_SIZE) {
        previous[nextCode] = prevCode;
        lengths[nextCode] = lengths[prevCode]! + 1;
        values[nextCode] = sequence[0]!;
        firsts[nextCode] = firsts[prevCode]!;
      }
      nextCode++;
      const next = nextCode + earlyChange;
      if ((next & (next - 1)) === 0) codeLength = Math.min(Math.log2(next) + 1, 12) | 0;
    }
    prevCode = code;
    out.pushMany(sequence, sequenceLength);
  }
  return out.result(ended);
}

/** RunLengthDecode, to its EOD (128) or the data's end. */
export function decodeRunLength(data: Uint8Array, limit: number, keep: boolean): Decoded {
  const out = new Output(limit, keep);
  let at = 0;
  let ended = false;
  while (at + 2 <= data.length && !out.full) {
    const n = data[at]!;
    if (n === 128) {
      ended = true;
      break;
    }
    if (n < 128) {
      const literal = data.subarray(at + 1, Math.min(data.length, at + 2 + n));
      out.pushMany(literal, literal.length);
      at += 1 + literal.length;
    } else {
      const byte = data[at + 1]!;
      for (let i = 257 - n; i > 0 && !out.full; i--) {
        if (keep) out.push(byte);
        else out.size++;
      }
      at += 2;
    }
  }
  // pdf.js reads the end-of-data byte only with one byte after it; alone at the data's end, it ends too.
  return out.result(ended || data[at] === 128);
}
