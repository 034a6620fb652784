/**
 * The logic behind segment / eval / convert, in-process: the coverage invariant for every rule
 * strategy on every sample document, in every format; flag-to-option mapping; evaluation wiring.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../support/scratch-dir';
import { isSafeBoundary } from '../../shared/document/text-boundaries';
import { FORMAT_NAMES, readJson, readMarkdown, writeJson, writeMarkdown, writeResult } from '../../shared/formats';
import { RULE_STRATEGIES } from '../../shared/strategies';
import { evaluateFiles } from '../../electron/cli/commands/eval';
import { strategyOptionsFrom } from '../../electron/cli/commands/segment';
import { UserInputError } from '../../electron/cli/errors';
import { loadDocument, loadSegmentationFile } from '../../electron/cli/files';
import { runStrategy, UnknownStrategyError } from '../../electron/services/strategies/run-strategy';
import { REPO_ROOT } from './support/run-cli';

const DOCS = join(REPO_ROOT, 'test/fixtures/docs');
const GOLD = join(REPO_ROOT, 'test/fixtures/gold');
const dir = scratchDir('commands-');

describe('coverage invariant of every rule strategy on every sample document', () => {
  const docs = readdirSync(DOCS).filter((f) => /\.(txt|md)$/.test(f));

  it('has the sample documents the issue asks for', () => {
    expect(docs).toEqual(expect.arrayContaining(['markdown-code.md', 'crlf.txt', 'cjk.txt', 'mixed-unicode.txt', 'plain.txt', 'empty.txt']));
  });

  for (const file of docs) {
    for (const strategy of RULE_STRATEGIES.map((s) => s.name)) {
      for (const maxChars of [undefined, 120]) {
        it(`${strategy}${maxChars ? ` --max-chars ${maxChars}` : ''} on ${file}`, async () => {
          const doc = await loadDocument(join(DOCS, file));
          const result = await runStrategy({ text: doc.text, info: doc.info, strategy, options: { maxChars } });
          // The JSON the CLI prints, read back the way a consumer would.
          // JavaScript slices UTF-16 code units: the file says so.
          const json = JSON.parse(writeJson(result, doc.text, undefined, 'utf16'));
          const segments: { start: number; end: number; text: string }[] = json.segments;
          expect(segments.map((s) => s.text).join('')).toBe(doc.text);
          if (doc.text.length === 0) expect(segments).toEqual([]);
          let offset = 0;
          for (const s of segments) {
            expect(s.start).toBe(offset);
            expect(s.end).toBeGreaterThan(s.start);
            expect(doc.text.slice(s.start, s.end)).toBe(s.text);
            if (s.start > 0) expect(isSafeBoundary(doc.text, s.start)).toBe(true);
            offset = s.end;
          }
          expect(offset).toBe(doc.text.length);
          // An over-long segment is allowed only with a warning at its start (e.g. a code block kept whole).
          const warned = new Set(result.warnings.map((w) => w.offset));
          if (maxChars) for (const s of segments) if (s.end - s.start > maxChars) expect(warned).toContain(s.start);
          // Every format can be written, and the exact ones read back to the same result.
          for (const format of FORMAT_NAMES) expect(typeof writeResult(format, result, doc.text)).toBe('string');
          expect(readJson(file, writeJson(result, doc.text))).toEqual({ text: doc.text, result });
          expect(readMarkdown(file, writeMarkdown(result, doc.text))).toEqual({ text: doc.text, result });
        });
      }
    }
  }
});

describe('runStrategy', () => {
  it('names the valid strategies for an unknown one', async () => {
    const run = runStrategy({ text: 'x', info: { name: 'x', chars: 1, sha256: '' }, strategy: 'magic', options: {} });
    await expect(run).rejects.toThrow(UnknownStrategyError);
    await expect(run).rejects.toThrow("unknown strategy 'magic' (valid: structural, sentence-rules, texttiling, c99, learned, simple, topic, summary)");
  });

  it('gives zero segments for an empty text, even for a model strategy, without loading a model', async () => {
    const result = await runStrategy({ text: '', info: { name: 'e', chars: 0, sha256: '' }, strategy: 'topic', options: {} });
    expect(result.segmentation).toEqual({ boundaries: [], notes: [] });
  });

  it('records options, timing and the tokenizer that counted --max-tokens', async () => {
    // No counter handed in: the Qwen2 vocabulary is loaded (the fallback is tested in max-tokens.test.ts).
    const result = await runStrategy({ text: 'One.\n\nTwo.\n', info: { name: 'd', chars: 11, sha256: '' }, strategy: 'structural', options: { maxChars: 50, maxTokens: 10 } });
    expect(result.meta).toMatchObject({ kind: 'rules', options: { maxChars: 50, maxTokens: 10 } });
    expect(result.meta.tokenizer).toMatch(/ggml-vocab-qwen2\.gguf$/);
    expect(typeof result.meta.elapsedMs).toBe('number');
    expect(result.warnings.map((w) => w.code)).not.toContain('max-tokens-ignored');
  });

  it('honours maxTokens with a token counter', async () => {
    // A stand-in tokenizer counting words: three paragraphs of 4 words each, at most 5 tokens a segment.
    const text = 'one two three four\n\nfive six seven eight\n\nnine ten eleven twelve\n';
    const countTokens = (s: string) => s.split(/\s+/).filter(Boolean).length;
    const result = await runStrategy({ text, info: { name: 'd', chars: text.length, sha256: '' }, strategy: 'structural', options: { maxTokens: 5 }, countTokens });
    expect(result.warnings.map((w) => w.code)).not.toContain('max-tokens-ignored');
    const starts = [0, ...result.segmentation.boundaries];
    const pieces = starts.map((s, i) => text.slice(s, result.segmentation.boundaries[i] ?? text.length));
    expect(pieces.every((p) => countTokens(p) <= 5)).toBe(true);
    expect(pieces.join('')).toBe(text);
  });

  it('stops before starting when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      runStrategy({ text: 'x', info: { name: 'x', chars: 1, sha256: '' }, strategy: 'structural', options: {} }, { signal: controller.signal }),
    ).rejects.toThrow(/cancelled/);
  });
});

describe('segment flags', () => {
  const none = { constrained: false, free: false } as const;

  it('maps model flags to run options', () => {
    expect(strategyOptionsFrom('topic', { ...none, constrained: true, window: 2048, overlap: 256, gpu: 'off', model: 'm.gguf', profile: 'p', 'max-chars': 900 })).toEqual({
      maxChars: 900,
      windowTokens: 2048,
      overlapTokens: 256,
      mode: 'constrained',
      profile: 'p',
      model: 'm.gguf',
      gpu: 'off',
    });
    expect(strategyOptionsFrom('simple', { ...none, free: true })).toEqual({ mode: 'free' });
    expect(strategyOptionsFrom('summary', { ...none, parallel: 4 })).toEqual({ parallel: 4 });
  });

  it('refuses combinations that mean nothing', () => {
    expect(() => strategyOptionsFrom('structural', { ...none, adapter: 'a.gguf' })).toThrow(UserInputError);
    expect(() => strategyOptionsFrom('texttiling', { ...none, constrained: true })).toThrow(/--constrained applies only to the model strategies/);
    expect(() => strategyOptionsFrom('topic', { constrained: true, free: true })).toThrow(/exclude each other/);
    expect(strategyOptionsFrom('c99', { ...none, 'c99-mask': 7, 'c99-coefficient': 0.5 })).toEqual({ c99: { mask: 7, coefficient: 0.5 } });
    expect(() => strategyOptionsFrom('c99', { ...none, 'c99-mask': 8 })).toThrow(/--c99-mask must be an odd whole number/);
    expect(() => strategyOptionsFrom('texttiling', { ...none, 'c99-band': 20 })).toThrow(/--c99-band applies only to the c99 strategy/);
    expect(() => strategyOptionsFrom('topic', { ...none, window: 100, overlap: 100 })).toThrow(/--overlap 100 --window 100: the overlap \(100 tokens\) must be less than half the window/);
    // The runner's own rule (overlap under half the window), refused up front: 60 >= 100 / 2.
    expect(() => strategyOptionsFrom('topic', { ...none, window: 100, overlap: 60 })).toThrow(/must be less than half the window \(100 tokens\)/);
    expect(() => strategyOptionsFrom('structural', { ...none, parallel: 2 })).toThrow(/--parallel applies only to the model strategies/);
    expect(() => strategyOptionsFrom('topic', { ...none, parallel: 2 }, { endpoints: ['http://127.0.0.1:9'] })).toThrow(/--parallel applies only to the local backend; on servers use --concurrency/);
  });

  it('takes --deterministic for the model strategies, alone or with one window at once', () => {
    expect(strategyOptionsFrom('topic', { ...none, deterministic: true })).toEqual({ deterministic: true });
    expect(strategyOptionsFrom('topic', { ...none, deterministic: true, parallel: 1 })).toEqual({ deterministic: true, parallel: 1 });
    expect(strategyOptionsFrom('topic', { ...none, deterministic: true }, { endpoints: ['http://127.0.0.1:9'] })).toEqual({ deterministic: true, backend: 'remote' });
    expect(() => strategyOptionsFrom('topic', { ...none, deterministic: true, parallel: 4 })).toThrow('--deterministic decodes one window at a time; it cannot take --parallel 4');
    expect(() => strategyOptionsFrom('topic', { ...none, deterministic: true, concurrency: 8 }, { endpoints: ['http://127.0.0.1:9'], concurrency: 8 })).toThrow(
      '--deterministic sends one request at a time to each server; it cannot take --concurrency 8',
    );
    expect(() => strategyOptionsFrom('structural', { ...none, deterministic: true })).toThrow(/--deterministic applies only to the model strategies/);
  });
});

describe('eval', () => {
  it('scores a prediction against a WIKI-727K gold file', async () => {
    const gold = await loadSegmentationFile(join(GOLD, 'lighthouse.wiki727k.txt'));
    // A prediction over the same text that keeps the first two gold boundaries and misses the third.
    const [b1, b2] = gold.result.segmentation.boundaries;
    const predPath = join(dir, 'pred.json');
    const pred = { ...gold.result, strategy: 'test', segmentation: { boundaries: [b1!, b2!], notes: [{}, {}, {}] } };
    writeFileSync(predPath, writeJson(pred, gold.text));
    const report = evaluateFiles(gold, await loadSegmentationFile(predPath), {});
    // 3 gold boundaries, 2 predicted, both exact: P = 1, R = 2/3, F1 = 0.8.
    expect(report).toMatchObject({ precision: 1, alignment: 'exact', chars: gold.text.length });
    expect(report.recall).toBeCloseTo(2 / 3, 12);
    expect(report.f1).toBeCloseTo(0.8, 12);
    expect(report.pk).toBeGreaterThan(0);
    expect(report.gold.count).toBe(4);
    expect(report.pred.count).toBe(3);
  });
});
