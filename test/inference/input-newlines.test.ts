/**
 * `input.newlines: space` (the seed's models never saw a newline in training): a document with line
 * breaks and its copy with every line break replaced by a space give the model the same tokens and
 * get the same boundaries, on the tiny fixture model with real node-llama-cpp; the segmentation
 * still covers the original text, line breaks included.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { assertValidSegmentation } from '../../shared/document/segmentation';
import { modelInputText } from '../../shared/profiles/input';
import { sentenceStarts } from '../../shared/text/sentences';
import { documentUnits } from '../../electron/services/inference/plan/document-units';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import { leaseVocab } from '../../electron/services/native/vocab-models';
import { useTinyEngine } from './tiny-engine';
import { fixtureModelsDir, mobyDickOpening, tinyModelPath, tinyProfile } from './tiny-profiles';

const withBreaks = mobyDickOpening(2400).replace(/\n\n/, '\r\n');
const spaced = withBreaks.replace(/[\r\n\u2028\u2029]/g, ' ');
const tiny = useTinyEngine(() => [{ ...tinyProfile('simple'), name: 'tiny-simple-spaces', input: { newlines: 'space' as const } }]);

function run(text: string, profile: string) {
  return runModelStrategy(
    { text, info: describeDocument('doc.txt', text), strategy: 'simple', options: { profile, mode: 'constrained', gpu: 'off', threads: 1 } as never },
    {},
    { engine: tiny.engine, profilesDir: tiny.profilesDir, modelsDir: fixtureModelsDir },
  );
}

describe('input.newlines: space', () => {
  it('maps every line break to one space, keeping the length', () => {
    expect(modelInputText('a\r\nb\u2028c\u2029d\ne', { newlines: 'space' })).toBe('a  b c d e');
    expect(modelInputText('a\nb', { newlines: 'keep' })).toBe('a\nb');
    expect(withBreaks).toMatch(/\n/);
    expect(spaced).toHaveLength(withBreaks.length);
    // The precondition of the comparison below: both texts have the same sentence starts.
    expect(sentenceStarts(spaced)).toEqual(sentenceStarts(withBreaks));
  });

  it('gives the model the same tokens and the same boundary offsets as the spaced copy', async () => {
    // The model file's own vocabulary (the native owner's tokenizer of it: the same tokens as the loaded model's).
    const { tokenizer: model, release } = await leaseVocab(tinyModelPath);
    onTestFinished(release);
    const tokenize = (s: string) => model.tokenize(s);
    const units = documentUnits(withBreaks, tokenize, 128, modelInputText(withBreaks, { newlines: 'space' }));
    const copyUnits = documentUnits(spaced, tokenize, 128);
    expect(units.map((u) => u.tokens)).toEqual(copyUnits.map((u) => u.tokens));
    // The units' tokens are the tokens of the whole spaced text.
    expect(units.flatMap((u) => u.tokens)).toEqual(model.tokenize(spaced));

    const original = await run(withBreaks, 'tiny-simple-spaces');
    const copy = await run(spaced, 'tiny-simple');
    assertValidSegmentation(withBreaks, original.segmentation);
    // Same prompt tokens (what the KV cache kept from an earlier run may differ).
    const counts = (r: typeof original) => {
      const t = r.meta.tokens;
      return [t.document, t.template, t.prompt, t.generated, r.meta.windows.map((w) => w.promptTokens)];
    };
    expect(counts(original)).toEqual(counts(copy));
    expect(original.segmentation.boundaries.length).toBeGreaterThan(0);
    expect(original.segmentation.boundaries).toEqual(copy.segmentation.boundaries);
    // Keeping the line breaks gives the model other tokens.
    const kept = await run(withBreaks, 'tiny-simple');
    expect(kept.meta.tokens.document).not.toBe(original.meta.tokens.document);
  });
});
