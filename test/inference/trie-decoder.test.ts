/**
 * The trie decoder against the grammar, on the tiny fixture model with real node-llama-cpp: for
 * each output layout the three standard profiles do not have, constrained mode with `decoder:
 * 'trie'` must write exactly what the GBNF grammar makes the model write (same text per window,
 * same boundaries and notes), while forcing head tokens without sampling. The standard profiles
 * are compared on real documents (real-documents.ts).
 */
import { describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import type { SegmentationResult } from '../../shared/document/types';
import type { ProfileInput } from '../../shared/profiles/schema';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import { withoutConfidence } from '../support/without-confidence';
import { useTinyEngine } from './tiny-engine';
import { fixtureModelsDir, mobyDickOpening, tinyProfile } from './tiny-profiles';

const text = mobyDickOpening(2400);
const info = describeDocument('moby-dick-opening.txt', text);

const variants: { name: string; strategy: 'simple' | 'topic' | 'summary'; output?: Partial<ProfileInput['output']> }[] = [
  // Variable head lengths (3 to 12 words), a head prefix, heads-only notes and the notes-first layout.
  { name: 'tiny-simple-range', strategy: 'simple', output: { constrained: { headWords: { min: 3, max: 12 }, headPrefix: '# ', maxNoteChars: 40, scope: 'all' } } },
  { name: 'tiny-summary-free-notes', strategy: 'summary', output: { constrained: { headWords: { min: 2, max: 5 }, headPrefix: '', maxNoteChars: 40, scope: 'heads-only' } } },
  { name: 'tiny-topic-notes-first', strategy: 'topic', output: { layout: 'notes-first', constrained: { headWords: { min: 2, max: 6 }, headPrefix: '- ', maxNoteChars: 12, scope: 'all' } } },
];

function variantProfile(v: (typeof variants)[number]): ProfileInput {
  const base = tinyProfile(v.strategy);
  return { ...base, name: v.name, output: { ...base.output, ...v.output } };
}

function run(profile: string, strategy: 'simple' | 'topic' | 'summary', decoder: 'trie' | 'grammar') {
  return runModelStrategy(
    { text, info, strategy, options: { profile, mode: 'constrained', gpu: 'off', threads: 1, decoder } as never },
    {},
    { engine: tiny.engine, profilesDir: tiny.profilesDir, modelsDir: fixtureModelsDir },
  );
}

interface WindowMeta {
  heads: number;
  generatedTokens: number;
  steps?: { forced: number; chosen: number; grammar: number };
}

/** Only the trie reads the model's probabilities, so its confidences are left out of the comparison. */
function outputs(r: SegmentationResult) {
  return { boundaries: r.segmentation.boundaries, notes: withoutConfidence(r.segmentation.notes), warnings: r.warnings.map((w) => w.code) };
}

const tiny = useTinyEngine(() => variants.map(variantProfile));

describe.each(variants)('$name', (v) => {
  it('the trie decoder gives the grammar’s result', async () => {
    const grammar = await run(v.name, v.strategy, 'grammar');
    const trie = await run(v.name, v.strategy, 'trie');
    expect(outputs(trie)).toEqual(outputs(grammar));
    const gw = grammar.meta.windows as WindowMeta[];
    const tw = trie.meta.windows as WindowMeta[];
    expect(tw.map((w) => w.heads)).toEqual(gw.map((w) => w.heads));
    expect(tw.map((w) => w.generatedTokens)).toEqual(gw.map((w) => w.generatedTokens));
    // Something was written, and the trie forced tokens instead of sampling them.
    expect(tw.reduce((n, w) => n + w.heads, 0)).toBeGreaterThan(0);
    const steps = tw.map((w) => w.steps!).filter(Boolean);
    expect(steps.reduce((n, s) => n + s.forced, 0)).toBeGreaterThan(0);
  });
});
