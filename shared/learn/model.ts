/**
 * The learned boundary model: standardised features -> logistic regression -> log-odds per
 * candidate cut point -> dynamic-programming decoding with a segment-length prior. Training takes
 * documents with their (gold or corrected) boundaries; the model is plain JSON a person can read:
 * each feature's name, weight and scaling, the length prior, and the documents it learned from.
 */
import { BAD_INPUT, UserError } from '../errors';
import { z } from 'zod';
import { scorePredictions } from './scores';
import { candidateFeatures, featureNames, type CandidateFeatures } from './features';
import { DEFAULT_TRAINING_OPTIONS, withTrainingDefaults, type TrainingOptions } from './training-options';
import type { EmbeddingIdentity } from './embedding-features';
import { decodeCuts, decoderReach, lengthShapeRows, lengthShapeTable, tableRows, type SegmentRows } from './decode';
import { cohesionRows, cohesionTable } from './cohesion';
import { fitLengthPrior, type LengthPrior } from './length-prior';
import { fitLogistic } from './logistic';
import { buildCueTable, cueValues, cueValuesLeavingOut, LEARNED_CUE_FEATURE, LEARNED_TRANSITION_FEATURE } from './cue-words';

/**
 * Every feature a model weighs: the computed ones (with the embedding ones, if it used embeddings;
 * other strategies' cuts if it was trained with them), then the cue words learned from training.
 */
export function modelFeatureNames(withEmbeddings: boolean, strategyCuts = DEFAULT_TRAINING_OPTIONS.strategyCuts): readonly string[] {
  return [...featureNames(withEmbeddings, strategyCuts), LEARNED_CUE_FEATURE, LEARNED_TRANSITION_FEATURE];
}

/** The features of a model trained without embeddings, with the default training options. */
export const MODEL_FEATURE_NAMES: readonly string[] = modelFeatureNames(false);

export const LEARNED_MODEL_FORMAT = 'segment-workbench/learned-boundaries';
/**
 * The model file version this code reads and writes. Raise it whenever what a model file means
 * changes without its feature list changing (version 2: the decoder's segment cohesion weight).
 */
export const LEARNED_MODEL_VERSION = 2;

/** A gold boundary this close (in code units) to a candidate cut point marks that candidate as a cut. */
const LABEL_SNAP = 3;
const L2 = 1;
/** Decoding settings tried on the training documents; the best (F1 - Pk) is kept. */
const CUT_BIASES = [-1, 0, 1, 2, 3, 4];
const PRIOR_WEIGHTS = [0.25, 1, 4];
/** Weights of the segment cohesion term tried with them (0: the classifier and the length prior alone). */
const COHESION_WEIGHTS = [0, 0.01, 0.03, 0.1, 0.3];

export interface TrainingDocument {
  name: string;
  text: string;
  /** Boundaries (segment starts other than 0), from gold data or a person's corrections. */
  boundaries: readonly number[];
  sha256?: string;
}

/** Sentence embeddings of a document, from an embedding model, for the embedding features. */
export interface DocumentEmbeddings {
  model: EmbeddingIdentity;
  /** One vector per unit of featureUnits(text). */
  unitVectors: readonly (readonly number[])[];
}

const embeddingSchema = z.object({ name: z.string().min(1), bytes: z.number().int().positive(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

const cueTableSchema = z.object({ baseRate: z.number().min(0).max(1), words: z.record(z.string(), z.tuple([z.number().int().nonnegative(), z.number().int().positive()])) });

const modelSchema = z.object({
  format: z.literal(LEARNED_MODEL_FORMAT),
  version: z.literal(LEARNED_MODEL_VERSION),
  features: z.array(z.object({ name: z.string(), weight: z.number(), mean: z.number(), sd: z.number().positive() })).min(1),
  intercept: z.number(),
  cutBias: z.number(),
  /** Weight of the segment cohesion term in decoding (cohesion.ts); 0: not used. */
  cohesionWeight: z.number().nonnegative(),
  /** The embedding model whose cosine drops are among the features; null when it used none. */
  embedding: embeddingSchema.nullable().default(null),
  lengthPrior: z.object({ logMean: z.number(), logSd: z.number().positive(), weight: z.number().nonnegative() }),
  cueWords: cueTableSchema,
  /** The same table for changes of line kind (LayoutIndex.transition), e.g. "code > prose, 1 blank". */
  transitions: cueTableSchema,
  trainedOn: z.array(z.object({ name: z.string(), chars: z.number().int().nonnegative(), boundaries: z.number().int().nonnegative(), sha256: z.string().optional() })),
  training: z.object({
    candidates: z.number().int(),
    cuts: z.number().int(),
    iterations: z.number().int(),
    l2: z.number(),
    /** The training option: whether other strategies' cuts are among the features (files written before it had them). */
    strategyCuts: z.boolean().default(true),
  }),
  trainedAt: z.string(),
});
export type LearnedModel = z.infer<typeof modelSchema>;

/** A model file that cannot be used: one line saying why. */
export class LearnedModelError extends UserError {
  constructor(message: string) {
    super(BAD_INPUT, message);
    this.name = 'LearnedModelError';
  }
}

/** Reads a model from its JSON text; `source` names the file in the message. */
export function parseLearnedModel(json: string, source: string): LearnedModel {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new LearnedModelError(`${source} is not JSON`);
  }
  const made = value as { format?: unknown; version?: unknown } | null;
  if (made?.format === LEARNED_MODEL_FORMAT && made.version !== LEARNED_MODEL_VERSION) {
    throw new LearnedModelError(`${source} is a learned model of format version ${String(made.version)}; this version reads ${LEARNED_MODEL_VERSION}: train it again`);
  }
  const parsed = modelSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LearnedModelError(`${source} is not a learned model (${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'invalid'})`);
  }
  const names = parsed.data.features.map((f) => f.name);
  if (names.join('\n') !== modelFeatureNames(parsed.data.embedding !== null, parsed.data.training.strategyCuts).join('\n')) {
    throw new LearnedModelError(`${source} was trained with other features than this version computes: train it again`);
  }
  return parsed.data;
}

/** A document's candidate features and labels, computed once and reused by every fold and split. */
export interface PreparedDocument {
  name: string;
  sha256?: string;
  length: number;
  gold: readonly number[];
  features: CandidateFeatures;
  labels: Uint8Array;
  /** The embedding model behind the embedding features, when they were computed. */
  embedding: EmbeddingIdentity | null;
}

/** A model that used embeddings cannot run without the same embedding model: says which it needs. */
export function embeddingModelNeeded(model: LearnedModel, given: EmbeddingIdentity | null): LearnedModelError | null {
  const wanted = model.embedding;
  if (wanted === null || given?.sha256 === wanted.sha256) return null;
  const which = `${wanted.name} (${wanted.bytes} bytes, sha256 ${wanted.sha256.slice(0, 12)}…)`;
  return new LearnedModelError(
    given === null
      ? `this learned model was trained with the embeddings of ${which}: give that embedding model (cli: --embedding-model FILE), or train a model without embeddings`
      : `this learned model was trained with the embeddings of ${which}, not of ${given.name} (sha256 ${given.sha256.slice(0, 12)}…): give the same embedding model, or train again with this one`,
  );
}

export function prepareDocument(doc: TrainingDocument, embeddings?: DocumentEmbeddings): PreparedDocument {
  const features = candidateFeatures(doc.text, embeddings?.unitVectors);
  const labels = new Uint8Array(features.offsets.length);
  const { offsets } = features;
  for (const boundary of doc.boundaries) {
    let best = -1;
    for (let i = 0; i < offsets.length; i++) {
      const distance = Math.abs((offsets[i] as number) - boundary);
      if (distance <= LABEL_SNAP && (best < 0 || distance < Math.abs((offsets[best] as number) - boundary))) best = i;
      if ((offsets[i] as number) > boundary + LABEL_SNAP) break;
    }
    if (best >= 0) labels[best] = 1;
  }
  return {
    name: doc.name,
    ...(doc.sha256 ? { sha256: doc.sha256 } : {}),
    length: doc.text.length,
    gold: [...doc.boundaries].sort((a, b) => a - b),
    features,
    labels,
    embedding: embeddings?.model ?? null,
  };
}

interface Scaling {
  mean: number[];
  sd: number[];
}

function scaling(rows: readonly number[][], d: number): Scaling {
  const mean = new Array<number>(d).fill(0);
  const sd = new Array<number>(d).fill(0);
  for (const row of rows) for (let f = 0; f < d; f++) mean[f] = (mean[f] as number) + (row[f] as number) / rows.length;
  for (const row of rows) for (let f = 0; f < d; f++) sd[f] = (sd[f] as number) + ((row[f] as number) - (mean[f] as number)) ** 2 / rows.length;
  // A feature that never varies in training gets sd 1 (and weight ~0): it cannot divide by zero later.
  return { mean, sd: sd.map((v) => (v > 1e-12 ? Math.sqrt(v) : 1)) };
}

/** Per-candidate log-odds of a cut, before the cut bias. */
function logOdds(model: Pick<LearnedModel, 'features' | 'intercept'>, rows: readonly number[][]): number[] {
  return rows.map((row) => model.features.reduce((z, f, k) => z + (f.weight * ((row[k] as number) - f.mean)) / f.sd, model.intercept));
}

/**
 * The rows the model weighs: a model without embeddings drops the embedding columns a document may
 * have, one trained without other strategies' cuts drops those.
 */
function withCues(rows: readonly number[][], cues: readonly number[], transitions: readonly number[], embedded: boolean, strategyCuts: boolean): number[][] {
  const all = featureNames(embedded);
  const kept = new Set(featureNames(embedded, strategyCuts));
  const columns = all.flatMap((name, k) => (kept.has(name) ? [k] : []));
  return rows.map((row, i) => [...columns.map((k) => row[k] as number), cues[i] as number, transitions[i] as number]);
}

/**
 * Row entries (8 bytes each, in two tables) a training keeps over all its documents. A document
 * past it has its rows computed again for each decoding setting: slower, but a few corrected
 * novels in a workspace do not exhaust the memory.
 */
const KEPT_ROW_ENTRIES = 25_000_000;

/** The per-segment terms of a training document: kept once for every decoding setting tried, or streamed. */
interface SegmentTerms {
  cohesion: SegmentRows;
  lengthShape: SegmentRows;
}

/** The terms of each training document under this prior: tables while `keptRowEntries` last, then streamed rows. */
function segmentTerms(docs: readonly PreparedDocument[], prior: LengthPrior, keptRowEntries: number): SegmentTerms[] {
  let budget = keptRowEntries;
  return docs.map((d) => {
    const { offsets, unitTerms, vocabulary } = d.features;
    const reach = decoderReach(d.length, offsets, prior);
    let entries = 0;
    for (let j = 1; j <= offsets.length + 1; j++) entries += j - reach(j);
    budget -= entries;
    if (budget < 0) return { cohesion: cohesionRows(unitTerms, vocabulary, reach), lengthShape: lengthShapeRows(d.length, offsets, prior) };
    return { cohesion: tableRows(cohesionTable(unitTerms, vocabulary, reach)), lengthShape: tableRows(lengthShapeTable(d.length, offsets, prior)) };
  });
}

function decodeWith(doc: PreparedDocument, odds: readonly number[], cutBias: number, prior: LengthPrior, cohesionWeight: number, terms: SegmentTerms): number[] {
  return decodeCuts(doc.length, doc.features.offsets, odds.map((z) => z + cutBias), prior, { weight: cohesionWeight, rows: terms.cohesion }, terms.lengthShape);
}

/** The embedding model every document's features were computed with, or null when some have none. */
function sharedEmbedding(docs: readonly PreparedDocument[]): EmbeddingIdentity | null {
  const first = docs[0]?.embedding ?? null;
  if (first === null || docs.some((d) => d.embedding === null)) return null;
  const other = docs.find((d) => d.embedding?.sha256 !== first.sha256);
  if (other) throw new LearnedModelError(`${other.name} was embedded with ${other.embedding?.name}, the others with ${first.name}: embed every document with one model`);
  return first;
}

/**
 * Trains on prepared documents; throws LearnedModelError when they hold nothing to learn from.
 * With embeddings when every document has them from the same embedding model, and
 * `useEmbeddings` (default true) does not say otherwise; `options`: the declared training
 * options (training-options.ts), each left out at its default.
 */
export function trainPrepared(
  docs: readonly PreparedDocument[],
  trainedAt = new Date().toISOString(),
  useEmbeddings = true,
  keptRowEntries = KEPT_ROW_ENTRIES,
  options?: Partial<TrainingOptions>,
): LearnedModel {
  const { strategyCuts } = withTrainingDefaults(options);
  const embedding = useEmbeddings ? sharedEmbedding(docs) : null;
  const embedded = embedding !== null;
  const cueWords = buildCueTable(docs.map((d) => ({ firstWords: d.features.firstWords, labels: d.labels })));
  const transitions = buildCueTable(docs.map((d) => ({ firstWords: d.features.transitions, labels: d.labels })));
  const rowsByDoc = docs.map((d) =>
    withCues(
      d.features.rows,
      cueValuesLeavingOut(cueWords, { firstWords: d.features.firstWords, labels: d.labels }),
      cueValuesLeavingOut(transitions, { firstWords: d.features.transitions, labels: d.labels }),
      embedded,
      strategyCuts,
    ),
  );
  const rows = rowsByDoc.flat();
  const labels = docs.flatMap((d) => [...d.labels]);
  const cuts = labels.reduce((a, b) => a + b, 0);
  if (docs.length === 0) throw new LearnedModelError('no documents to learn from');
  if (cuts === 0) throw new LearnedModelError('the training documents have no boundaries at sentence or line starts: nothing to learn');
  if (cuts === labels.length) throw new LearnedModelError('every candidate cut point is a boundary in the training documents: nothing to learn');
  const names = modelFeatureNames(embedded, strategyCuts);
  const { mean, sd } = scaling(rows, names.length);
  const standardised = rows.map((row) => row.map((v, f) => (v - (mean[f] as number)) / (sd[f] as number)));
  const fit = fitLogistic(standardised, labels, L2);
  const features = names.map((name, f) => ({ name, weight: fit.weights[f + 1] as number, mean: mean[f] as number, sd: sd[f] as number }));
  const intercept = fit.weights[0] as number;
  const lengths = docs.flatMap((d) => {
    const starts = [0, ...d.gold, d.length];
    return starts.slice(1).map((end, i) => end - (starts[i] as number));
  });
  const basePrior = fitLengthPrior(lengths);
  const odds = rowsByDoc.map((docRows) => logOdds({ features, intercept }, docRows));
  const terms = segmentTerms(docs, basePrior, keptRowEntries);
  let best = { score: -Infinity, cutBias: 0, weight: 1, cohesionWeight: 0 };
  for (const cohesionWeight of COHESION_WEIGHTS) {
    for (const weight of PRIOR_WEIGHTS) {
      for (const cutBias of CUT_BIASES) {
        const prior = { ...basePrior, weight };
        const scores = scorePredictions(docs.map((d, i) => ({ length: d.length, gold: d.gold, predicted: decodeWith(d, odds[i] as number[], cutBias, prior, cohesionWeight, terms[i] as SegmentTerms) })));
        const score = scores.f1 - scores.pk;
        if (score > best.score) best = { score, cutBias, weight, cohesionWeight };
      }
    }
  }
  return {
    format: LEARNED_MODEL_FORMAT,
    version: LEARNED_MODEL_VERSION,
    features,
    intercept,
    cutBias: best.cutBias,
    cohesionWeight: best.cohesionWeight,
    embedding,
    lengthPrior: { ...basePrior, weight: best.weight },
    cueWords,
    transitions,
    trainedOn: docs.map((d) => ({ name: d.name, chars: d.length, boundaries: d.gold.length, ...(d.sha256 ? { sha256: d.sha256 } : {}) })),
    training: { candidates: rows.length, cuts, iterations: fit.iterations, l2: L2, strategyCuts },
    trainedAt,
  };
}

export function trainModel(docs: readonly TrainingDocument[], trainedAt?: string, options?: Partial<TrainingOptions>): LearnedModel {
  return trainPrepared(docs.map((d) => prepareDocument(d)), trainedAt, true, KEPT_ROW_ENTRIES, options);
}

/**
 * The cuts the model makes in a prepared document (features already computed). A model that used
 * embeddings needs the document embedded with the same embedding model (LearnedModelError if not).
 */
export function predictPrepared(
  model: LearnedModel,
  doc: Pick<PreparedDocument, 'length' | 'features' | 'embedding'>,
  /** Given every candidate cut point's offset and the classifier's log-odds there (confidence). */
  scored?: (offsets: readonly number[], logOdds: readonly number[]) => void,
): number[] {
  const refusal = embeddingModelNeeded(model, doc.embedding);
  if (refusal) throw refusal;
  const rows = withCues(
    doc.features.rows,
    cueValues(model.cueWords, doc.features.firstWords),
    cueValues(model.transitions, doc.features.transitions),
    model.embedding !== null,
    model.training.strategyCuts,
  );
  // Streamed, one row at a time: the whole table of a long document would not fit in memory.
  const reach = decoderReach(doc.length, doc.features.offsets, model.lengthPrior);
  const cohesion = model.cohesionWeight === 0 ? undefined : { weight: model.cohesionWeight, rows: cohesionRows(doc.features.unitTerms, doc.features.vocabulary, reach) };
  const odds = logOdds(model, rows);
  scored?.(doc.features.offsets, odds);
  return decodeCuts(doc.length, doc.features.offsets, odds.map((z) => z + model.cutBias), model.lengthPrior, cohesion);
}

/** The cuts the model makes in a text (embedded when the model used embeddings). */
export function predictCuts(model: LearnedModel, text: string, embeddings?: DocumentEmbeddings, scored?: (offsets: readonly number[], logOdds: readonly number[]) => void): number[] {
  const refusal = embeddingModelNeeded(model, embeddings?.model ?? null);
  if (refusal) throw refusal;
  const useful = model.embedding === null ? undefined : embeddings;
  return predictPrepared(model, { length: text.length, features: candidateFeatures(text, useful?.unitVectors), embedding: useful?.model ?? null }, scored);
}

/** The features with the largest weights (by absolute value), for people to read. */
export function topFeatures(model: LearnedModel, count = 8): Array<{ name: string; weight: number }> {
  return [...model.features].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight)).slice(0, count).map(({ name, weight }) => ({ name, weight }));
}
