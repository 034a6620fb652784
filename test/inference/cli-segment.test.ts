/**
 * The model part of `segment` as a user runs it: the tiny profiles come from WORKBENCH_PROFILES_DIR,
 * the files from WORKBENCH_MODELS_DIR; the output is the same JSON as the rule strategies.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectUserError, runCli } from '../cli/support/run-cli';
import { withoutConfidence } from '../support/without-confidence';
import { fixtureModelsDir, mobyDickOpening, writeTinyProfiles } from './tiny-profiles';

const text = mobyDickOpening();
let file: string;
/** The first two paragraphs: the decoder flag's plumbing needs a window, not a chapter (the decoders themselves are compared on real documents). */
let shortFile: string;

beforeAll(() => {
  process.env.WORKBENCH_PROFILES_DIR = writeTinyProfiles();
  process.env.WORKBENCH_MODELS_DIR = fixtureModelsDir;
  const dir = mkdtempSync(join(tmpdir(), 'workbench-cli-segment-'));
  file = join(dir, 'opening.txt');
  writeFileSync(file, text);
  shortFile = join(dir, 'first-paragraphs.txt');
  writeFileSync(shortFile, mobyDickOpening(1200));
});

describe('cli segment with a model strategy', () => {
  it('--strategy topic prints segments that each have a topic, and meta names the backend', async () => {
    const run = await runCli(['segment', file, '--strategy', 'topic', '--profile', 'tiny-topic', '--gpu', 'off', '--window', '256', '--overlap', '32', '--threads', '1']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { segments: { text: string; topic?: string }[]; meta: Record<string, unknown> };
    expect(out.segments.map((s) => s.text).join('')).toBe(text);
    for (const s of out.segments) expect(s.topic?.trim()).toBeTruthy();
    expect(out.meta).toMatchObject({ backend: 'cpu', mode: 'constrained', profile: { name: 'tiny-topic' } });
    // One thread for the tiny model on a busy 2-core machine (see model-strategies.test.ts), given as a flag.
    expect(out.meta.threads).toBe(1);
    // The same total-time field as a rule run, set by the shared runner (the Compare chart's time bar).
    expect(out.meta.elapsedMs).toEqual(expect.any(Number));
    expect(out.meta.elapsedMs as number).toBeGreaterThan(0);
  });

  it('--decoder grammar gives what the default trie decoder gives; it needs constrained decoding', async () => {
    const args = ['segment', shortFile, '--strategy', 'simple', '--profile', 'tiny-simple', '--gpu', 'off', '--window', '256', '--overlap', '32', '--threads', '1'];
    const [trie, grammar] = [await runCli([...args, '--decoder', 'trie']), await runCli([...args, '--decoder', 'grammar'])];
    expect(trie.code).toBe(0);
    expect(grammar.code).toBe(0);
    const read = (stdout: string) => JSON.parse(stdout) as { segments: { start: number; end: number; confidence?: number }[]; meta: { decoder?: string } };
    expect(read(trie.stdout).meta.decoder).toBe('trie');
    expect(read(grammar.stdout).meta.decoder).toBe('grammar');
    // Only the trie reads the model's probabilities: its boundaries carry a confidence, the grammar's none.
    expect(read(grammar.stdout).segments).toEqual(withoutConfidence(read(trie.stdout).segments));
    expect(read(grammar.stdout).segments.every((s) => s.confidence === undefined)).toBe(true);
    expect(read(trie.stdout).segments[0]!.confidence).toBeUndefined();
    expectUserError(await runCli([...args, '--decoder', 'grammar', '--free']), /^error: --decoder applies only to constrained decoding/);
    expectUserError(await runCli(['segment', file, '--decoder', 'trie']), /^error: --decoder applies only to the model strategies/);
    expectUserError(await runCli([...args, '--decoder', 'beam']), /^error: .*decoder/);
  }, 180_000); // five CLI starts, two of them decoding: past the default minute on a loaded machine

  it('--threads applies only to the model strategies', async () => {
    const run = await runCli(['segment', file, '--strategy', 'structural', '--threads', '2']);
    expectUserError(run, /^error: --threads applies only to the model strategies/);
  });

  it('a missing profile exits 2 with one line', async () => {
    const run = await runCli(['segment', file, '--strategy', 'summary', '--profile', 'nope', '--gpu', 'off']);
    expectUserError(run, /^error: no profile named 'nope' \(known: [^\n]*\)\n$/);
  });
});
