/**
 * LZWEncode and RunLengthEncode as PDF writers use them, for tests of streams behind those filters
 * (issue 36: LZW and RunLength bombs). The LZW code width follows the decoder's EarlyChange (1 by
 * default: the width grows one code early) and the table is cleared before it fills.
 */

class BitWriter {
  private readonly bytes: number[] = [];
  private cached = 0;
  private bits = 0;
  write(code: number, width: number): void {
    this.cached = (this.cached << width) | code;
    this.bits += width;
    while (this.bits >= 8) {
      this.bits -= 8;
      this.bytes.push((this.cached >>> this.bits) & 0xff);
    }
    this.cached &= (1 << this.bits) - 1;
  }
  done(): Buffer {
    if (this.bits > 0) this.bytes.push((this.cached << (8 - this.bits)) & 0xff);
    return Buffer.from(this.bytes);
  }
}

const CLEAR = 256;
const END_OF_DATA = 257;

export function lzwEncode(data: Uint8Array, earlyChange: 0 | 1 = 1): Buffer {
  const out = new BitWriter();
  // The decoder adds an entry one code behind the encoder: its table is `next` - 1 long when it reads.
  const widthFor = (next: number) => Math.min(12, Math.max(9, Math.floor(Math.log2(next - 1 + earlyChange)) + 1));
  const table = new Map<number, number>();
  let next = 258;
  out.write(CLEAR, 9);
  let current = -1;
  for (const byte of data) {
    if (current < 0) {
      current = byte;
      continue;
    }
    const key = current * 256 + byte;
    const known = table.get(key);
    if (known !== undefined) {
      current = known;
      continue;
    }
    out.write(current, widthFor(next));
    table.set(key, next++);
    if (next >= 4093) {
      out.write(CLEAR, widthFor(next));
      table.clear();
      next = 258;
    }
    current = byte;
  }
  if (current >= 0) out.write(current, widthFor(next));
  out.write(END_OF_DATA, widthFor(current >= 0 && next > 258 ? next + 1 : next));
  return out.done();
}

export function runLengthEncode(data: Uint8Array): Buffer {
  const out: number[] = [];
  let at = 0;
  while (at < data.length) {
    let run = 1;
    while (run < 128 && at + run < data.length && data[at + run] === data[at]) run++;
    if (run > 1) {
      out.push(257 - run, data[at]!);
      at += run;
      continue;
    }
    let literal = 1;
    while (literal < 128 && at + literal < data.length && data[at + literal] !== data[at + literal - 1]) literal++;
    out.push(literal - 1, ...data.subarray(at, at + literal));
    at += literal;
  }
  out.push(128);
  return Buffer.from(out);
}
