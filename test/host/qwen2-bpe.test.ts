/**
 * The pure-TypeScript Qwen2 encoder against llama.cpp itself (node-llama-cpp's vocab-only load of
 * the real Qwen2 vocabulary, never mocked): the same token ids for random strings from a mixed
 * alphabet and for real documents, so a count made in a worker thread is the count llama.cpp makes.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Qwen2Bpe } from '../../shared/tokenize/qwen2-bpe';
import { loadQwen2Bpe } from '../../electron/services/tokenizer/qwen2-bpe-vocab';
import { extractQwen2Vocab, qwen2VocabCachePath } from '../../electron/services/tokenizer/qwen2-vocab';
import { leaseVocab, type VocabLease } from '../../electron/services/native/vocab-models';

const REPO = resolve(__dirname, '../..');
let bpe: Qwen2Bpe;
let lease: VocabLease;
const llama = (text: string): number[] => (text.length === 0 ? [] : Array.from(lease.tokenizer.tokenize(text, false)));

beforeAll(async () => {
  const path = resolve(await extractQwen2Vocab(qwen2VocabCachePath(join(REPO, 'models'))));
  lease = await leaseVocab(path);
  const loaded = await loadQwen2Bpe(path);
  if (!loaded) throw new Error('the Qwen2 vocabulary was not recognised');
  bpe = loaded;
}, 120_000);
afterAll(() => lease?.release());

/** Pieces that exercise each branch of llama.cpp's Qwen2 pre-tokenizer and its Unicode edges. */
const PIECES = [
  'a', 'Z', 'word', ' the', 'é', 'ß', 'İ', 'ǅ', '0', '7', '١٢', '½', 'Ⅻ', '²', '一二', // letters, numbers
  ' ', '  ', '\t', '\r', '\n', '\r\n', '\u000b', '\f', '\u00a0', '\u0085', '\u2028', '\u3000', '\u200b', '\u2009', '\u1680', '\u180e', '\ufeff', // whitespace and near-whitespace
  '.', ',', '!?', '...', '--', '(', ')', '"', '`', '$', '+', '<|im_end|>', '<|endoftext|>', '[PAD151650]', '[PAD', '©', '€', '→', // punctuation, symbols, special tokens as text
  "'", "'s", "'S", "'t", "'re", "'RE", "'Ve", "'m", "'ll", "'LL", "'d", "'x", '’s', // contractions
  '中文', '日本語', 'テキスト', '한국어', 'Привет', 'мир', 'Ελληνικά', 'עברית', 'العربية', 'हिन्दी', 'ไทย', // scripts
  '😀', '👍🏽', '👨‍👩‍👧', '🏳️‍🌈', '\u200d', '\ufe0f', '🇩🇪', // emoji, ZWJ, variation selectors, flags
  'e\u0301', '\u0301', '\u0308\u0308', 'ñ', 'n\u0303', // combining marks
  '\ud800', '\udc00', '\udbff', '\ud83d', // lone surrogates
  '\u0000', '\u007f', '\u0378', '\ue000', '\uffff', '\u{10ffff}', '\u{1f9ff}', '\u{2fa1d}', '\u{13460}', '\u{323b0}', // controls, unassigned (to llama.cpp's Unicode, not Node's), private use, planes
];
const mixed = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'grapheme', maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 40 }).map((parts) => parts.join(''));

describe('Qwen2 BPE in TypeScript', () => {
  it('gives llama.cpp’s token ids for random mixed-alphabet strings', () => {
    fc.assert(fc.property(mixed, (text) => {
      expect(bpe.encode(text)).toEqual(llama(text));
    }), { numRuns: 3000 });
  });

  it('gives llama.cpp’s token ids for UTF-16 slices of random strings (cut surrogate pairs included)', () => {
    fc.assert(fc.property(mixed, fc.nat(), fc.nat(), (text, a, b) => {
      const start = text.length ? a % text.length : 0;
      const slice = text.slice(start, start + (b % 30));
      expect(bpe.count(slice)).toBe(llama(slice).length);
    }), { numRuns: 1000 });
  });

  it('gives llama.cpp’s token ids for long runs (one piece of 20,000 characters), in linear-ish time', () => {
    for (const run of [' '.repeat(20_000) + 'x', '.'.repeat(20_000), 'ab'.repeat(10_000), '\r\n'.repeat(10_000), ' \t'.repeat(10_000) + '!', '😀'.repeat(5_000)]) {
      expect(bpe.encode(run)).toEqual(llama(run));
    }
  });

  const DOCS = [
    'node_modules/typescript/README.md', 'node_modules/react/README.md', 'node_modules/vitest/README.md', 'node_modules/fast-check/README.md',
    'node_modules/zod/README.md', 'node_modules/monaco-editor/README.md', 'node_modules/electron/README.md', 'docs/architecture.md', 'README.md',
    // Non-English: TypeScript's localized messages (Japanese, Chinese, Korean, Russian, Polish, Czech).
    'node_modules/typescript/lib/ja/diagnosticMessages.generated.json', 'node_modules/typescript/lib/zh-cn/diagnosticMessages.generated.json',
    'node_modules/typescript/lib/ko/diagnosticMessages.generated.json', 'node_modules/typescript/lib/ru/diagnosticMessages.generated.json',
    'node_modules/typescript/lib/pl/diagnosticMessages.generated.json', 'node_modules/typescript/lib/cs/diagnosticMessages.generated.json',
  ];
  it.each(DOCS)('gives llama.cpp’s token ids for %s', (file) => {
    const text = readFileSync(join(REPO, file), 'utf8').slice(0, 300_000);
    expect(text.length).toBeGreaterThan(200);
    expect(bpe.encode(text)).toEqual(llama(text));
  });
});
