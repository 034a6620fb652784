/**
 * The embedding features: cosine drops read from given sentence vectors. Documents whose words say
 * nothing about the topic (every sentence draws from one vocabulary, no layout) but whose sentence
 * vectors do: a model with the embedding features finds the topic changes, one without cannot,
 * and a model that used embeddings refuses to run without the same embedding model.
 */
import { describe, expect, it } from 'vitest';
import { embeddingFeatureRows, EMBEDDING_FEATURE_NAMES, type EmbeddingIdentity } from './embedding-features';
import { featureUnits } from './features';
import { LearnedModelError, modelFeatureNames, parseLearnedModel, predictCuts, prepareDocument, trainPrepared, type DocumentEmbeddings, type TrainingDocument } from './model';
import { scorePredictions } from './scores';
import { seededRandom as random } from '../util/seeded-random';

const WORDS = 'the a report said that people often find many things in this place and then some more'.split(' ');
const DIMS = 8;
const EMBEDDER: EmbeddingIdentity = { name: 'tiny-embed.gguf', bytes: 1234, sha256: 'a'.repeat(64) };

/** A document of topic runs; each sentence's vector is its topic's axis plus noise. */
function makeDocument(seed: number): { doc: TrainingDocument; embeddings: DocumentEmbeddings } {
  const rand = random(seed);
  const sentences: Array<{ text: string; topic: number }> = [];
  let topic = 0;
  for (let run = 0; run < 6; run++) {
    topic = (topic + 1 + Math.floor(rand() * (DIMS - 1))) % DIMS;
    const length = 4 + Math.floor(rand() * 5);
    for (let s = 0; s < length; s++) {
      const body = Array.from({ length: 7 }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
      sentences.push({ text: body.charAt(0).toUpperCase() + body.slice(1) + '. ', topic });
    }
  }
  const text = sentences.map((s) => s.text).join('');
  const boundaries: number[] = [];
  let offset = 0;
  sentences.forEach((s, i) => {
    if (i > 0 && s.topic !== (sentences[i - 1] as { topic: number }).topic) boundaries.push(offset);
    offset += s.text.length;
  });
  const units = featureUnits(text);
  expect(units.length).toBe(sentences.length);
  const unitVectors = sentences.map((s) => Array.from({ length: DIMS }, (_, d) => (d === s.topic ? 1 : 0) + (rand() - 0.5) * 0.3));
  return { doc: { name: `embedded-${seed}.txt`, text, boundaries }, embeddings: { model: EMBEDDER, unitVectors } };
}

describe('embedding cosine drops', () => {
  it('are near 1 where the topic vector changes and near 0 inside a topic, with the depth largest there', () => {
    const axis = (d: number) => Array.from({ length: 4 }, (_, k) => (k === d ? 1 : 0));
    const rows = embeddingFeatureRows([axis(0), axis(0), axis(0), axis(1), axis(1), axis(1)]);
    expect(rows.length).toBe(5);
    expect(rows.every((r) => r.length === EMBEDDING_FEATURE_NAMES.length)).toBe(true);
    expect(rows[2]?.[0]).toBeCloseTo(1);
    expect(rows[0]?.[0]).toBeCloseTo(0);
    expect(rows[2]?.[1]).toBeCloseTo(1);
    const depths = rows.map((r) => r[2] as number);
    expect(depths.indexOf(Math.max(...depths))).toBe(2);
    expect(() => embeddingFeatureRows([[1, 0], [1]])).toThrow(/different lengths/);
  });
});

describe('a model with the embedding features', () => {
  const training = [1, 2, 3, 4, 5, 6].map(makeDocument);
  const test = [101, 102, 103].map(makeDocument);
  const prepared = training.map((t) => prepareDocument(t.doc, t.embeddings));
  const f1Of = (predict: (t: (typeof test)[number]) => number[]) =>
    scorePredictions(test.map((t) => ({ length: t.doc.text.length, gold: t.doc.boundaries, predicted: predict(t) }))).f1;

  it('finds topic changes only the vectors show, records its embedding model, and reads back', () => {
    const model = trainPrepared(prepared, '2026-01-01T00:00:00.000Z');
    expect(model.embedding).toEqual(EMBEDDER);
    expect(model.features.map((f) => f.name)).toEqual(modelFeatureNames(true));
    expect(model.features.find((f) => f.name === 'embedding cosine drop over 1 sentence')?.weight).toBeGreaterThan(0.5);
    const withVectors = f1Of((t) => predictCuts(model, t.doc.text, t.embeddings));
    const lexicalOnly = trainPrepared(prepared, '2026-01-01T00:00:00.000Z', false);
    expect(lexicalOnly.embedding).toBeNull();
    const withoutVectors = f1Of((t) => predictCuts(lexicalOnly, t.doc.text));
    expect(withVectors).toBeGreaterThan(0.8);
    expect(withVectors).toBeGreaterThan(withoutVectors + 0.3);
    expect(parseLearnedModel(JSON.stringify(model), 'm.json')).toEqual(model);
  });

  it('refuses to run without the same embedding model; a model without embeddings ignores given vectors', () => {
    const model = trainPrepared(prepared);
    const { doc, embeddings } = test[0] as (typeof test)[number];
    expect(() => predictCuts(model, doc.text)).toThrow(LearnedModelError);
    expect(() => predictCuts(model, doc.text)).toThrow(/trained with the embeddings of tiny-embed\.gguf .*--embedding-model/);
    const other = { ...embeddings, model: { ...EMBEDDER, name: 'other.gguf', sha256: 'b'.repeat(64) } };
    expect(() => predictCuts(model, doc.text, other)).toThrow(/not of other\.gguf/);
    const lexicalOnly = trainPrepared(prepared, undefined, false);
    expect(predictCuts(lexicalOnly, doc.text, embeddings)).toEqual(predictCuts(lexicalOnly, doc.text));
  });

  it('refuses a mix of embedding models in one training set, and trains without embeddings when some documents have none', () => {
    const mixed = [...prepared.slice(0, 3), ...training.slice(3).map((t) => prepareDocument(t.doc, { ...t.embeddings, model: { ...EMBEDDER, sha256: 'c'.repeat(64) } }))];
    expect(() => trainPrepared(mixed)).toThrow(/embed every document with one model/);
    const partly = [...prepared.slice(0, 3), ...training.slice(3).map((t) => prepareDocument(t.doc))];
    expect(trainPrepared(partly).embedding).toBeNull();
  });
});
