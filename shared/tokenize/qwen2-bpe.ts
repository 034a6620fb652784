/**
 * Qwen2's byte-level BPE in plain TypeScript, giving llama.cpp's `tokenize(text, false)` for plain
 * text (no special-token parsing, no BOS), so Qwen2 counts can run where llama.cpp cannot (a worker
 * thread, issue 36). Each step follows llama.cpp (src/llama-vocab.cpp, src/unicode.cpp of the commit
 * node-llama-cpp 3.21.1 ships), not Python/HF, where the two differ:
 * - the text reaches llama.cpp as UTF-8 made by N-API, which writes a lone surrogate as U+FFFD;
 * - user-defined tokens (Qwen2's "[PAD151646]"…) are split out first even without special-token
 *   parsing, longest text first, each occurrence left to right; control tokens are not;
 * - the pre-tokenizer is unicode_regex_split_custom_qwen2, llama.cpp's hand-written form of
 *   `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
 *   with llama.cpp's whitespace set (WHITESPACE) and its own letter/number table
 *   (llama-unicode-classes.ts), not the JS engine's newer Unicode;
 * - merges by rank, lowest first, leftmost among equals (llama.cpp's priority queue), one at a time.
 */

import { RANGE_CLASSES, RANGE_STARTS } from './llama-unicode-classes';

/** llama.cpp's unicode_set_whitespace (unicode-data.cpp). */
const WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007,
  0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);
const CR = 0x0d;
const LF = 0x0a;
const APOSTROPHE = 0x27;

export interface Qwen2Vocab {
  /** Token texts in id order, byte-level (GPT-2's byte-to-unicode alphabet). */
  tokens: readonly string[];
  /** "left right" pairs, rank order. */
  merges: readonly string[];
  /** The ids of user-defined tokens (GGUF token_type 4), split out before pre-tokenizing. */
  userDefined: readonly number[];
}

/** GPT-2's bytes_to_unicode: printable bytes stand for themselves, the rest move to U+0100 on. */
function byteAlphabet(): string[] {
  const table: string[] = [];
  let next = 256;
  for (let b = 0; b < 256; b++) {
    const printable = (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
    table[b] = String.fromCodePoint(printable ? b : next++);
  }
  return table;
}

const enum Flag {
  None = 0,
  Letter = 1,
  Number = 2,
  Space = 4,
  Other = 8,
}

/** The class table decoded: each range's first code point and its class (0 other, 1 letter, 2 number). */
let starts: Uint32Array | null = null;
let classes: Uint8Array | null = null;
/** The class of every BMP code point, looked up once instead of searched. */
let bmp: Uint8Array | null = null;

function rangeClass(cp: number): number {
  if (!starts || !classes) {
    const deltas = RANGE_STARTS.split(',');
    starts = new Uint32Array(deltas.length);
    let at = 0;
    deltas.forEach((d, i) => (starts![i] = at += parseInt(d, 36)));
    classes = Uint8Array.from(RANGE_CLASSES, (c) => Number(c));
  }
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= cp) lo = mid;
    else hi = mid - 1;
  }
  return classes[lo]!;
}

const CLASS_FLAG = [Flag.Other, Flag.Letter, Flag.Number];

function flagOf(cp: number): Flag {
  if (WHITESPACE.has(cp)) return Flag.Space;
  if (cp < 0x10000) {
    if (!bmp) {
      bmp = new Uint8Array(0x10000);
      for (let c = 0; c < 0x10000; c++) bmp[c] = rangeClass(c);
    }
    return CLASS_FLAG[bmp[cp]!]!;
  }
  return CLASS_FLAG[rangeClass(cp)]!;
}

const lower = (cp: number): number => (cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp);

/** The pieces (code point arrays' [start, end) bounds) of unicode_regex_split_custom_qwen2. */
export function qwen2Pieces(cps: readonly number[]): Array<[number, number]> {
  const n = cps.length;
  const flags = cps.map(flagOf);
  const flag = (i: number): Flag => (i < n ? flags[i]! : Flag.None);
  const out: Array<[number, number]> = [];
  let prev = 0;
  const add = (end: number): number => {
    const len = end - prev;
    if (len > 0) out.push([prev, end]);
    prev = end;
    return len;
  };
  for (let pos = 0; pos < n; ) {
    const cp = cps[pos]!;
    const f = flags[pos]!;
    // (?i:'s|'t|'re|'ve|'m|'ll|'d)
    if (cp === APOSTROPHE && pos + 1 < n) {
      const a = lower(cps[pos + 1]!);
      if (a === 0x73 || a === 0x74 || a === 0x6d || a === 0x64) {
        pos += add(pos + 2);
        continue;
      }
      if (pos + 2 < n) {
        const b = lower(cps[pos + 2]!);
        if ((a === 0x72 && b === 0x65) || (a === 0x76 && b === 0x65) || (a === 0x6c && b === 0x6c)) {
          pos += add(pos + 3);
          continue;
        }
      }
    }
    // [^\r\n\p{L}\p{N}]?\p{L}+
    if (!(cp === CR || cp === LF || f === Flag.Number) && (f === Flag.Letter || flag(pos + 1) === Flag.Letter)) {
      pos++;
      while (flag(pos) === Flag.Letter) pos++;
      add(pos);
      continue;
    }
    // \p{N}
    if (f === Flag.Number) {
      add(++pos);
      continue;
    }
    // <space>?[^\s\p{L}\p{N}]+[\r\n]*
    let f2 = cp === 0x20 ? flag(pos + 1) : f;
    if (!(f2 & (Flag.Space | Flag.Letter | Flag.Number))) {
      if (cp === 0x20) pos++;
      while (f2 !== Flag.None && !(f2 & (Flag.Space | Flag.Letter | Flag.Number))) f2 = flag(++pos);
      while (pos < n && (cps[pos] === CR || cps[pos] === LF)) pos++;
      add(pos);
      continue;
    }
    let spaces = 0;
    let lastBreakEnd = 0;
    while (flag(pos + spaces) === Flag.Space) {
      const c = cps[pos + spaces];
      if (c === CR || c === LF) lastBreakEnd = pos + spaces + 1;
      spaces++;
    }
    // \s*[\r\n]+
    if (lastBreakEnd > 0) {
      pos = lastBreakEnd;
      add(pos);
      continue;
    }
    // \s+(?!\S)
    if (spaces > 1 && pos + spaces < n) {
      pos += spaces - 1;
      add(pos);
      continue;
    }
    // \s+
    if (spaces > 0) {
      pos += spaces;
      add(pos);
      continue;
    }
    add(++pos);
  }
  return out;
}

/** The code points of `text` as N-API's UTF-8 conversion gives them to llama.cpp (lone surrogates as U+FFFD). */
function codePoints(text: string): number[] {
  const cps: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cps.push(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
        i++;
        continue;
      }
    }
    cps.push(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
  }
  return cps;
}

function utf8(cp: number, out: number[]): void {
  if (cp < 0x80) out.push(cp);
  else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
  else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
}

/** Cached pieces kept per encoder; past this the cache starts over (a bound on memory, not a tuning). */
const CACHE_LIMIT = 200_000;

export class Qwen2Bpe {
  private readonly ids = new Map<string, number>();
  private readonly ranks = new Map<string, number>();
  private readonly bytes = byteAlphabet();
  private readonly userDefined: Array<{ text: string; id: number }>;
  private cache = new Map<string, readonly number[]>();

  constructor(vocab: Qwen2Vocab) {
    vocab.tokens.forEach((t, id) => this.ids.set(t, id));
    vocab.merges.forEach((m, rank) => this.ranks.set(m, rank));
    // llama.cpp's cache_special_tokens order: longest text first (stable for equal lengths).
    this.userDefined = vocab.userDefined.map((id) => ({ text: vocab.tokens[id] ?? '', id })).sort((a, b) => b.text.length - a.text.length);
  }

  /** llama.cpp's token ids for `text` as plain text. */
  encode(text: string): number[] {
    const out: number[] = [];
    for (const part of this.partition(text)) {
      if (typeof part === 'number') out.push(part);
      else this.encodePlain(part, out);
    }
    return out;
  }

  count(text: string): number {
    return text.length === 0 ? 0 : this.encode(text).length;
  }

  /** The text cut around user-defined tokens' occurrences (their ids), as tokenizer_st_partition does. */
  private partition(text: string): Array<string | number> {
    let parts: Array<string | number> = [text];
    for (const { text: special, id } of this.userDefined) {
      if (!parts.some((p) => typeof p === 'string' && p.includes(special))) continue;
      const next: Array<string | number> = [];
      for (const p of parts) {
        if (typeof p !== 'string') {
          next.push(p);
          continue;
        }
        let from = 0;
        for (let at = p.indexOf(special); at >= 0; at = p.indexOf(special, from)) {
          if (at > from) next.push(p.slice(from, at));
          next.push(id);
          from = at + special.length;
        }
        if (from < p.length) next.push(p.slice(from));
      }
      parts = next;
    }
    return parts;
  }

  private encodePlain(text: string, out: number[]): void {
    const cps = codePoints(text);
    for (const [start, end] of qwen2Pieces(cps)) {
      const bytes: number[] = [];
      for (let i = start; i < end; i++) utf8(cps[i]!, bytes);
      const piece = bytes.map((b) => this.bytes[b]).join('');
      let ids = this.cache.get(piece);
      if (!ids) {
        ids = this.merge(bytes.map((b) => this.bytes[b]!));
        if (this.cache.size >= CACHE_LIMIT) this.cache = new Map();
        this.cache.set(piece, ids);
      }
      for (const id of ids) out.push(id);
    }
  }

  /**
   * BPE over one piece's byte symbols as llama.cpp does it: a queue of adjacent pairs, the
   * lowest-ranked first, leftmost among equals; a pair whose sides changed since it was queued is
   * skipped. O(n log n): a long run (20,000 spaces) would take seconds with a rescan per merge.
   */
  private merge(symbols: string[]): number[] {
    const text = symbols.slice();
    const prev = symbols.map((_, i) => i - 1);
    const next = symbols.map((_, i) => (i + 1 < symbols.length ? i + 1 : -1));
    const queue = new PairQueue();
    const pair = (left: number, right: number): void => {
      if (left < 0 || right < 0) return;
      const joined = `${text[left]!} ${text[right]!}`;
      const rank = this.ranks.get(joined);
      if (rank !== undefined) queue.push({ rank, left, right, joined });
    };
    for (let i = 0; i + 1 < symbols.length; i++) pair(i, i + 1);
    for (let top = queue.pop(); top; top = queue.pop()) {
      const { left, right, joined } = top;
      // Outdated: a side was merged away or grew since this pair was queued.
      if (text[left] === '' || text[right] === '' || `${text[left]!} ${text[right]!}` !== joined) continue;
      text[left] = text[left]! + text[right]!;
      text[right] = '';
      next[left] = next[right]!;
      if (next[right]! >= 0) prev[next[right]!] = left;
      pair(prev[left]!, left);
      pair(left, next[left]!);
    }
    const syms: string[] = [];
    for (let i = 0; i >= 0 && i < text.length; i = next[i]!) syms.push(text[i]!);
    const ids: number[] = [];
    for (const s of syms) {
      const id = this.ids.get(s);
      if (id !== undefined) ids.push(id);
      // Not in the vocabulary: llama.cpp falls back to the symbol's bytes, each its own token.
      else for (const ch of s) ids.push(this.ids.get(ch) ?? 0);
    }
    return ids;
  }
}

interface Pair {
  rank: number;
  left: number;
  right: number;
  joined: string;
}

/** A binary min-heap of pairs by rank, then by left position (llama.cpp's llm_bigram_bpe order). */
class PairQueue {
  private readonly heap: Pair[] = [];

  private static before(a: Pair, b: Pair): boolean {
    return a.rank < b.rank || (a.rank === b.rank && a.left < b.left);
  }

  push(p: Pair): void {
    const h = this.heap;
    h.push(p);
    for (let i = h.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!PairQueue.before(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  pop(): Pair | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && PairQueue.before(h[l]!, h[m]!)) m = l;
        if (r < h.length && PairQueue.before(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}
