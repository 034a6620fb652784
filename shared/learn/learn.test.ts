import { describe, expect, it } from 'vitest';
import { assertValidSegmentation } from '../document/segmentation';
import { crossValidate } from './cross-validate';
import { decodeCuts } from './decode';
import { fitLengthPrior } from './length-prior';
import { fitLogistic, sigmoid } from './logistic';
import { LearnedModelError, MODEL_FEATURE_NAMES, parseLearnedModel, prepareDocument, trainModel, trainPrepared, topFeatures, type TrainingDocument } from './model';
import { segmentWithModel } from './segment';
import { candidateFeatures, FEATURE_NAMES } from './features';
import { seededRandom as random } from '../util/seeded-random';

const TOPICS = [
  'whale harpoon ocean sailor captain voyage ship deck mast',
  'budget taxes revenue congress spending deficit treasury economy',
  'install package module import function config option build',
  'garden flower soil water seed plant bloom spring',
  'engine piston fuel wheel brake gear motor speed',
];

/**
 * Documents of sections about one topic each; each section starts with a short title-like line
 * after a blank line, and its paragraphs are also separated by blank lines (so a blank line alone
 * does not mark a section).
 */
function makeDocument(seed: number, sections = 5): TrainingDocument {
  const rand = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  let text = '';
  const boundaries: number[] = [];
  let previous = -1;
  for (let s = 0; s < sections; s++) {
    let topic = Math.floor(rand() * TOPICS.length);
    if (topic === previous) topic = (topic + 1) % TOPICS.length;
    previous = topic;
    const words = (TOPICS[topic] as string).split(' ');
    if (s > 0) {
      text += '\n\n';
      boundaries.push(text.length);
    }
    text += `Notes on ${pick(words)}\n\n`;
    const paragraphs = 2 + Math.floor(rand() * 3);
    for (let p = 0; p < paragraphs; p++) {
      const sentences = Array.from({ length: 3 }, () => {
        const body = Array.from({ length: 8 }, () => pick(words)).join(' ');
        return body.charAt(0).toUpperCase() + body.slice(1) + '.';
      });
      text += sentences.join(' ') + (p < paragraphs - 1 ? '\n\n' : '');
    }
  }
  return { name: `synthetic-${seed}.md`, text, boundaries };
}

describe('logistic regression', () => {
  it('recovers the sign and order of true weights', () => {
    const rand = random(1);
    const rows: number[][] = [];
    const labels: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const x = [rand() * 2 - 1, rand() * 2 - 1, rand() * 2 - 1];
      rows.push(x);
      labels.push(rand() < sigmoid(-1 + 3 * (x[0] as number) - 2 * (x[1] as number)) ? 1 : 0);
    }
    const { weights } = fitLogistic(rows, labels, 0.01);
    expect(weights[1]).toBeGreaterThan(2);
    expect(weights[2]).toBeLessThan(-1);
    expect(Math.abs(weights[3] as number)).toBeLessThan(0.5);
  });
});

describe('rare-word change (tf-idf)', () => {
  it('finds a change of topic that words common to the whole document drown in the plain word change', () => {
    // Every sentence is mostly the document's common words; only two topic words change at the seam.
    const common = 'government people nation congress government people nation congress';
    const sentence = (topic: string) => `The ${common} ${topic}.`;
    const first = Array.from({ length: 6 }, () => sentence('harbor ships')).join(' ');
    const second = Array.from({ length: 6 }, () => sentence('wheat farms')).join(' ');
    const text = `${first} ${second}`;
    const seam = first.length + 1;
    const { offsets, rows } = candidateFeatures(text);
    const column = (name: string) => rows.map((row) => row[FEATURE_NAMES.indexOf(name)] as number);
    const at = offsets.indexOf(seam);
    const rare = column('rare-word change over 3 sentences (tf-idf)');
    const plain = column('word change over 3 sentences');
    // The seam is the rare-word change's one clear peak...
    expect(rare[at]).toBe(Math.max(...rare));
    expect(rare.filter((v) => v > 0.75)).toEqual([rare[at]]);
    // ...and stands out far more than in the plain word change, where the common words keep it low.
    expect(rare[at] as number).toBeGreaterThan(3 * (plain[at] as number));
  });
});

describe('decoding with a length prior', () => {
  it('does not over-split: weak scores everywhere give segments of about the typical length', () => {
    const offsets = Array.from({ length: 99 }, (_, i) => (i + 1) * 10);
    const prior = fitLengthPrior([200, 200, 200], 1);
    const cuts = decodeCuts(1000, offsets, offsets.map(() => 0.5), prior);
    expect(cuts.length).toBeGreaterThanOrEqual(3);
    expect(cuts.length).toBeLessThanOrEqual(7);
  });

  it('takes strong cuts and leaves strongly negative ones', () => {
    const offsets = [100, 200, 300, 400];
    const prior = fitLengthPrior([100, 200, 300], 0.1);
    expect(decodeCuts(500, offsets, [-10, 8, -10, -10], prior)).toEqual([200]);
  });
});

describe('the learned model', () => {
  const training = [1, 2, 3, 4, 5, 6].map((seed) => makeDocument(seed));

  it('learns that a title-like line after a blank line starts a section, and finds the sections of unseen documents', () => {
    const model = trainModel(training, '2026-01-01T00:00:00.000Z');
    expect(model.features.map((f) => f.name)).toEqual(MODEL_FEATURE_NAMES);
    expect(model.trainedOn.map((d) => d.name)).toEqual(training.map((d) => d.name));
    const heading = model.features.find((f) => f.name === 'heading-like line');
    expect(heading?.weight).toBeGreaterThan(0.5);
    // The learned line-kind transitions say the same, readably: after a paragraph and a blank line, a title opens a section.
    const [cuts, seen] = model.transitions.words['prose > heading, 1 blank'] ?? [0, 0];
    expect(cuts / seen).toBeGreaterThan(5 * model.transitions.baseRate);
    expect(topFeatures(model, 3).length).toBe(3);
    let found = 0;
    let gold = 0;
    for (const seed of [101, 102, 103]) {
      const doc = makeDocument(seed);
      const { segmentation } = segmentWithModel(doc.text, model);
      assertValidSegmentation(doc.text, segmentation);
      // Every boundary it made carries the classifier's probability there (confidence.ts).
      for (const note of segmentation.notes.slice(1)) expect(note.confidence).toBeGreaterThanOrEqual(0);
      for (const note of segmentation.notes.slice(1)) expect(note.confidence).toBeLessThanOrEqual(1);
      expect(segmentation.notes[0]?.confidence).toBeUndefined();
      found += doc.boundaries.filter((b) => segmentation.boundaries.includes(b)).length;
      gold += doc.boundaries.length;
    }
    expect(found / gold).toBeGreaterThanOrEqual(0.8);
  });

  it('trains the same model when its documents are too long to keep their decoding tables (rows streamed)', () => {
    const prepared = training.map((d) => prepareDocument(d));
    const at = '2026-01-01T00:00:00.000Z';
    expect(trainPrepared(prepared, at, true, 0)).toEqual(trainPrepared(prepared, at));
  });

  it('reads back its own JSON, and refuses what is not a model with one line', () => {
    const model = trainModel(training.slice(0, 2));
    expect(parseLearnedModel(JSON.stringify(model), 'm.json')).toEqual(model);
    expect(() => parseLearnedModel('{', 'm.json')).toThrow(new LearnedModelError('m.json is not JSON'));
    expect(() => parseLearnedModel('{"format":"x"}', 'm.json')).toThrow(/m.json is not a learned model \(format/);
    const renamed = { ...model, features: model.features.map((f, i) => (i === 0 ? { ...f, name: 'old feature' } : f)) };
    expect(() => parseLearnedModel(JSON.stringify(renamed), 'm.json')).toThrow(/other features/);
    // A model file of an older format (version 1: no segment cohesion weight, no line-kind transitions) is refused, not misread.
    const { cohesionWeight: _, transitions: __, ...older } = { ...model, version: 1 };
    expect(() => parseLearnedModel(JSON.stringify(older), 'm.json')).toThrow(new LearnedModelError('m.json is a learned model of format version 1; this version reads 2: train it again'));
  });

  it("weighs other strategies' cuts only when the training option asks, and reads either model back", () => {
    const at = '2026-01-01T00:00:00.000Z';
    const cutNames = ['texttiling cuts here', 'c99 cuts here', 'c99 splits here early'];
    const withCuts = trainModel(training, at, { strategyCuts: true });
    const without = trainModel(training, at, { strategyCuts: false });
    expect(withCuts.training.strategyCuts).toBe(true);
    expect(without.training.strategyCuts).toBe(false);
    expect(withCuts.features.map((f) => f.name)).toEqual(expect.arrayContaining(cutNames));
    expect(without.features.map((f) => f.name).filter((name) => cutNames.includes(name))).toEqual([]);
    expect(without.features.length).toBe(withCuts.features.length - cutNames.length);
    for (const model of [withCuts, without]) {
      expect(parseLearnedModel(JSON.stringify(model), 'm.json')).toEqual(model);
      const doc = makeDocument(101);
      assertValidSegmentation(doc.text, segmentWithModel(doc.text, model).segmentation);
    }
    // A file written before the option existed weighed those cuts: it reads as such.
    const { strategyCuts: _, ...olderTraining } = withCuts.training;
    expect(parseLearnedModel(JSON.stringify({ ...withCuts, training: olderTraining }), 'm.json').training.strategyCuts).toBe(true);
  });

  it('refuses documents without boundaries to learn from', () => {
    expect(() => trainModel([{ name: 'a', text: 'One. Two. Three.', boundaries: [] }])).toThrow(LearnedModelError);
    expect(() => trainModel([])).toThrow(/no documents/);
  });

  it('gives k-fold held-out figures', () => {
    const cv = crossValidate(training.map((d) => prepareDocument(d)), 3);
    expect(cv?.folds).toBe(3);
    expect(cv?.documents).toBe(6);
    expect(cv?.f1).toBeGreaterThan(0.5);
    expect(crossValidate(training.slice(0, 1).map((d) => prepareDocument(d)))).toBeNull();
  });
});
